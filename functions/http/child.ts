/** The signed-in child's own view: its assignments, continuous chores, and ticking them. */
import type { ChildAssignmentsDto, ChildContinuousDto, ChildScreenDto } from '../../shared/api-types';
import type { FamilyClock, IsoDate } from '../../shared/time';
import { API_ERRORS } from '../../shared/messages';
import { SCREEN_HEADER, WHOLE_SCREEN } from '../../shared/start-data';
import { childCompleteSchema } from '../../shared/schemas';
import { listContinuous, listWeekAssignments, listWeekEarnings, listYearMonthEarnings, type ContinuousItem } from '../data/planning/assignments';
import { getChild, type ChildItem } from '../data/family/children';
import { listChores } from '../data/planning/chores';
import { completeAssignment } from '../data/ticks/completion';
import { completionAnswer } from './completion-answers';
import { familyAndClock } from './family-clock';
import { familyMoney, type FamilyItem } from '../data/family/accounts';
import { choreDayDto, continuousDto, datedDto, isVisibleContinuous, isVisibleDated, weekAwayDays, type ChoreMap } from '../views/assignment-dtos';
import { childUserDto } from '../views/user-dtos';
import { childFigures, clockDto, earningsDto, streakDto } from '../views/family-dtos';
import { Unauthorized } from '../lib/errors';
import { childSession, createDomainHandler, validate, type RequestContext } from '../lib/http';
import { weekStartParam } from '../lib/week-param';
import { activityPage } from './activity-page';
import { childGoalRoutes, childMoneyAnswer } from './goals';

async function me(ctx: RequestContext): Promise<ChildItem> {
  const session = childSession(ctx);
  const child = await getChild(session.familyId, session.userId);
  // A deleted child's cookie stops working.
  if (!child) throw new Unauthorized(API_ERRORS.notSignedIn);
  return child;
}

/** The ongoing chores the child sees (GET /api/child/continuous-assignments). */
function ongoingDto(child: ChildItem, clock: FamilyClock, family: FamilyItem, byId: ChoreMap, continuous: ContinuousItem[]): ChildContinuousDto {
  return {
    ...clockDto(clock),
    assignments: continuous.filter((c) => isVisibleContinuous(c, byId)).map((c) => continuousDto(c, byId, { ...clock, familyPause: family.pause }, child, familyMoney(family))),
  };
}

/**
 * The child's week as shown (GET /api/child/assignments: the shown week's chores and ongoing ones,
 * this week's figures) and the ongoing chores on their own, from one set of reads.
 */
async function childWeek(child: ChildItem, clock: FamilyClock, family: FamilyItem, shownWeekStart: IsoDate): Promise<{ week: ChildAssignmentsDto; continuous: ChildContinuousDto }> {
  const familyId = child.familyId;
  const [chores, shown, current, continuous, weekEarnings, yearMonths] = await Promise.all([
    listChores(familyId),
    listWeekAssignments(familyId, shownWeekStart, child.childId),
    shownWeekStart === clock.weekStart ? Promise.resolve(null) : listWeekAssignments(familyId, clock.weekStart, child.childId),
    listContinuous(familyId, child.childId),
    listWeekEarnings(familyId, clock.weekStart),
    listYearMonthEarnings(familyId, clock.year),
  ]);
  const byId = new Map(chores.map((c) => [c.choreId, c]));
  const money = familyMoney(family);
  const thisWeek = { clock, children: [child], chores, week: current ?? shown, continuous, weekEarnings, yearMonths, money, familyPause: family.pause ?? null };
  const figures = childFigures(child, thisWeek, byId);
  const week: ChildAssignmentsDto = {
    ...clockDto(clock),
    child: { id: child.childId, displayName: child.displayName },
    shownWeekStart,
    assignments: [
      ...shown.filter((a) => isVisibleDated(a, byId)).map((a) => datedDto(a, byId, child, money, clock.today, clock.timeZone)),
      ...continuous.filter((c) => isVisibleContinuous(c, byId)).map((c) => continuousDto(c, byId, { ...clock, weekStart: shownWeekStart, familyPause: family.pause }, child, money)),
    ],
    earnings: earningsDto(figures, money),
    completedCount: figures.completedCount,
    totalCount: figures.totalCount,
    awayDays: weekAwayDays(child.availability, family.pause, shownWeekStart),
    streak: streakDto(child, thisWeek, byId),
  };
  return { week, continuous: ongoingDto(child, clock, family, byId, continuous) };
}

export const handler = createDomainHandler('child', {
  'GET /api/child/assignments': async (ctx) => {
    const { familyId } = childSession(ctx);
    const [child, { clock, family }] = await Promise.all([me(ctx), familyAndClock(familyId, ctx.now)]);
    const shownWeekStart = ctx.query.weekStart ? weekStartParam(ctx.query.weekStart, clock.timeZone) : clock.weekStart;
    // The dashboard's first call (this week, asking for the whole screen): its goal card's savings and
    // its money news come too. A refetch after a tick, or another week, is the week alone.
    const dashboard = !ctx.query.weekStart && ctx.event.headers?.[SCREEN_HEADER.toLowerCase()] === WHOLE_SCREEN;
    const [{ week, continuous }, money, activity] = await Promise.all([
      childWeek(child, clock, family, shownWeekStart),
      dashboard ? childMoneyAnswer(child, family, clock, ctx.now) : undefined,
      dashboard ? activityPage(familyId, undefined, child.childId, family) : undefined,
    ]);
    // Issue 31: the whole dashboard in this one call, from the reads its parts share: the week, who
    // is signed in, the ongoing chores, and on the dashboard's first call the savings (as GET
    // /api/child/money) and the first page of the child's log (as GET /api/child/activity).
    const body: ChildScreenDto = { ...week, user: childUserDto(child, family), continuous, ...(money && activity ? { money, activity } : {}) };
    return { body };
  },

  'GET /api/child/continuous-assignments': async (ctx) => {
    const { familyId } = childSession(ctx);
    const [child, { clock, family }] = await Promise.all([me(ctx), familyAndClock(familyId, ctx.now)]);
    const [chores, continuous] = await Promise.all([listChores(familyId), listContinuous(familyId, child.childId)]);
    return { body: ongoingDto(child, clock, family, new Map(chores.map((c) => [c.choreId, c])), continuous) };
  },

  'GET /api/child/activity': async (ctx) => {
    const child = await me(ctx);
    return { body: await activityPage(child.familyId, ctx.query.cursor, child.childId) };
  },

  'POST /api/child/complete-assignment': async (ctx) => {
    const { familyId } = childSession(ctx);
    const { assignmentId, completed } = validate(childCompleteSchema, ctx.body);
    const child = await me(ctx);
    return { body: choreDayDto(completionAnswer(await completeAssignment(familyId, assignmentId, completed, ctx.now, { role: 'child', id: child.childId, name: child.displayName }, child.childId))) };
  },

  // Issue 22: the child's own money page, goals and week-by-week history (http/goals.ts).
  ...childGoalRoutes,
});
