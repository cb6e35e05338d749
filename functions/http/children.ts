/** Children: profiles, chore settings, credentials, earnings reset, calendar (spec sections 3–5, 7). */
import type { CalendarDto, LedgerEntryDto } from '../../shared/api-types';
import { FORM_MESSAGES, LEDGER_MESSAGES } from '../../shared/messages';
import { formatMinor, formatMoney, type MoneyFormat } from '../../shared/money';
import { adjustmentSchemaFor, availabilitySchema, childInputSchema, choreSettingsSchema, credentialsSchema, payoutSchemaFor, reversalSchema } from '../../shared/schemas';
import { setChildAvailability } from '../data/family/household-settings';
import { listChores } from '../data/planning/chores';
import { listContinuous, listWeekAssignments, listWeekEarnings, listYearMonthEarnings } from '../data/planning/assignments';
import {
  createChild,
  deleteChild,
  getChild,
  resetEarnings,
  setChildCredentials,
  updateChild,
  updateChoreSettings,
  type ChildItem,
} from '../data/family/children';
import { familyMoney, getParent, parentName } from '../data/family/accounts';
import { addAdjustment, findEntry, reverseEntry, type AdjustOutcome } from '../data/money/ledger';
import type { Actor } from '../domain/ledger';
import { loadFamilyWeek } from '../data/planning/family-week';
import { familyAndClock } from './family-clock';
import { plannedWeekOfChild } from '../data/planning/planned-week';
import { parentEarningsHistory, parentGoalRoutes } from './goals';
import { childPinRoutes } from './child-pins';
import { continuousDto, datedDto, isVisibleContinuous, isVisibleDated, weekAwayDays } from '../views/assignment-dtos';
import { childrenDtos, profileDto } from '../views/family-dtos';
import { ledgerEntryDto } from '../views/ledger-dtos';
import { jarsDto } from '../views/savings-dtos';
import { BadRequest, Conflict, HttpError, NotFound } from '../lib/errors';
import { createDomainHandler, parentSession, validate, type RequestContext } from '../lib/http';
import { weekStartParam } from '../lib/week-param';
import { hashPassword } from '../lib/passwords';
import { CREDENTIALS_LIMIT } from '../data/family/throttles';
import { limitByAddress } from './limits';
import { clientAddress } from '../lib/edge-headers';
import { API_ERRORS } from '../../shared/messages';

/** The caller's child with this id, or 404: ids of other families are indistinguishable from unknown ones. */
async function ownChild(ctx: RequestContext, consistent = false): Promise<ChildItem> {
  const { familyId } = parentSession(ctx);
  const id = ctx.params.id ?? '';
  const child = id ? await getChild(familyId, id, consistent) : undefined;
  if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
  return child;
}

/** A read started alongside others whose failure (a 404) is to surface only after the body is validated. */
const settled = <T>(p: Promise<T>): Promise<() => T> =>
  p.then(
    (v) => () => v,
    (err: unknown) => () => {
      throw err;
    },
  );

/** A bonus's, deduction's or reversal's answer: the entry as the API shows it, or why it was refused (409, amounts in the family's format). */
function ledgerAnswer(outcome: AdjustOutcome, child: ChildItem, format: MoneyFormat): LedgerEntryDto {
  if (outcome.status === 'missing') throw new NotFound(FORM_MESSAGES.childNotFound);
  if (outcome.status === 'changed') throw new Conflict(API_ERRORS.earningsChanged);
  if (outcome.status === 'refused') {
    const money = (cents: number) => formatMoney(Math.max(0, cents), format);
    const owed = money(child.unpaidCents ?? 0);
    throw new Conflict(
      outcome.reason === 'owed'
        ? LEDGER_MESSAGES.takeOwed(child.displayName, owed)
        : outcome.reason === 'week'
          ? LEDGER_MESSAGES.takeWeek(child.displayName, money(outcome.limits.weekCents))
          : LEDGER_MESSAGES.takeMonth(child.displayName, money(outcome.limits.monthCents)),
    );
  }
  return ledgerEntryDto(outcome.entry, format.currency);
}

