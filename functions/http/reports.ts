/** GET /api/reports/weekly: a printable HTML page opened in a new browser tab. */
import { FORM_MESSAGES } from '../../shared/messages';
import { sundaySchema } from '../../shared/schemas';
import { addDays, startOfLocalDay } from '../../shared/time';
import { getParent } from '../data/accounts';
import { listContinuous, listWeekAssignments } from '../data/assignments';
import { listChildren, listPayouts } from '../data/children';
import { familyAndClock } from '../data/family-week';
import { renderReport } from '../domain/weekly-report';
import { BadRequest } from '../lib/errors';
import { createDomainHandler, parentSession } from '../lib/http';

export const handler = createDomainHandler('reports', {
  'GET /api/reports/weekly': async (ctx) => {
    const session = parentSession(ctx);
    const { familyId } = session;
    const { clock } = await familyAndClock(familyId, ctx.now);
    let weekStart = clock.weekStart;
    if (ctx.query.weekStart) {
      const parsed = sundaySchema.safeParse(ctx.query.weekStart.slice(0, 10));
      if (!parsed.success) throw new BadRequest(FORM_MESSAGES.weekStartSunday);
      weekStart = parsed.data;
    }
    const from = startOfLocalDay(weekStart, clock.timeZone).toISOString();
    const to = startOfLocalDay(addDays(weekStart, 7), clock.timeZone).toISOString();
    const [parent, children, dated, continuous, payouts] = await Promise.all([
      getParent(familyId, session.userId),
      listChildren(familyId),
      listWeekAssignments(familyId, weekStart),
      listContinuous(familyId),
      listPayouts(familyId, from, to),
    ]);
    const html = renderReport({
      familyName: parent?.lastName ? `The ${parent.lastName} family` : 'Your family',
      weekStart,
      today: clock.today,
      children,
      dated,
      continuous,
      payouts: payouts.filter((p) => p.paidAt < to),
      generatedAt: `${ctx.now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
    return { html };
  },
});
