/** Assignments: manual and scheduled creation, completion by the parent, weekly distribution, continuous ones. */
import { API_ERRORS, FORM_MESSAGES } from '../../shared/messages';
import type { ApprovalsDto, ApproveAllDto } from '../../shared/api-types';
import { formatMinor } from '../../shared/money';
import { approveSchema, assignmentInputSchema, completeSchema, continuousInputSchema, generateInputSchema, planPreviewInputSchema, sendBackSchema } from '../../shared/schemas';
import { addDays } from '../../shared/time';
import {
  deleteContinuous,
  deletePendingDated,
  datedSuffix,
  getContinuous,
  getDated,
  keepAsManual,
  listWeekAssignments,
  newContinuousItem,
  newDatedItem,
  putDatedIfAbsent,
  upsertContinuous,
} from '../data/planning/assignments';
import { listWaiting } from '../data/ticks/approvals';
import { getChild, listChildren } from '../data/family/children';
import { familyMoney, getFamily, getParent, parentName } from '../data/family/accounts';
import { getChore } from '../data/planning/chores';
import { approveAll, approveAssignment, completeAssignment, sendBackAssignment } from '../data/ticks/completion';
import { completionAnswer } from './completion-answers';
import { FAMILY_NOT_FOUND, familyAndClock } from './family-clock';
import { defaultSeed, previewWeek, regenerateWeek } from '../data/planning/generate';
import { planPreviewDto } from '../views/plan-preview';
import { withGenerationClaim } from '../data/planning/generation-claim';
import type { Actor } from '../domain/ledger';
import { choreDayDto, continuousDto, datedDto } from '../views/assignment-dtos';
import { approvalsDto } from '../views/family-dtos';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import { createDomainHandler, parentSession, validate, type RequestContext } from '../lib/http';
import { needsTimeZone, weekStartParam, withAssignmentDates } from '../lib/week-param';

export const PREVIEW_MESSAGES = {
  week: 'A plan can be previewed for this week or next week only.',
} as const;

/** The signed-in parent, as the activity log names them. */
async function parentActor(ctx: RequestContext): Promise<Actor> {
  const { familyId, userId } = parentSession(ctx);
  const parent = await getParent(familyId, userId);
  return { role: 'parent', id: userId, name: parent ? parentName(parent) : '' };
}

async function childAndChore(ctx: RequestContext, childId: string, choreId: string) {
  const { familyId } = parentSession(ctx);
  const [child, chore] = await Promise.all([getChild(familyId, childId), getChore(familyId, choreId)]);
  if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
  if (!chore) throw new NotFound(FORM_MESSAGES.choreNotFound);
  if (chore.difficultyLevel > child.maxDifficultyLevel) throw new BadRequest(FORM_MESSAGES.tooDifficult);
  return { familyId, child, chore };
}

/**
 * A generation claim's outcome as an answer: the family is gone (404), or the Sunday worker (or
 * another Reassign) held it for longer than we waited (409).
 */
function claimed<T>(outcome: T | 'missing' | 'busy', missing: string): T {
  if (outcome === 'missing') throw new NotFound(missing);
  if (outcome === 'busy') throw new Conflict(API_ERRORS.generationBusy);
  return outcome;
}

