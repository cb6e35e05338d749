/** GET /api/reports/weekly: a printable HTML page opened in a new browser tab. */
import { addDays, startOfLocalDay } from '../../shared/time';
import { familyMoney, getParent } from '../data/family/accounts';
import { listContinuous, listFamilyWeekEarnings, listWeekAssignments } from '../data/planning/assignments';
import { getChild, listChildren, listPayouts } from '../data/family/children';
import { FORM_MESSAGES } from '../../shared/messages';
import { NotFound } from '../lib/errors';
import { activityPage } from './activity-page';
import { familyAndClock } from './family-clock';
import { historyWeeks } from '../domain/earnings-history';
import { listWaiting } from '../data/ticks/approvals';
import { listLedger } from '../data/money/ledger';
import { renderReport, REPORT_HISTORY_WEEKS } from '../views/weekly-report';
import { createDomainHandler, parentSession } from '../lib/http';
import { weekStartParam } from '../lib/week-param';

export const handler = createDomainHandler('reports', {
  'GET /api/family/activity': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const childId = ctx.query.child;
    // Every id in a request is the caller's family's: a child of another family is not found.
    if (childId !== undefined && !(await getChild(familyId, childId))) throw new NotFound(FORM_MESSAGES.childNotFound);
    return { body: await activityPage(familyId, ctx.query.cursor, childId) };
  },

  'GET /api/reports/weekly': async (ctx) => {
    const session = parentSession(ctx);
    const { familyId } = session;
    const { clock, family } = await familyAndClock(familyId, ctx.now);
    const weekStart = ctx.query.weekStart ? weekStartParam(ctx.query.weekStart, clock.timeZone) : clock.weekStart;
    const from = startOfLocalDay(weekStart, clock.timeZone).toISOString();
    const to = startOfLocalDay(addDays(weekStart, 7), clock.timeZone).toISOString();
    const [firstWeek] = historyWeeks(weekStart, REPORT_HISTORY_WEEKS);
    const [parent, children, dated, continuous, payouts, weekEarnings, ledger, waiting] = await Promise.all([
      getParent(familyId, session.userId),
      listChildren(familyId),
      listWeekAssignments(familyId, weekStart),
      listContinuous(familyId),
      listPayouts(familyId, from, to),
      listFamilyWeekEarnings(familyId, firstWeek!, weekStart),
      listLedger(familyId, from, to),
      listWaiting(familyId),
    ]);
    const html = renderReport({
      familyName: parent?.lastName ? `The ${parent.lastName} family` : 'Your family',
      weekStart,
      today: clock.today,
      children,
      dated,
      continuous,
      payouts: payouts.filter((p) => p.paidAt < to),
      weekEarnings,
      ledger: ledger.filter((e) => e.at < to),
      waiting,
      generatedAt: `${ctx.now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      money: familyMoney(family),
      timeZone: clock.timeZone,
      familyPause: family.pause ?? null,
    });
    return { html };
  },
});
