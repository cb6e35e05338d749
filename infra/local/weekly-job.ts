/**
 * The Sunday job alone, for the tests and the bench that drive it directly (./jobs.ts starts it
 * beside the family deletion job for `npm start`). `npm run weekly-job` runs one tick.
 */
import { startLocalJobs, type LocalJobOptions, type LocalWeeklyJob } from './jobs';

export type { LocalWeeklyJob } from './jobs';
export type LocalWeeklyJobOptions = LocalJobOptions;

export async function startLocalWeeklyJob(opts: LocalWeeklyJobOptions = {}): Promise<LocalWeeklyJob> {
  return (await startLocalJobs({ weeklyJob: opts })).weekly;
}
