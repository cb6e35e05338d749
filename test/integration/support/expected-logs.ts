/**
 * Fault-injection tests make the code log errors on purpose (a simulated outage, SES throttling, a
 * family that can never be generated). Within the calling test, `expectLogs` keeps the log lines it
 * names out of the output and lets every other one through: a test's own expected errors do not
 * bury the run's output, and an error nobody expected still shows.
 *
 * It patches Powertools' Logger itself, so child loggers (`logger.createChild`, used by the job
 * workers) are covered too. Only code running in the test's process is affected: the Sunday job and
 * the deletion job run there (support/weekly-job.ts); the API runs in the suite's stack.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { onTestFinished, vi } from 'vitest';

type Level = 'error' | 'warn';

/** One expected log line: its level and its message (the first argument of `logger.error`/`warn`), exactly. */
export interface ExpectedLog {
  level: Level;
  message: string;
}

export function expectLogs(...expected: ExpectedLog[]): void {
  for (const level of ['error', 'warn'] as const) {
    const messages = new Set(expected.filter((e) => e.level === level).map((e) => e.message));
    if (!messages.size) continue;
    const original = Logger.prototype[level];
    const spy = vi.spyOn(Logger.prototype, level).mockImplementation(function (this: Logger, ...args: Parameters<Logger['error']>) {
      const [input] = args;
      const message = typeof input === 'string' ? input : input.message;
      if (!messages.has(String(message))) original.apply(this, args);
    });
    onTestFinished(() => spy.mockRestore());
  }
}
