/**
 * The request limits of data/family/throttles.ts as the API answers them: a refusal is 429 with its
 * message and Retry-After (the seconds until the limit's window frees a slot).
 */
import { API_ERRORS } from '../../shared/messages';
import * as throttles from '../data/family/throttles';
import type { Limit } from '../data/family/rate-limit';
import { TooManyRequests } from '../lib/errors';

function orTooMany(out: throttles.Limited, message: string): void {
  if (!out.ok) throw new TooManyRequests(message, out.retryAfterSeconds);
}

/** Counts one use of a per-subject limit (an account, a family, an e-mail address); 429 with `message` once used up. */
export async function limitBySubject(limit: Limit, subject: string, message: string, nowMs = Date.now()): Promise<void> {
  orTooMany(await throttles.limitBySubject(limit, subject, nowMs), message);
}

/** An e-mail to an address the caller chose (data/family/throttles.ts); 429 'too many e-mails' once a limit is used up. */
export async function limitChosenRecipientEmail(sender: readonly [Limit, string], recipient: string, addressKey: string, nowMs = Date.now()): Promise<void> {
  orTooMany(await throttles.limitChosenRecipientEmail(sender, recipient, addressKey, nowMs), API_ERRORS.tooManyEmails);
}

/** Call before checking a password: 429 when any sign-in limit is reached (the password is then not checked at all). */
export async function beginLoginAttempt(kind: 'parent' | 'child', identifier: string, addressKey: string, nowMs = Date.now()): Promise<throttles.LoginAttempt> {
  const out = await throttles.beginLoginAttempt(kind, identifier, addressKey, nowMs);
  if (!out.ok) throw new TooManyRequests(API_ERRORS.tooManyAttempts, out.retryAfterSeconds);
  return out.attempt;
}

/** Counts one use of an address-limited action; 429 once the address has used up its window. */
export async function limitByAddress(limit: Limit, addressKey: string, nowMs = Date.now()): Promise<void> {
  orTooMany(await throttles.limitByAddress(limit, addressKey, nowMs), API_ERRORS.tooManyRequests);
}
