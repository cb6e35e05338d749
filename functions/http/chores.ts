/** The master chore list (spec sections 3, 5, 7). */
import { FORM_MESSAGES } from '../../shared/messages';
import { choreInputSchema } from '../../shared/schemas';
import { deleteChore } from '../data/chore-removal';
import { createChore, listChores, updateChore } from '../data/chores';
import { familyAndClock } from '../data/family-week';
import { getFamily } from '../data/accounts';
import { choreDto } from '../domain/views';
import { NotFound } from '../lib/errors';
import { createDomainHandler, parentSession, validate } from '../lib/http';

const toInput = (v: ReturnType<typeof choreInputSchema.parse>) => ({
  name: v.name,
  description: v.description,
  category: v.category,
  amountCents: v.amount,
  difficultyLevel: v.difficultyLevel,
  daysOfWeek: v.daysOfWeek,
  needsApproval: v.needsApproval,
});

export const handler = createDomainHandler('chores', {
  'GET /api/chores': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const chores = await listChores(familyId);
    return { body: chores.sort((a, b) => a.name.localeCompare(b.name)).map(choreDto) };
  },

  'POST /api/chores': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const input = validate(choreInputSchema, ctx.body);
    // A chore made without saying whether it needs a parent's OK follows the family's default.
    const needsApproval = input.needsApproval ?? (await getFamily(familyId))?.approvalByDefault === true;
    return { status: 201, body: choreDto(await createChore(familyId, { ...toInput(input), needsApproval }, ctx.now)) };
  },

  'PUT /api/chores/{id}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const input = validate(choreInputSchema, ctx.body);
    const chore = await updateChore(familyId, ctx.params.id ?? '', toInput(input));
    if (!chore) throw new NotFound(FORM_MESSAGES.choreNotFound);
    return { body: choreDto(chore) };
  },

  'DELETE /api/chores/{id}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { clock } = await familyAndClock(familyId, ctx.now);
    if (!(await deleteChore(familyId, ctx.params.id ?? '', clock.today))) throw new NotFound(FORM_MESSAGES.choreNotFound);
    return { body: { id: ctx.params.id, deleted: true } };
  },
});
