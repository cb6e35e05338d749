import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs with the request id (Powertools). Never log bodies: they carry passwords.
 */
export const logger = new Logger({ serviceName: 'chorequest' });

const ADDRESS = /[^\s@<>,;:"'()[\]]+@[^\s@<>,;:"'()[\]]+/g;

/** Text with every e-mail address replaced by `<address>` (SES names recipients in some of its errors). */
export const maskAddresses = (text: string): string => text.replace(ADDRESS, '<address>');

/**
 * An error as a log may carry it: its name, and its message and stack with addresses masked. Use
 * it wherever a caught error may come from sending e-mail (privacy notes: no addresses in logs).
 */
export function errorForLog(err: unknown): { name: string; message: string; stack?: string } {
  const e = err instanceof Error ? err : new Error(String(err));
  return { name: e.name, message: maskAddresses(e.message), ...(e.stack ? { stack: maskAddresses(e.stack) } : {}) };
}
