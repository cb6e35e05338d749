/**
 * The arithmetic of sending at SES's pace (docs/decisions/050-email-at-ses-pace.md), pure and
 * domain-free: the rate each mailer invocation may send at, the slots it sends in, and the backoff
 * after a throttled send.
 */

/**
 * Sends per second one invocation may make: `sharePercent`% of the account's MaxSendRate, split
 * evenly between the at most `concurrency` invocations the event source runs at once.
 */
export function invocationRate(maxSendRate: number, sharePercent: number, concurrency: number): number {
  if (!(maxSendRate > 0) || !(sharePercent > 0) || !(concurrency >= 1)) throw new Error('rate, share and concurrency must be positive');
  return (maxSendRate * Math.min(sharePercent, 100)) / 100 / concurrency;
}

/**
 * One send's slot: the earliest of `now` and the next free slot, and the slot after it. A pacer
 * hands out slots `1/rate` apart, so n sends take n/rate seconds however many wait at once.
 */
export function reserveSlot(nextFree: number, now: number, intervalMs: number): { at: number; nextFree: number } {
  const at = Math.max(now, nextFree);
  return { at, nextFree: at + intervalMs };
}

/** Hands out send slots at `ratePerSecond`; `clock` and `sleep` are injectable for tests. */
export class Pacer {
  private nextFree = -Infinity;
  readonly intervalMs: number;

  constructor(
    ratePerSecond: number,
    private readonly clock: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    if (!(ratePerSecond > 0)) throw new Error('rate must be positive');
    this.intervalMs = 1000 / ratePerSecond;
  }

  /** The time of the next slot, without taking it. */
  peek(): number {
    return Math.max(this.clock(), this.nextFree);
  }

  /** Waits for the next slot and takes it. */
  async take(): Promise<void> {
    const slot = reserveSlot(this.nextFree, this.clock(), this.intervalMs);
    this.nextFree = slot.nextFree;
    const wait = slot.at - this.clock();
    if (wait > 0) await this.sleep(wait);
  }

  /**
   * Waits until the last slot taken has passed: an invocation returns no earlier than its sends'
   * share of time, so the next batch cannot start with a burst on top of it.
   */
  async finish(): Promise<void> {
    const wait = this.nextFree - this.clock();
    if (Number.isFinite(wait) && wait > 0) await this.sleep(wait);
  }
}

/**
 * Seconds a throttled message stays invisible before its next try: exponential in the receives so
 * far, with full jitter (`random` in [0, 1)), from `minSeconds` up to `maxSeconds`.
 */
export function backoffSeconds(receiveCount: number, random: number, opts: { minSeconds: number; baseSeconds: number; maxSeconds: number }): number {
  const n = Math.max(1, Math.floor(receiveCount));
  const ceiling = Math.min(opts.maxSeconds, opts.baseSeconds * 2 ** Math.min(n - 1, 30));
  const jittered = Math.floor(random * (ceiling + 1));
  return Math.min(opts.maxSeconds, Math.max(opts.minSeconds, jittered));
}