export const handler = createDomainHandler('assignments', {
  'POST /api/assignments/generate': async (ctx) => {
    const { familyId } = parentSession(ctx);
    // Issue 21: `{ seed }` applies exactly the plan a preview with that seed showed.
    const { seed }: { seed?: string } = validate(generateInputSchema, ctx.body);
    const { clock } = await familyAndClock(familyId, ctx.now);
    const result = claimed(await regenerateWeek(familyId, clock.weekStart, ctx.now, seed), FAMILY_NOT_FOUND);
    return { body: result };
  },

  // Issue 21: this week's plan (what Reassign would write) or next week's (the Sunday job's), written nowhere.
  'POST /api/assignments/preview': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const input: { weekStart?: string; seed?: string } = validate(planPreviewInputSchema, ctx.body);
    const { clock, family } = await familyAndClock(familyId, ctx.now);
    const weekStart = input.weekStart ?? clock.weekStart;
    if (weekStart !== clock.weekStart && weekStart !== addDays(clock.weekStart, 7)) throw new BadRequest(PREVIEW_MESSAGES.week);
    const seed = input.seed ?? defaultSeed(familyId, weekStart);
    const { stored, writes } = await previewWeek(familyId, weekStart, family.pause ?? null, seed);
    return { body: planPreviewDto({ state: stored.state, writes, chores: stored.chores, names: stored.names, seed, money: familyMoney(family), today: clock.today }) };
  },

  'POST /api/assignments': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const raw = ctx.body as { weekStart?: unknown; assignedDate?: unknown } | undefined;
    // weekStart and assignedDate may each be a date or an instant; an instant is read in the family's zone.
    const instant = needsTimeZone(raw?.weekStart) || needsTimeZone(raw?.assignedDate);
    const read = instant ? await familyAndClock(familyId, ctx.now) : undefined;
    const timeZone = read ? read.clock.timeZone : 'UTC';
    const input = validate(assignmentInputSchema, withAssignmentDates(ctx.body, timeZone));
    // The family item gives the answer's currency (issue 22): read beside the child and chore when not read above.
    const [{ child, chore }, family] = await Promise.all([childAndChore(ctx, input.childId, input.choreId), read ? read.family : getFamily(familyId)]);
    if (chore.category === 'continuous') throw new BadRequest(FORM_MESSAGES.categoryMismatch);
    // The chore-day the planner already gave this child is that assignment, now the parent's: never
    // a second one to tick (the chore-day marker would refuse it anyway, see data/planning/assignments.ts).
    const planned = await getDated(familyId, { weekStart: input.weekStart, childId: child.childId, suffix: datedSuffix('generated', chore.choreId, input.dayOfWeek) });
    const { item, created } = planned
      ? { item: await keepAsManual(planned), created: false }
      : await putDatedIfAbsent(
          newDatedItem({ familyId, child, chore, weekStart: input.weekStart, assignedDate: input.assignedDate, dayOfWeek: input.dayOfWeek, source: 'manual', now: ctx.now }),
        );
    const chores = new Map([[chore.choreId, chore]]);
    return { status: created ? 201 : 200, body: datedDto(item, chores, child, familyMoney(family ?? {}), undefined, family?.timeZone) };
  },

  'PUT /api/assignments/{id}/complete': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { completed, date } = validate(completeSchema, ctx.body);
    return { body: choreDayDto(completionAnswer(await completeAssignment(familyId, ctx.params.id ?? '', completed, ctx.now, await parentActor(ctx), undefined, date))) };
  },

  'POST /api/assignments/{id}/approve': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { date } = validate(approveSchema, ctx.body);
    return { body: choreDayDto(completionAnswer(await approveAssignment(familyId, ctx.params.id ?? '', ctx.now, await parentActor(ctx), date))) };
  },

  'POST /api/assignments/{id}/send-back': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { note, date } = validate(sendBackSchema, ctx.body);
    return { body: choreDayDto(completionAnswer(await sendBackAssignment(familyId, ctx.params.id ?? '', ctx.now, await parentActor(ctx), note || undefined, date))) };
  },

  'POST /api/children/{id}/approve-all': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const [child, family] = await Promise.all([getChild(familyId, ctx.params.id ?? ''), getFamily(familyId)]);
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    const { approved, cents } = await approveAll(familyId, child.childId, ctx.now, await parentActor(ctx));
    const body: ApproveAllDto = { childId: child.childId, approved, amount: formatMinor(cents, familyMoney(family ?? {}).currency) };
    return { body };
  },

  'GET /api/family/approvals': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const [waiting, children, family] = await Promise.all([listWaiting(familyId), listChildren(familyId), getFamily(familyId)]);
    const body: ApprovalsDto = approvalsDto(waiting, children, familyMoney(family ?? {}));
    return { body };
  },

  'DELETE /api/assignments/child/{childId}/week': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const body = (ctx.body ?? (ctx.query.weekStart ? { weekStart: ctx.query.weekStart } : {})) as Record<string, unknown>;
    const timeZone = needsTimeZone(body.weekStart) ? (await familyAndClock(familyId, ctx.now)).clock.timeZone : 'UTC';
    const weekStart = weekStartParam(body.weekStart, timeZone);
    const child = await getChild(familyId, ctx.params.childId ?? '');
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    const week = await listWeekAssignments(familyId, weekStart, child.childId);
    // Completed assignments are history with earnings: clearing a week removes only pending ones.
    let removed = 0;
    for (const a of week.filter((x) => !x.isCompleted)) if (await deletePendingDated(a)) removed++;
    return { body: { childId: child.childId, weekStart, removed, kept: week.length - removed } };
  },

  'POST /api/continuous-assignments': async (ctx) => {
    const input = validate(continuousInputSchema, ctx.body);
    const { familyId, child, chore } = await childAndChore(ctx, input.childId, input.choreId);
    if (chore.category !== 'continuous') throw new BadRequest(FORM_MESSAGES.notContinuous);
    // Under the family's generation claim: a generator writes new continuous assignments without a
    // condition, so none may appear between its read and its write (docs/decisions/005).
    const saved = claimed(
      await withGenerationClaim(familyId, async () => {
      const existed = await getContinuous(familyId, child.childId, chore.choreId);
      const item = await upsertContinuous(newContinuousItem({ familyId, child, chore, daysOfWeek: input.daysOfWeek, source: 'manual', now: ctx.now }));
      return { existed, item };
      }),
      FORM_MESSAGES.childNotFound,
    );
    const { existed, item } = saved;
    const { clock, family } = await familyAndClock(familyId, ctx.now);
    return { status: existed ? 200 : 201, body: continuousDto(item, new Map([[chore.choreId, chore]]), { ...clock, familyPause: family.pause }, child, familyMoney(family)) };
  },

  'DELETE /api/continuous-assignments/child/{childId}/chore/{choreId}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const child = await getChild(familyId, ctx.params.childId ?? '');
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    if (!(await deleteContinuous(familyId, child.childId, ctx.params.choreId ?? ''))) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
    return { body: { childId: child.childId, choreId: ctx.params.choreId, deleted: true } };
  },
});
