import type { FieldErrors, FieldValues } from 'react-hook-form';
import { VALIDATION, type Notice } from '../../../../shared/messages';

const NOTICES: readonly Notice[] = Object.values(VALIDATION);

/** The spec's toast (title + description) for a schema message, e.g. "Password Mismatch". */
export function noticeForMessage(message: string | undefined, fallback: Notice): Notice {
  return NOTICES.find((n) => n.description === message) ?? fallback;
}

/** The first error message in the order the fields appear on screen. */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T)[]): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
