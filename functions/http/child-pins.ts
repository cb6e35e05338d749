/**
 * Issue 32: a child's family-board PIN, set, changed or removed by a parent (decision 062). The PIN
 * is stored only as a bcrypt hash on the child item and never answered; setting one also ends the
 * child's lock-out on the boards ("Ask a parent").
 */
import type { ChildProfileDto } from '../../shared/api-types';
import { setPinSchema } from '../../shared/board-schemas';
import { FORM_MESSAGES } from '../../shared/messages';
import { setChildPin } from '../data/family/boards';
import { forgetPinLock } from '../data/family/throttles';
import { NotFound } from '../lib/errors';
import { parentSession, validate, type RouteHandler } from '../lib/http';
import { hashPassword } from '../lib/passwords';
import { profileDto } from '../views/family-dtos';

export const childPinRoutes = {
  'PUT /api/children/{id}/pin': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { pin } = validate(setPinSchema, ctx.body);
    // The key is built in the caller's family: another family's child id names nobody (404).
    const child = await setChildPin(familyId, ctx.params.id ?? '', await hashPassword(pin), ctx.now);
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    await forgetPinLock(familyId, child.childId, ctx.now.getTime());
    const body: ChildProfileDto = profileDto(child);
    return { body };
  },

  'DELETE /api/children/{id}/pin': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const child = await setChildPin(familyId, ctx.params.id ?? '', null, ctx.now);
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    const body: ChildProfileDto = profileDto(child);
    return { body };
  },
} satisfies Record<string, RouteHandler>;
