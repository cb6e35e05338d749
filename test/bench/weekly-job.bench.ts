/**
 * `npm run bench` (part 3): throughput of the Sunday job. Signs up BENCH_FAMILIES families (default
 * 200) in one time zone, so they all fall due in the same hourly tick (the busiest case), each with
 * three children and a dozen chores, then runs the job once at that tick and prints the wall time,
 * families per second and DynamoDB requests per family. A second run at the same tick shows the
 * cost of finding nothing left to do. Prints figures; asserts nothing.
 *
 * DynamoDB Local is far slower than DynamoDB and serialises writes, so read requests per family as
 * the portable figure; the seconds are an upper bound for one Lambda.
 */
import { startLocalStack } from '../../infra/local/stack';
import { runForWeek } from '../../functions/domain/weekly-run';
import { addDays, weekStartOf } from '../../shared/time';

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 200);
const TIME_ZONE = 'America/New_York';
const SEED_CONCURRENCY = 8;

async function main() {
  const stack = await startLocalStack({ dataDir: null });
  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(stack.url + path, {
      method,
      headers: { cookie, 'sec-fetch-site': 'same-origin', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return { json: text ? JSON.parse(text) : undefined, cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
  };

  const seedFamily = async (n: number) => {
    const { cookie } = await call('', 'POST', '/api/auth/parent-signup', { email: `job-bench-${n}@example.com`, password: 'secret123', firstName: 'Bench', timeZone: TIME_ZONE });
    for (let i = 0; i < 3; i++) {
      const child = await call(cookie, 'POST', '/api/children', { displayName: `Kid ${i}`, age: 6 + i, maxDifficultyLevel: 2 + i });
      await call(cookie, 'PUT', `/api/children/${child.json.id}/chore-settings`, { dailyChoresCount: 3, weeklyChoresCount: 2, continuousChoresCount: 1 });
    }
    for (let i = 0; i < 12; i++) {
      await call(cookie, 'POST', '/api/chores', { name: `Chore ${i}`, category: ['daily', 'weekly', 'continuous'][i % 3], amount: `${1 + (i % 5)}.50`, difficultyLevel: 1 + (i % 4) });
    }
  };

  try {
    const seedStart = performance.now();
    for (let n = 0; n < FAMILIES; n += SEED_CONCURRENCY) {
      await Promise.all(Array.from({ length: Math.min(SEED_CONCURRENCY, FAMILIES - n) }, (_, i) => seedFamily(n + i)));
    }
    console.log(`Seeded ${FAMILIES} families (${TIME_ZONE}, 3 children, 12 chores each) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    // The tick after their next local Sunday 00:00.
    const nextWeek = addDays(weekStartOf(new Date(), TIME_ZONE), 7);
    const tick = new Date(`${runForWeek(nextWeek, TIME_ZONE).dueHour}:00:30Z`);
    const { runWeeklyJob } = await import('../../functions/jobs/weekly');
    const { requestCounter } = await import('../../functions/lib/db');

    for (const label of ['first run', 'second run (nothing left to do)']) {
      const counter = { count: 0 };
      const start = performance.now();
      const result = await requestCounter.run(counter, () => runWeeklyJob(tick));
      const seconds = (performance.now() - start) / 1000;
      const created = result.processed.reduce((sum, p) => sum + p.created, 0);
      console.log(`\nWeekly job at ${tick.toISOString()}, ${label}:`);
      console.log(`  due ${result.due}, regenerated ${result.processed.length}, skipped ${result.skipped}, failed ${result.failed}, assignments created ${created}`);
      console.log(`  ${seconds.toFixed(2)} s wall, ${(result.processed.length / seconds || 0).toFixed(1)} families/s`);
      console.log(`  ${counter.count} DynamoDB requests${result.processed.length ? `, ${(counter.count / result.processed.length).toFixed(1)} per family` : ''}`);
    }
  } finally {
    await stack.stop();
  }
}

await main();
