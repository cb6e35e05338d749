/**
 * Issue 32, the family board (docs/decisions/062-family-board.md): the request bodies of its routes,
 * for the API and the forms alike.
 */
import * as z from 'zod';
import { BOARD_MESSAGES, FORM_MESSAGES } from './messages';
import { idSchema, requiredPassword } from './schema-primitives';

/** A child's board PIN: exactly four digits (a tablet's number pad, a child's memory). */
export const PIN_PATTERN = /^\d{4}$/;
export const pinSchema = z.string({ error: BOARD_MESSAGES.pinFormat }).regex(PIN_PATTERN, { error: BOARD_MESSAGES.pinFormat });

/** PUT /api/children/{id}/pin */
export const setPinSchema = z.object({ pin: pinSchema });
export type SetPinInput = z.output<typeof setPinSchema>;

export const BOARD_NAME_MAX = 40;

/** POST /api/family/boards: the parent's password again (re-authentication) and what to call the device. */
export const boardSetupSchema = z.object({
  password: requiredPassword(BOARD_MESSAGES.passwordRequired),
  name: z
    .string({ error: BOARD_MESSAGES.nameRequired })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: BOARD_MESSAGES.nameRequired }).max(BOARD_NAME_MAX, { error: BOARD_MESSAGES.nameTooLong })),
});
export type BoardSetupInput = z.input<typeof boardSetupSchema>;

/** POST /api/board/sign-in: who tapped their picture, and the PIN they typed. */
export const boardSignInSchema = z.object({
  childId: idSchema(FORM_MESSAGES.childNotFound),
  pin: pinSchema,
});
export type BoardSignInInput = z.output<typeof boardSignInSchema>;

/** A child signed in on the board is signed out after this long without a touch (the board's own timer). */
export const BOARD_IDLE_MS = 60_000;
