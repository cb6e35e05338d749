/** The master chore list (spec sections 3, 5, 7). */
import { FORM_MESSAGES, PLANNER_MESSAGES } from '../../shared/messages';
import { choreInputSchemaFor, type ChoreInput as ChoreInputBody } from '../../shared/schemas';
import { deleteChore } from '../data/planning/chore-removal';
import { createChore, getChore, listChores, updateChore, type ChoreInput } from '../data/planning/chores';
import { listChildren } from '../data/family/children';
import type { WhoDoesIt } from '../../shared/planning';
import { familyAndClock } from './family-clock';
import { familyMoney, getFamily } from '../data/family/accounts';
import { choreDto, choreListDto } from '../views/assignment-dtos';
import { BadRequest, NotFound } from '../lib/errors';
import { createDomainHandler, parentSession, validate } from '../lib/http';

/** Issue 21's refusals of a chore's "who does it" (shown by the chore dialog). */
export const WHO_MESSAGES = {
  unknownChild: 'A child chosen under "Who does it" is not in your family. Choose from your children.',
} as const;

const toInput = (v: ChoreInputBody): ChoreInput => ({
  name: v.name,
  description: v.description,
  category: v.category,
  amountCents: v.amount,
  difficultyLevel: v.difficultyLevel,
  daysOfWeek: v.daysOfWeek,
  needsApproval: v.needsApproval,
  rhythm: v.rhythm,
  who: v.who,
});

const childIdsOf = (who: WhoDoesIt): string[] =>
  who.mode === 'each' ? (who.children ?? []).map((c) => c.childId) : (who.children ?? []);

/**
 * Every child named in `who` must be one of the family's (400 otherwise). A child deleted since the
 * chore was saved is dropped quietly (`stored`: the chore's current who), so editing an old chore
 * never fails on a child that no longer exists; naming it anew is refused like any stranger.
 */
async function checkWho(familyId: string, who: WhoDoesIt | null | undefined, stored?: WhoDoesIt): Promise<WhoDoesIt | null | undefined> {
  if (!who) return who;
  const ids = childIdsOf(who);
  if (!ids.length) return who;
  const family = new Set((await listChildren(familyId)).map((c) => c.childId));
  const wasStored = new Set(stored ? childIdsOf(stored) : []);
  const strangers = ids.filter((id) => !family.has(id));
  if (strangers.some((id) => !wasStored.has(id))) throw new BadRequest(WHO_MESSAGES.unknownChild);
  if (!strangers.length) return who;
  if (who.mode === 'each') return { ...who, children: (who.children ?? []).filter((c) => family.has(c.childId)) };
  return { ...who, children: (who.children ?? []).filter((id) => family.has(id)) };
}

/**
 * A continuous chore's who without "first": the one-at-a-time chore the planner made of it anyway
 * (same children); undefined (unchanged) for anything else.
 */
function notFirst(stored: WhoDoesIt | undefined): WhoDoesIt | undefined {
  if (stored?.mode !== 'first') return undefined;
  return { mode: 'one', turns: 'balanced', ...(stored.children?.length ? { children: stored.children } : {}) };
}

function checkRhythm(input: ChoreInput): void {
  if (input.rhythm && input.category === 'continuous') throw new BadRequest(PLANNER_MESSAGES.continuousNoRhythm);
}

export const handler = createDomainHandler('chores', {
  'GET /api/chores': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const [chores, family] = await Promise.all([listChores(familyId), getFamily(familyId)]);
    const money = familyMoney(family ?? {});
    return { body: choreListDto(chores, money) };
  },

  'POST /api/chores': async (ctx) => {
    const { familyId } = parentSession(ctx);
    // The amount is read in the family's currency (issue 22); the same item gives the approval default.
    const family = await getFamily(familyId);
    const money = familyMoney(family ?? {});
    const input = toInput(validate(choreInputSchemaFor(money), ctx.body));
    checkRhythm(input);
    const who = await checkWho(familyId, input.who);
    // A chore made without saying whether it needs a parent's OK follows the family's default.
    const needsApproval = input.needsApproval ?? family?.approvalByDefault === true;
    return { status: 201, body: choreDto(await createChore(familyId, { ...input, who, needsApproval }, ctx.now), money) };
  },

  'PUT /api/chores/{id}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const family = await getFamily(familyId);
    const money = familyMoney(family ?? {});
    const input = toInput(validate(choreInputSchemaFor(money), ctx.body));
    checkRhythm(input);
    // A chore made continuous without saying who does it must not keep a stored "first" (continuous takes none).
    const becomesContinuous = input.category === 'continuous' && input.who === undefined;
    const stored = becomesContinuous || (input.who && childIdsOf(input.who).length) ? await getChore(familyId, ctx.params.id ?? '') : undefined;
    const who = becomesContinuous ? notFirst(stored?.who) : await checkWho(familyId, input.who, stored?.who);
    const chore = await updateChore(familyId, ctx.params.id ?? '', { ...input, who });
    if (!chore) throw new NotFound(FORM_MESSAGES.choreNotFound);
    return { body: choreDto(chore, money) };
  },

  'DELETE /api/chores/{id}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { clock } = await familyAndClock(familyId, ctx.now);
    if (!(await deleteChore(familyId, ctx.params.id ?? '', clock.today))) throw new NotFound(FORM_MESSAGES.choreNotFound);
    return { body: { id: ctx.params.id, deleted: true } };
  },
});
