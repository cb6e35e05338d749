/**
 * The rate limits count in fixed windows aligned to the epoch (functions/data/family/rate-limit.ts): every
 * limit's window is a multiple of 15 minutes, so each window starts on a quarter-hour. Across a
 * boundary up to twice a limit passes, by design. A test that sends more than a limit and expects
 * 429s must therefore run inside one window: this waits, when the next quarter-hour is nearer than
 * `marginSeconds`, until just after it. (A test that straddled 12:45:00 once saw all 60 of 60
 * guesses at a 50-guess limit answered 401: both windows' counts, not a fault of the limit.)
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

export async function clearOfLimitWindowEdge(marginSeconds = 45): Promise<void> {
  const untilEdge = QUARTER_HOUR_MS - (Date.now() % QUARTER_HOUR_MS);
  if (untilEdge < marginSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, untilEdge + 1000));
}
