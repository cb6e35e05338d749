import { errorMessageFor } from '../../lib/api';
import type { ToastOptions } from './use-toast';

/** A destructive toast's options (assignable wherever a toast is, including callers that only take destructive ones). */
type ErrorToastOptions = ToastOptions & { variant: 'destructive'; description: string };

/** The toast a failed action shows: the title "Error" and what went wrong. `toast(errorToast('Failed to delete chore.'))`. */
export function errorToast(description: string): ErrorToastOptions {
  return { variant: 'destructive', title: 'Error', description };
}

/** The error toast for a failed call: the server's `message` when it sent one, else `fallback` (lib/api.ts errorMessageFor). */
export function failureToast(error: unknown, fallback: string): ErrorToastOptions {
  return errorToast(errorMessageFor(error, fallback));
}