export const handler = createDomainHandler('children', {
  'GET /api/children': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { clock, family } = await familyAndClock(familyId, ctx.now);
    return { body: childrenDtos(await loadFamilyWeek(familyId, clock, family)) };
  },

  'POST /api/children': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const input = validate(childInputSchema, ctx.body);
    const child = await createChild(familyId, input, ctx.now);
    return { status: 201, body: profileDto(child) };
  },

  'PUT /api/children/{id}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const input = validate(childInputSchema, ctx.body);
    const child = await updateChild(familyId, ctx.params.id ?? '', input);
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    return { body: profileDto(child) };
  },

  'DELETE /api/children/{id}': async (ctx) => {
    const child = await ownChild(ctx);
    await deleteChild(child);
    return { body: { id: child.childId, deleted: true } };
  },

  'POST /api/children/{id}/reset-earnings': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    const [{ clock, family }, parent] = await Promise.all([familyAndClock(familyId, ctx.now), getParent(familyId, userId)]);
    const money = familyMoney(family);
    const { currency } = money;
    const payment = validate(payoutSchemaFor(money), ctx.body);
    const by = { parentId: userId, name: parent ? parentName(parent) : '' };
    // The payout is conditional on what these reads saw; a tick or untick in between means: read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const child = await ownChild(ctx, true);
      const [weeks, months] = await Promise.all([listWeekEarnings(familyId, clock.weekStart, true), listYearMonthEarnings(familyId, clock.year, true)]);
      const mine = months.filter((m) => m.childId === child.childId);
      const week = weeks.find((w) => w.childId === child.childId);
      const result = await resetEarnings(
        child,
        by,
        new Date(),
        { week: clock.weekStart, month: clock.month, year: clock.year },
        {
          weekCents: week?.cents ?? 0,
          weekCount: week?.count ?? 0,
          monthCents: mine.find((m) => m.period === clock.month)?.cents ?? 0,
          yearCents: mine.reduce((s, m) => s + m.cents, 0),
        },
        { amountCents: payment.amount, method: payment.method, note: payment.note },
        // Issue 22: the family's jars split the payout (the family item is read anyway, for the clock).
        familyMoney(family).jars,
      );
      if (result === 'too-much') throw new Conflict(LEDGER_MESSAGES.payoutTooMuch);
      if (result !== 'changed') {
        return {
          body: {
            id: child.childId,
            payout: {
              amount: formatMinor(result.amountCents, currency),
              paidAt: result.paidAt,
              ...(by.name ? { paidBy: by.name } : {}),
              part: !result.closesRound,
              ...(payment.method ? { method: payment.method } : {}),
              ...(payment.note ? { note: payment.note } : {}),
              ...(result.jars ? { jars: jarsDto(result.jars, currency) } : {}),
            },
            owed: formatMinor((child.unpaidCents ?? 0) - result.amountCents, currency),
          },
        };
      }
    }
    throw new HttpError(409, API_ERRORS.earningsChanged);
  },

  'POST /api/children/{id}/adjustments': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    // The amount is read in the family's currency: the family item (read anyway for the clock) comes
    // first, so a bad body is a 400 before an unknown child's 404, as before currencies.
    const [{ clock, family }, parent, child] = await Promise.all([familyAndClock(familyId, ctx.now), getParent(familyId, userId), settled(ownChild(ctx))]);
    const money = familyMoney(family);
    const input = validate(adjustmentSchemaFor(money), ctx.body);
    const by: Actor = { role: 'parent', id: userId, name: parent ? parentName(parent) : '' };
    const outcome = await addAdjustment(familyId, child().childId, clock, ctx.now, { kind: input.kind, cents: input.amount, reason: input.reason, by });
    return { status: 201, body: ledgerAnswer(outcome, child(), money) };
  },

  'POST /api/children/{id}/adjustments/{entryId}/reversal': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    const input = validate(reversalSchema, ctx.body);
    const [{ clock, family }, parent, child] = await Promise.all([familyAndClock(familyId, ctx.now), getParent(familyId, userId), ownChild(ctx)]);
    const original = await findEntry(familyId, child.childId, ctx.params.entryId ?? '');
    if (!original) throw new NotFound(LEDGER_MESSAGES.entryNotFound);
    const by: Actor = { role: 'parent', id: userId, name: parent ? parentName(parent) : '' };
    const outcome = await reverseEntry(familyId, original, clock, ctx.now, by, input.reason || `Reverses: ${original.reason}`);
    if (outcome.status === 'already-reversed') throw new Conflict(LEDGER_MESSAGES.alreadyReversed);
    if (outcome.status === 'not-reversible') throw new BadRequest(LEDGER_MESSAGES.notReversible);
    return { status: 201, body: ledgerAnswer(outcome, child, familyMoney(family)) };
  },

  'PUT /api/children/{id}/chore-settings': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const input = validate(choreSettingsSchema, ctx.body);
    const child = await updateChoreSettings(familyId, ctx.params.id ?? '', input);
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    return { body: profileDto(child) };
  },

  // Issue 21: the child's availability calendar (away cycles, away days, pause), replaced whole.
  'PUT /api/children/{id}/availability': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const availability = validate(availabilitySchema, ctx.body);
    const child = await setChildAvailability(familyId, ctx.params.id ?? '', availability);
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    return { body: profileDto(child) };
  },

  'POST /api/children/{id}/credentials': async (ctx) => {
    const input = validate(credentialsSchema, ctx.body);
    const child = await ownChild(ctx);
    // A 409 tells whether a username is taken anywhere: limited per client address, like sign-up.
    await limitByAddress(CREDENTIALS_LIMIT, clientAddress(ctx.event).key);
    const outcome = await setChildCredentials(child, input.username, await hashPassword(input.password));
    if (outcome === 'username-taken') throw new Conflict(API_ERRORS.usernameTaken);
    if (outcome === 'missing') throw new NotFound(FORM_MESSAGES.childNotFound);
    return { body: { id: child.childId, username: input.username } };
  },

  'GET /api/children/{id}/calendar': async (ctx) => {
    const child = await ownChild(ctx);
    const { familyId } = parentSession(ctx);
    const { clock, family } = await familyAndClock(familyId, ctx.now);
    const weekStart = ctx.query.weekStart ? weekStartParam(ctx.query.weekStart, clock.timeZone) : clock.weekStart;
    // Issue 29: `plan=1` asks for a week after this one, not handed out yet, as its Sunday job will
    // write it if nothing changes (the print calendar's "Next week"); without it, what is stored.
    const planned = ctx.query.plan === '1' && weekStart > clock.weekStart;
    const [chores, week, storedContinuous] = await Promise.all([
      listChores(familyId),
      planned ? plannedWeekOfChild(familyId, child.childId, weekStart, family.pause ?? null, ctx.now) : listWeekAssignments(familyId, weekStart, child.childId).then((dated) => ({ dated, continuous: [] })),
      listContinuous(familyId, child.childId),
    ]);
    const dated = week.dated;
    const continuous = [...storedContinuous, ...week.continuous.filter((c) => !storedContinuous.some((s) => s.choreId === c.choreId))];
    const byId = new Map(chores.map((c) => [c.choreId, c]));
    const body: CalendarDto = {
      child: { id: child.childId, displayName: child.displayName, ...(child.profileImageUrl ? { profileImageUrl: child.profileImageUrl } : {}) },
      weekStart,
      ...(planned ? { planned: true } : {}),
      assignments: [
        ...dated.filter((a) => isVisibleDated(a, byId)).map((a) => datedDto(a, byId, child, familyMoney(family), clock.today, clock.timeZone)),
        ...continuous.filter((c) => isVisibleContinuous(c, byId)).map((c) => continuousDto(c, byId, { ...clock, weekStart, familyPause: family.pause }, child, familyMoney(family))),
      ],
      awayDays: weekAwayDays(child.availability, family.pause, weekStart),
    };
    return { body };
  },

  // Issue 12, extended by issue 22 (paid, saved, gave): the same body as the child's own route.
  'GET /api/children/{id}/earnings-history': async (ctx) => ({ body: await parentEarningsHistory(ctx) }),

  // Issue 22: savings goals, jars and the child's money (http/goals.ts).
  ...parentGoalRoutes,
  // Issue 32: the child's family-board PIN (http/child-pins.ts).
  ...childPinRoutes,
});
