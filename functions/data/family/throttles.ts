/**
 * The limits that keep sign-in, sign-up and credential-setting from being guessed at or used to
 * enumerate accounts (docs/security.md). Every one is an atomic counter (rate-limit.ts): an
 * attempt is counted and decided by one conditional write before any password is hashed or checked.
 *
 * Sign-in is limited three ways, checked in this order, each counting only attempts that pass the
 * earlier checks (a refused attempt gives back what it had counted):
 * 1. per client address, over all accounts: one visitor cannot spray guesses across many children;
 * 2. per (account, client address): ten wrong guesses lock out that visitor, not the child on the
 *    family's own device;
 * 3. per account, over all addresses: a looser ceiling on guesses spread over many addresses.
 * A successful sign-in forgets its (account, address) count and gives back its other two counts.
 *
 * Each check answers an outcome: allowed, or refused with the seconds until the window frees a
 * slot; http/limits.ts turns a refusal into 429 with its message and Retry-After.
 */
import { PIN_TRIES_PER_BOARD, PIN_TRIES_PER_CHILD, PIN_WINDOW_SECONDS } from '../../domain/board';
import { clear, forget, release, reserve, type Limit, type Slot } from './rate-limit';

/** A limit's answer: counted, or used up (`retryAfterSeconds`: until its window frees a slot). */
export type Limited = { ok: true } | { ok: false; retryAfterSeconds: number };

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

export const LOGIN_LIMITS = {
  perAddress: { name: 'login-address', max: 30, windowSeconds: FIFTEEN_MINUTES },
  perAccountAndAddress: { name: 'login-pair', max: 10, windowSeconds: FIFTEEN_MINUTES },
  perAccount: { name: 'login-account', max: 50, windowSeconds: FIFTEEN_MINUTES },
} as const satisfies Record<string, Limit>;

/** Sign-ups per client address: each one can tell whether an e-mail address has an account. */
export const SIGNUP_LIMIT: Limit = { name: 'signup-address', max: 20, windowSeconds: ONE_HOUR };

/** Credential settings per client address: each one can tell whether a child username is taken. */
export const CREDENTIALS_LIMIT: Limit = { name: 'credentials-address', max: 30, windowSeconds: ONE_HOUR };

/**
 * The account area (issue 11). Every e-mail the app sends on request is limited per client address
 * and per recipient or sender, so it cannot be used to flood an inbox; every link that carries a
 * token is limited per client address (its 256-bit secret cannot be guessed, but each try costs a
 * read, and accepting an invitation a bcrypt hash).
 */
export const ACCOUNT_LIMITS = {
  /** "Forgot password?" per client address. */
  forgotPerAddress: { name: 'forgot-address', max: 10, windowSeconds: ONE_HOUR },
  /** "Forgot password?" per e-mail address (known or not: the answer must not tell). */
  forgotPerEmail: { name: 'forgot-email', max: 5, windowSeconds: ONE_HOUR },
  /** Following a link (reset, verify, confirm a change, invitation) per client address. */
  linksPerAddress: { name: 'links-address', max: 60, windowSeconds: ONE_HOUR },
  /** A signed-in parent's own e-mails: a new verification link, an address change. */
  accountEmails: { name: 'account-emails', max: 5, windowSeconds: ONE_HOUR },
  /** Invitations per family a day. */
  invitations: { name: 'invitations', max: 20, windowSeconds: 24 * ONE_HOUR },
} as const satisfies Record<string, Limit>;

/**
 * E-mails to an address the caller chose (an invitation, the link that confirms a new address),
 * issue 17: limited per recipient across every family, so no number of families can flood one
 * inbox, and per client address, so one visitor cannot spread them over many recipients. Counted
 * before anything is looked up, so each answer (e.g. "this address already has an account") is
 * bounded too.
 */
export const CHOSEN_RECIPIENT_LIMITS = {
  /** Per recipient address, whichever family or parent sends. */
  perRecipient: { name: 'mail-recipient', max: 3, windowSeconds: 24 * ONE_HOUR },
  /** Per client address, whatever the recipients. */
  perAddress: { name: 'mail-address', max: 20, windowSeconds: ONE_HOUR },
} as const satisfies Record<string, Limit>;

/** Counts one use of a per-subject limit (an account, a family, an e-mail address); refused once used up. */
export async function limitBySubject(limit: Limit, subject: string, nowMs = Date.now()): Promise<Limited> {
  const out = await limitAll([[limit, subject]], nowMs);
  return out.ok ? { ok: true } : out;
}

/**
 * Counts one use of each limit, in order, each by one conditional write. When one is used up, the
 * ones counted before it are given back (the attempt did not happen) and the refusal is answered.
 * Otherwise answers the counted slots.
 */
async function limitAll(subjects: readonly (readonly [Limit, string])[], nowMs: number): Promise<{ ok: true; slots: Slot[] } | { ok: false; retryAfterSeconds: number }> {
  const slots: Slot[] = [];
  for (const [limit, subject] of subjects) {
    const result = await reserve(limit, subject, nowMs);
    if (!result.ok) {
      await Promise.all(slots.map(release));
      return { ok: false, retryAfterSeconds: result.retryAfterSeconds };
    }
    slots.push(result.slot);
  }
  return { ok: true, slots };
}

