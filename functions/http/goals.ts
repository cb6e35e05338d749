/**
 * Savings goals, jars and the child's money page (issue 22, decision 054). The parents' routes are
 * spread into the children domain's handler (http/children.ts), the child's own into the child
 * domain's (http/child.ts). Every id is looked up in the caller's family (and, for a child, under
 * the child): another family's or another child's goal is not found (404).
 */
import type { ChildMoneyDto, EarningsHistoryDto, GoalDto } from '../../shared/api-types';
import { FORM_MESSAGES } from '../../shared/messages';
import { formatMoney, type MoneyFormat } from '../../shared/money';
import { goalInputSchema, goalUpdateSchema, jarWithdrawalSchema, SAVINGS_MESSAGES, WITHDRAWABLE_JARS } from '../../shared/savings-schemas';
import type { FamilyClock } from '../../shared/time';
import { familyMoney, getParent, parentName, type FamilyItem } from '../data/family/accounts';
import { childSavings, getChild, type ChildItem } from '../data/family/children';
import { loadEarningsHistory } from '../data/money/earnings-history';
import { familyAndClock } from './family-clock';
import { buyGoal, withdrawFromJar } from '../data/money/goal-money';
import { createGoal, deleteGoal, loadMoneyView, markCelebrated, updateGoal, type GoalInput } from '../data/money/goals';
import { DEFAULT_HISTORY_WEEKS, MAX_HISTORY_WEEKS } from '../domain/earnings-history';
import type { Actor } from '../domain/ledger';
import { goalProgress, type Goal, type MoneyView } from '../domain/savings';
import { earningsHistoryDto } from '../views/earnings-history';
import { childMoneyDto, goalDto } from '../views/savings-dtos';
import { API_ERRORS } from '../../shared/messages';
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from '../lib/errors';
import { childSession, parentSession, validate, type DomainRoutes, type RequestContext } from '../lib/http';

/** `?weeks=`: a whole number of weeks from 1 to 52, 12 when absent (400 otherwise). */
function historyWeeksParam(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_HISTORY_WEEKS;
  const weeks = Number(raw);
  if (!/^\d{1,2}$/.test(raw.trim()) || !Number.isInteger(weeks) || weeks < 1 || weeks > MAX_HISTORY_WEEKS) throw new BadRequest(FORM_MESSAGES.historyWeeks);
  return weeks;
}

/** A celebration asked for before the goal is reached. */
export const GOAL_NOT_REACHED = 'This goal is not reached yet';

interface Scope {
  family: FamilyItem;
  clock: FamilyClock;
  child: ChildItem;
  money: ReturnType<typeof familyMoney>;
}

/** The family (clock, currency, jars) and the parent's child named in the path (404 when not the caller's). */
async function parentScope(ctx: RequestContext): Promise<Scope> {
  const { familyId } = parentSession(ctx);
  const id = ctx.params.id ?? '';
  const [{ family, clock }, child] = await Promise.all([familyAndClock(familyId, ctx.now), id ? getChild(familyId, id, true) : undefined]);
  if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
  return { family, clock, child, money: familyMoney(family) };
}

/** The signed-in child and its family. */
async function childScope(ctx: RequestContext): Promise<Scope> {
  const session = childSession(ctx);
  const [{ family, clock }, child] = await Promise.all([familyAndClock(session.familyId, ctx.now), getChild(session.familyId, session.userId, true)]);
  // A deleted child's cookie stops working.
  if (!child) throw new Unauthorized(API_ERRORS.notSignedIn);
  return { family, clock, child, money: familyMoney(family) };
}

async function parentActor(ctx: RequestContext): Promise<Actor & { role: 'parent' }> {
  const { familyId, userId } = parentSession(ctx);
  const parent = await getParent(familyId, userId);
  return { role: 'parent', id: userId, name: parent ? parentName(parent) : '' };
}

async function view(scope: Scope, now: Date, child: ChildItem = scope.child, consistent = false): Promise<MoneyView> {
  return loadMoneyView(child, scope.clock, scope.money.jars !== null, now, consistent);
}

async function moneyBody(scope: Scope, now: Date, consistent = false): Promise<ChildMoneyDto> {
  return childMoneyDto(scope.child, scope.money, childSavings(scope.child), await view(scope, now, scope.child, consistent));
}

/** GET /api/child/money's answer for a child and family the caller has read already (the child's dashboard call, http/child.ts). */
export async function childMoneyAnswer(child: ChildItem, family: FamilyItem, clock: FamilyClock, now: Date): Promise<ChildMoneyDto> {
  return moneyBody({ family, clock, child, money: familyMoney(family) }, now);
}