/**
 * An e-mail to an address the caller chose, from a signed-in parent: counted per client address,
 * per `sender` (the family for invitations, the parent for an address change) and per recipient.
 */
export async function limitChosenRecipientEmail(sender: readonly [Limit, string], recipient: string, addressKey: string, nowMs = Date.now()): Promise<Limited> {
  const out = await limitAll([[CHOSEN_RECIPIENT_LIMITS.perAddress, addressKey], sender, [CHOSEN_RECIPIENT_LIMITS.perRecipient, recipient]], nowMs);
  return out.ok ? { ok: true } : out;
}

type Kind = 'parent' | 'child';

const accountOf = (kind: Kind, identifier: string) => `${kind}#${identifier.trim().normalize('NFKC').toLowerCase()}`;

export interface LoginAttempt {
  /** Attempts of this (account, address) in the window, this one included. */
  readonly count: number;
  /** The password was right: forget this visitor's count, give back the others. */
  succeeded(): Promise<void>;
}

/**
 * Call before checking a password. Refused when any limit is reached (the password is then not
 * checked at all); otherwise the attempt stays counted as a failure unless `succeeded()` is called.
 */
export async function beginLoginAttempt(kind: Kind, identifier: string, addressKey: string, nowMs = Date.now()): Promise<{ ok: true; attempt: LoginAttempt } | { ok: false; retryAfterSeconds: number }> {
  const account = accountOf(kind, identifier);
  const out = await limitAll(
    [
      [LOGIN_LIMITS.perAddress, addressKey],
      [LOGIN_LIMITS.perAccountAndAddress, `${account}#${addressKey}`],
      [LOGIN_LIMITS.perAccount, account],
    ],
    nowMs,
  );
  if (!out.ok) return out;
  // No added delay before the password check: the cap above already bounds the guesses, and a
  // Lambda that sleeps is paid for and holds concurrency an attacker could use up.
  const [address, pair, perAccount] = out.slots as [Slot, Slot, Slot];
  return {
    ok: true,
    attempt: {
      count: pair.count,
      succeeded: async () => {
        await Promise.all([clear(pair), release(address), release(perAccount)]);
      },
    },
  };
}

/** Counts one use of an address-limited action; refused once the address has used up its window. */
export async function limitByAddress(limit: Limit, addressKey: string, nowMs = Date.now()): Promise<Limited> {
  const result = await reserve(limit, addressKey, nowMs);
  return result.ok ? { ok: true } : { ok: false, retryAfterSeconds: result.retryAfterSeconds };
}

/**
 * Issue 32: a child's PIN on a family board (decision 062). Counted per board (over all its
 * children: a board cannot cycle through children) and per child (over all the family's boards:
 * PIN_TRIES_PER_CHILD wrong tries lock the child's board sign-in until the window ends).
 */
export const BOARD_PIN_LIMITS = {
  perBoard: { name: 'pin-board', max: PIN_TRIES_PER_BOARD, windowSeconds: PIN_WINDOW_SECONDS },
  perChild: { name: 'pin-child', max: PIN_TRIES_PER_CHILD, windowSeconds: PIN_WINDOW_SECONDS },
} as const satisfies Record<string, Limit>;

export interface PinAttempt {
  /** Attempts of this child in the window, this one included. */
  readonly childCount: number;
  /** The PIN was right: forget the child's count, give the board's back. */
  succeeded(): Promise<void>;
}

/** Call before checking a PIN; `which` says which limit refused (the board's, or the child's lock). */
export async function beginPinAttempt(
  familyId: string,
  childId: string,
  boardId: string,
  nowMs = Date.now(),
): Promise<{ ok: true; attempt: PinAttempt } | { ok: false; which: 'board' | 'child'; retryAfterSeconds: number }> {
  const board = await reserve(BOARD_PIN_LIMITS.perBoard, `${familyId}#${boardId}`, nowMs);
  if (!board.ok) return { ok: false, which: 'board', retryAfterSeconds: board.retryAfterSeconds };
  const child = await reserve(BOARD_PIN_LIMITS.perChild, `${familyId}#${childId}`, nowMs);
  if (!child.ok) {
    await release(board.slot);
    return { ok: false, which: 'child', retryAfterSeconds: child.retryAfterSeconds };
  }
  return {
    ok: true,
    attempt: {
      childCount: child.slot.count,
      succeeded: async () => {
        await Promise.all([clear(child.slot), release(board.slot)]);
      },
    },
  };
}

/** A parent set a new PIN: the child's lock-out ends ("Ask a parent"). */
export const forgetPinLock = (familyId: string, childId: string, nowMs = Date.now()): Promise<void> => forget(BOARD_PIN_LIMITS.perChild, `${familyId}#${childId}`, nowMs);