/** A goal as the API shows it, with its part of the savings of `child` (as read or written by this request). */
async function goalBody(scope: Scope, goal: Goal, now: Date, child: ChildItem = scope.child): Promise<GoalDto> {
  if (goal.bought) return goalDto(goal, goalProgress(goal, 0), null, scope.money.currency);
  const shown = (await view(scope, now, child, true)).goals.find((g) => g.goal.goalId === goal.goalId);
  if (!shown) return goalDto(goal, goalProgress(goal, 0), null, scope.money.currency);
  return goalDto(shown.goal, shown.progress, shown.weeksToGo, scope.money.currency);
}

async function addGoal(scope: Scope, input: GoalInput, by: Actor & { role: 'parent' | 'child' }, now: Date): Promise<GoalDto> {
  const created = await createGoal(scope.child.familyId, scope.child.childId, input, by, now, scope.money.jars !== null, { read: scope.child });
  if (created === 'missing') throw new NotFound(FORM_MESSAGES.childNotFound);
  if (created === 'jars-switched') throw new Conflict(SAVINGS_MESSAGES.jarsSwitchedMeanwhile);
  if (created === 'too-many') throw new Conflict(SAVINGS_MESSAGES.tooManyGoals);
  if (created === 'changed') throw new Conflict(API_ERRORS.earningsChanged);
  return goalBody(scope, created.goal, now, created.child);
}

const goalInput = (ctx: RequestContext, money: MoneyFormat): GoalInput => {
  const input = validate(goalInputSchema(money), ctx.body);
  return { name: input.name, targetCents: input.target, icon: input.icon, topUpPercent: input.topUpPercent ?? 0 };
};

async function history(scope: Scope, count: number): Promise<EarningsHistoryDto> {
  return earningsHistoryDto(scope.child.childId, await loadEarningsHistory(scope.child, scope.clock, count), scope.money.currency);
}

type ParentGoalRoutes = Pick<
  DomainRoutes<'children'>,
  | 'GET /api/children/{id}/money'
  | 'POST /api/children/{id}/goals'
  | 'PUT /api/children/{id}/goals/{goalId}'
  | 'DELETE /api/children/{id}/goals/{goalId}'
  | 'POST /api/children/{id}/goals/{goalId}/bought'
  | 'POST /api/children/{id}/jars/{jar}/withdrawal'
>;

export const parentGoalRoutes: ParentGoalRoutes = {
  'GET /api/children/{id}/money': async (ctx) => {
    const scope = await parentScope(ctx);
    return { body: await moneyBody(scope, ctx.now) };
  },

  'POST /api/children/{id}/goals': async (ctx) => {
    const [scope, by] = await Promise.all([parentScope(ctx), parentActor(ctx)]);
    const input = goalInput(ctx, scope.money);
    return { status: 201, body: await addGoal(scope, input, by, ctx.now) };
  },

  'PUT /api/children/{id}/goals/{goalId}': async (ctx) => {
    const scope = await parentScope(ctx);
    const input = validate(goalUpdateSchema(scope.money), ctx.body);
    const goal = await updateGoal(scope.child.familyId, scope.child.childId, ctx.params.goalId ?? '', {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.target !== undefined ? { targetCents: input.target } : {}),
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
      ...(input.topUpPercent !== undefined ? { topUpPercent: input.topUpPercent } : {}),
    });
    if (goal === 'missing') throw new NotFound(SAVINGS_MESSAGES.goalNotFound);
    if (goal === 'bought') throw new Conflict(SAVINGS_MESSAGES.goalBought);
    return { body: await goalBody(scope, goal, ctx.now) };
  },

  'DELETE /api/children/{id}/goals/{goalId}': async (ctx) => {
    const scope = await parentScope(ctx);
    const goalId = ctx.params.goalId ?? '';
    const outcome = await deleteGoal(scope.child.familyId, scope.child.childId, goalId);
    if (outcome === 'missing') throw new NotFound(SAVINGS_MESSAGES.goalNotFound);
    if (outcome === 'bought') throw new Conflict(SAVINGS_MESSAGES.goalBought);
    if (outcome === 'changed') throw new Conflict(API_ERRORS.earningsChanged);
    return { body: { id: goalId, deleted: true } };
  },

  'POST /api/children/{id}/goals/{goalId}/bought': async (ctx) => {
    const [scope, by] = await Promise.all([parentScope(ctx), parentActor(ctx)]);
    const outcome = await buyGoal(scope.child.familyId, scope.child.childId, ctx.params.goalId ?? '', scope.money.jars !== null, by, scope.clock, ctx.now, scope.child);
    if (outcome.status === 'missing') throw new NotFound(SAVINGS_MESSAGES.goalNotFound);
    if (outcome.status === 'bought') throw new Conflict(SAVINGS_MESSAGES.goalBought);
    if (outcome.status === 'changed') throw new Conflict(API_ERRORS.earningsChanged);
    return { body: goalDto(outcome.goal, goalProgress(outcome.goal, 0), null, scope.money.currency) };
  },

  'POST /api/children/{id}/jars/{jar}/withdrawal': async (ctx) => {
    const jar = ctx.params.jar ?? '';
    if (!(WITHDRAWABLE_JARS as readonly string[]).includes(jar)) throw new BadRequest(SAVINGS_MESSAGES.jarInvalid);
    const [scope, by] = await Promise.all([parentScope(ctx), parentActor(ctx)]);
    const input = validate(jarWithdrawalSchema(scope.money), ctx.body);
    if (!scope.money.jars) throw new Conflict(SAVINGS_MESSAGES.jarsOff);
    const outcome = await withdrawFromJar(scope.child.familyId, scope.child.childId, { jar: jar as 'spend' | 'give', cents: input.amount, ...(input.note ? { note: input.note } : {}) }, by, scope.clock, ctx.now, scope.child);
    if (outcome.status === 'missing') throw new NotFound(FORM_MESSAGES.childNotFound);
    if (outcome.status === 'changed') throw new Conflict(API_ERRORS.earningsChanged);
    if (outcome.status === 'too-low') throw new Conflict(SAVINGS_MESSAGES.jarTooLow(jar, formatMoney(outcome.balanceCents, scope.money)));
    return { status: 201, body: await moneyBody({ ...scope, child: outcome.child }, ctx.now, true) };
  },
};

type ChildGoalRoutes = Pick<
  DomainRoutes<'child'>,
  'GET /api/child/money' | 'POST /api/child/goals' | 'DELETE /api/child/goals/{goalId}' | 'POST /api/child/goals/{goalId}/celebrated' | 'GET /api/child/earnings-history'
>;

export const childGoalRoutes: ChildGoalRoutes = {
  'GET /api/child/money': async (ctx) => {
    const scope = await childScope(ctx);
    return { body: await moneyBody(scope, ctx.now) };
  },

  'POST /api/child/goals': async (ctx) => {
    const scope = await childScope(ctx);
    const input = goalInput(ctx, scope.money);
    // A top-up is the family's money: only a parent gives one.
    if (input.topUpPercent > 0) throw new Forbidden(SAVINGS_MESSAGES.topUpParentsOnly);
    const by = { role: 'child' as const, id: scope.child.childId, name: scope.child.displayName };
    return { status: 201, body: await addGoal(scope, input, by, ctx.now) };
  },

  'DELETE /api/child/goals/{goalId}': async (ctx) => {
    const { familyId, userId } = childSession(ctx);
    const goalId = ctx.params.goalId ?? '';
    const outcome = await deleteGoal(familyId, userId, goalId, { createdByChild: true });
    if (outcome === 'missing') throw new NotFound(SAVINGS_MESSAGES.goalNotFound);
    if (outcome === 'bought') throw new Conflict(SAVINGS_MESSAGES.goalBought);
    if (outcome === 'parents') throw new Forbidden(GOAL_SET_BY_PARENT);
    if (outcome === 'changed') throw new Conflict(API_ERRORS.earningsChanged);
    return { body: { id: goalId, deleted: true } };
  },

  'POST /api/child/goals/{goalId}/celebrated': async (ctx) => {
    const scope = await childScope(ctx);
    const goal = await markCelebrated(scope.child.familyId, scope.child.childId, ctx.params.goalId ?? '', ctx.now);
    if (goal === 'missing') throw new NotFound(SAVINGS_MESSAGES.goalNotFound);
    if (goal === 'not-reached') throw new Conflict(GOAL_NOT_REACHED);
    return { body: await goalBody(scope, goal, ctx.now) };
  },

  'GET /api/child/earnings-history': async (ctx) => {
    const count = historyWeeksParam(ctx.query.weeks);
    return { body: await history(await childScope(ctx), count) };
  },
};

/** A child removing a goal a parent set for them. */
export const GOAL_SET_BY_PARENT = 'A goal a parent set can only be removed by a parent';

/** The parent's earnings history route's body (GET /api/children/{id}/earnings-history). */
export async function parentEarningsHistory(ctx: RequestContext): Promise<EarningsHistoryDto> {
  const count = historyWeeksParam(ctx.query.weeks);
  return history(await parentScope(ctx), count);
}
