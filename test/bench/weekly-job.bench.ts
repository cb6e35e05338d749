/**
 * `npm run bench:weekly` (part of `npm run bench`): the Sunday job at scale, on DynamoDB Local.
 *
 * 1. Today's job (the single hourly Lambda of commit 10c7bc5, kept in ./legacy) and the new fan-out
 *    (dispatcher → local queue → worker) each regenerate BENCH_FAMILIES families (default 10,000) of
 *    the same mix: 1–6 children, 5–60 chores, eight time zones (a half-hour zone, zones whose clocks
 *    change that weekend), all due at one tick. Printed: families/s, DynamoDB requests per family
 *    (median, max), worker time per family (p50, p95), dispatcher time, duplicates, families missed.
 * 2. The next Sunday with 1% of families failing once (all must end generated), then the one after
 *    with one family failing every time (it must end in the dead-letter store, every other generated).
 * 3. The dispatcher alone handing out BENCH_DISPATCH_FAMILIES due families (default 300,000).
 *
 * Each part runs on a fresh DynamoDB Local, warmed up first with BENCH_WARMUP_FAMILIES (default
 * 500) families through the same path, unmeasured: a cold JVM is several times slower.
 * Families are written straight into the table (the app's item shapes) to keep seeding short. Prints
 * figures; asserts nothing. DynamoDB Local bounds what this machine can show: it serialises writes
 * (about 5,000 items/s through BatchWriteItem, 1,000 through single conditional puts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../functions/data/keys';
import { ITEM_TYPES } from '../../functions/data/keys';
import { batchWriteAll } from '../../functions/data/batch-write';
import { CHILD_DEFAULTS, type ChildItem } from '../../functions/data/family/children';
import type { ChoreCategory, ChoreItem } from '../../functions/data/planning/chores';
import { createRng } from '../../functions/domain/prng';
import { weeklyRunIndexKeys } from '../../functions/data/planning/weekly-run-index';
import { runForWeek } from '../../functions/domain/weekly-run';
import { db, tableName } from '../../functions/lib/db';
import { startLocalStack } from '../../infra/local/stack';
import { addDays } from '../../shared/time';
import { aroundDynamoCalls } from '../support/dynamo-calls';
import { runWeeklyJob as runLegacyJob, weeklyRunIndexKeys as legacyIndexKeys } from './legacy/weekly-job-v1';

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const LEGACY_FAMILIES = Number(process.env.BENCH_LEGACY_FAMILIES ?? FAMILIES);
const DISPATCH_FAMILIES = Number(process.env.BENCH_DISPATCH_FAMILIES ?? 300_000);
/** Families run first on each fresh DynamoDB Local, unmeasured: its JVM is slow until warm. */
const WARMUP_FAMILIES = Number(process.env.BENCH_WARMUP_FAMILIES ?? 500);

/** 2027-03-28: Europe's clocks go forward that Sunday at 01:00 UTC; Sydney's go back a week later. */
const WEEK = '2027-03-28';
/** The warm-up's week: its families end due four weeks before WEEK, outside every measured tick's lookback. */
const WARMUP_WEEK = addDays(WEEK, -35);
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney', 'America/Sao_Paulo'];

interface Shape {
  timeZone: string;
  children: number;
  chores: number;
}

/** The family mix, the same for every run of the bench (seeded). */
function familyMix(n: number, seed = 'weekly-bench'): Shape[] {
  const rng = createRng(seed);
  const int = (lo: number, hi: number) => lo + rng.int(hi - lo + 1);
  return Array.from({ length: n }, (_, i) => ({ timeZone: ZONES[i % ZONES.length]!, children: int(1, 6), chores: int(5, 60) }));
}

/** The tick at which every zone's Sunday 00:00 of `week` has come (the latest due hour). */
const tickFor = (week: string) => new Date(`${ZONES.map((z) => runForWeek(week, z).dueHour).sort().at(-1)}:00:30Z`);

async function seed(shapes: Shape[], indexKeys: (familyId: string, tz: string) => Record<string, string>): Promise<string[]> {
  const now = new Date().toISOString();
  const ids: string[] = [];
  const items: Record<string, unknown>[] = [];
  shapes.forEach((shape, n) => {
    const rng = createRng(`family-${n}`);
    const familyId = randomUUID();
    ids.push(familyId);
    items.push({ ...keys.family(familyId), type: ITEM_TYPES.family, familyId, timeZone: shape.timeZone, createdAt: now, ...indexKeys(familyId, shape.timeZone) });
    for (let c = 0; c < shape.children; c++) {
      const child: ChildItem = { ...CHILD_DEFAULTS, childId: randomUUID(), familyId, displayName: `Kid ${c}`, age: 5 + c, maxDifficultyLevel: 2 + rng.int(4), createdAt: now };
      items.push({ ...keys.child(familyId, child.childId), type: ITEM_TYPES.child, GSI1PK: `CHILD#${child.childId}`, GSI1SK: 'PROFILE', ...child });
    }
    for (let h = 0; h < shape.chores; h++) {
      const r = rng.next();
      const category: ChoreCategory = r < 0.5 ? 'daily' : r < 0.8 ? 'weekly' : 'continuous';
      const chore: ChoreItem = { choreId: randomUUID(), familyId, name: `Chore ${h}`, category, amountCents: 25 * (1 + rng.int(20)), difficultyLevel: 1 + rng.int(5), createdAt: now };
      items.push({ ...keys.chore(familyId, chore.choreId), type: ITEM_TYPES.chore, ...chore });
    }
  });
  const left = await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })), { concurrency: 8 });
  if (left.length) throw new Error(`${left.length} seed items unprocessed`);
  return ids;
}

/** Requests and time per family (first request sent to last answer), watched on the DynamoDB client. */
function watchFamilies() {
  const perFamily = new Map<string, { requests: number; first: number; last: number }>();
  let other = 0;
  const stop = aroundDynamoCalls(async (call, send) => {
    const familyId = call.partition?.startsWith('FAMILY#') ? call.partition.slice(7) : undefined;
    if (!familyId) {
      other++;
      return send();
    }
    const started = performance.now();
    const f = perFamily.get(familyId) ?? { requests: 0, first: started, last: started };
    f.requests++;
    perFamily.set(familyId, f);
    try {
      return await send();
    } finally {
      f.last = performance.now();
    }
  });
  return { perFamily, otherRequests: () => other, stop };
}

/**
 * CPU seconds used by this process (the job's code, the SDK) and by DynamoDB Local's JVM: what a
 * run costs this machine whatever else runs on it, unlike wall time on a shared 2-core box.
 */
function cpuClock(javaPid: number | undefined) {
  const java = () => {
    if (!javaPid) return 0;
    const fields = readFileSync(`/proc/${javaPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  };
  const node = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const start = { node: node(), java: java() };
  return () => ({ node: node() - start.node, java: java() - start.java });
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

/**
 * Duplicated (child, chore, day) slots, and families missed: not advanced to the week after `week`
 * (or advanced though they should have stayed due). Families with nothing to assign (no chore
 * within any child's difficulty) are counted apart: they are advanced with an empty week.
 */
async function verify(familyIds: string[], week: string, expectDue: Set<string> = new Set()) {
  let duplicates = 0;
  let missed = 0;
  let assignments = 0;
  let empty = 0;
  const { queryAll } = await import('../../functions/data/query');
  const { getFamily } = await import('../../functions/data/family/accounts');
  for (let i = 0; i < familyIds.length; i += 50) {
    await Promise.all(
      familyIds.slice(i, i + 50).map(async (id) => {
        const [items, family] = await Promise.all([queryAll<{ childId: string; choreId: string; dayOfWeek: string }>(keys.familyPk(id), { prefix: `ASSIGN#${week}#` }), getFamily(id)]);
        assignments += items.length;
        const slots = new Set(items.map((a) => `${a.childId}|${a.choreId}|${a.dayOfWeek}`));
        duplicates += items.length - slots.size;
        const advanced = family?.nextRunWeekStart === addDays(week, 7);
        if (expectDue.has(id) ? advanced : !advanced) missed++;
        if (advanced && items.length === 0) empty++;
      }),
    );
  }
  return { duplicates, missed, assignments, empty };
}

function report(label: string, families: number, seconds: number, watch: ReturnType<typeof watchFamilies>, cpu: { node: number; java: number }, extra: Record<string, string | number> = {}) {
  const fams = [...watch.perFamily.values()];
  const requests = fams.map((f) => f.requests);
  const times = fams.map((f) => f.last - f.first);
  const cpuMs = ((cpu.node + cpu.java) * 1000) / families;
  console.log(`\n${label}`);
  console.log(`  ${families} families in ${seconds.toFixed(1)} s: ${(families / seconds).toFixed(1)} families/s (wall clock, machine load ${loadavg()[0]!.toFixed(1)})`);
  console.log(`  CPU per family: ${cpuMs.toFixed(1)} ms (job process ${((cpu.node * 1000) / families).toFixed(1)}, DynamoDB Local ${((cpu.java * 1000) / families).toFixed(1)}): ${(2000 / cpuMs).toFixed(1)} families/s on this machine's 2 cores alone`);
  console.log(`  DynamoDB requests per family: median ${pct(requests, 50)}, max ${Math.max(...requests)} (plus ${watch.otherRequests()} index queries in all)`);
  console.log(`  time per family (first request to last answer): p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms`);
  for (const [k, v] of Object.entries(extra)) console.log(`  ${k}: ${v}`);
  return { wall: families / seconds, cpuMs };
}

/** A fresh DynamoDB Local per part, so that no part runs over the items another one left behind. */
async function withStack<T>(fn: (stack: Awaited<ReturnType<typeof startLocalStack>>) => Promise<T>): Promise<T> {
  // Failed families come back after a second instead of six minutes.
  const stack = await startLocalStack({ dataDir: null, weeklyJob: { visibilityTimeoutMs: 1_000 } });
  try {
    return await fn(stack);
  } finally {
    await stack.stop();
  }
}

async function main() {
  // Quiet: the injected failures would otherwise print an error line each.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'CRITICAL';
  const mix = familyMix(FAMILIES);
  const tick = tickFor(WEEK);
  console.log(`Sunday job bench: families due at ${tick.toISOString()} (week ${WEEK}), zones ${ZONES.join(', ')}`);
  const avg = (k: 'children' | 'chores') => (mix.reduce((s, f) => s + f[k], 0) / mix.length).toFixed(1);
  console.log(`Family mix: ${FAMILIES} families, ${avg('children')} children and ${avg('chores')} chores on average (1–6, 5–60)`);

  // ---- Today's job ----------------------------------------------------------------------------
  let legacy: { wall: number; cpuMs: number } | undefined;
  if (LEGACY_FAMILIES > 0) {
    legacy = await withStack(async (stack) => {
      if (WARMUP_FAMILIES > 0) {
        await seed(familyMix(WARMUP_FAMILIES, 'warm-up'), (id, tz) => legacyIndexKeys(id, runForWeek(WARMUP_WEEK, tz)));
        await runLegacyJob(tickFor(WARMUP_WEEK));
      }
      const legacyMix = mix.slice(0, LEGACY_FAMILIES);
      let t = performance.now();
      const legacyIds = await seed(legacyMix, (id, tz) => legacyIndexKeys(id, runForWeek(WEEK, tz)));
      console.log(`\nSeeded ${legacyIds.length} families for today's job in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const watch = watchFamilies();
      const cpu = cpuClock(stack.dynamo.pid);
      t = performance.now();
      const result = await runLegacyJob(tick);
      const seconds = (performance.now() - t) / 1000;
      const used = cpu();
      watch.stop();
      const check = await verify(legacyIds, WEEK);
      return report("Today's job (one Lambda, 16 families at a time, one conditional PutItem per assignment)", result.processed.length, seconds, watch, used, {
        'failed / skipped': `${result.failed} / ${result.skipped}`,
        'assignments written': check.assignments,
        'families with nothing to assign': check.empty,
        duplicates: check.duplicates,
        'families missed': check.missed,
      });
    });
  }

  // ---- The fan-out ----------------------------------------------------------------------------
  await withStack(async (stack) => {
    const job = stack.weekly;
    if (WARMUP_FAMILIES > 0) {
      await seed(familyMix(WARMUP_FAMILIES, 'warm-up'), (id, tz) => weeklyRunIndexKeys(id, runForWeek(WARMUP_WEEK, tz)));
      await job.dispatch(tickFor(WARMUP_WEEK));
      await job.queue.drained();
    }
    const t = performance.now();
    const ids = await seed(mix, (id, tz) => weeklyRunIndexKeys(id, runForWeek(WEEK, tz)));
    console.log(`\nSeeded ${ids.length} families for the fan-out in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const runFanOut = async (label: string, week: string, opts: { failOnce?: Set<string>; poison?: string } = {}) => {
      const failed = new Set<string>();
      const inject = aroundDynamoCalls(async (call, send) => {
        const id = call.partition?.startsWith('FAMILY#') ? call.partition.slice(7) : '';
        if (opts.failOnce?.has(id) && !failed.has(id) && call.command.startsWith('UpdateItem')) {
          failed.add(id);
          throw Object.assign(new Error('injected failure'), { name: 'InjectedFailure' });
        }
        return send();
      });
      const before = job.queue.stats();
      const watch = watchFamilies();
      const cpu = cpuClock(stack.dynamo.pid);
      const started = performance.now();
      const dispatch = await job.dispatch(tickFor(week));
      await job.queue.drained();
      const seconds = (performance.now() - started) / 1000;
      const used = cpu();
      watch.stop();
      inject();
      const after = job.queue.stats();
      const dead = job.queue.deadLetters.slice(before.deadLettered).map((m) => JSON.parse(m.body).familyId as string);
      const check = await verify(ids, week, new Set(opts.poison ? [opts.poison] : []));
      const rate = report(label, after.succeeded - before.succeeded, seconds, watch, used, {
        'dispatcher time': `${dispatch.ms.toFixed(0)} ms for ${dispatch.dispatched} families (the worker already running beside it)`,
        'failed receives (delivered again)': after.failedReceives - before.failedReceives,
        'dead-letter store': dead.length ? `${dead.length} (${dead.join(', ')})` : 0,
        'assignments written': check.assignments,
        'families with nothing to assign': check.empty,
        duplicates: check.duplicates,
        'families missed': check.missed,
      });
      if (opts.poison) console.log(`  the family failing every time ${dead.length === 1 && dead[0] === opts.poison ? 'ended in the dead-letter store' : 'DID NOT end in the dead-letter store'}`);
      return rate;
    };
    const settings = `batches of ${job.queue.options.batchSize}, ${job.queue.options.maxConcurrency} at a time`;
    const rate = await runFanOut(`Fan-out (dispatcher → queue → worker, ${settings})`, WEEK);
    if (legacy) {
      console.log(`\n  => ${(rate.wall / legacy.wall).toFixed(1)}× today's families/s (wall clock, both runs on this shared machine)`);
      console.log(`  => ${(legacy.cpuMs / rate.cpuMs).toFixed(1)}× less CPU per family than today's job (the families/s ratio on an otherwise idle machine)`);
    }

    const rng = createRng('failures');
    const failOnce = new Set(ids.filter(() => rng.next() < 0.01));
    await runFanOut(`Next Sunday, with ${failOnce.size} families (1%) failing once`, addDays(WEEK, 7), { failOnce });

    const poison = ids[Math.floor(ids.length / 2)]!;
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.family(poison), UpdateExpression: 'SET #tz = :tz', ExpressionAttributeNames: { '#tz': 'timeZone' }, ExpressionAttributeValues: { ':tz': 'Mars/Olympus_Mons' } }));
    await runFanOut('The Sunday after, with one family failing every time (its time zone is gone)', addDays(WEEK, 14), { poison });
  });

  // ---- The dispatcher alone -------------------------------------------------------------------
  if (DISPATCH_FAMILIES > 0) {
    await withStack(async (stack) => {
      const week = addDays(WEEK, 35);
      const t = performance.now();
      const items = Array.from({ length: DISPATCH_FAMILIES }, () => {
        const familyId = randomUUID();
        return { ...keys.family(familyId), type: ITEM_TYPES.family, familyId, timeZone: 'America/New_York', createdAt: '2026-01-01T00:00:00.000Z', ...weeklyRunIndexKeys(familyId, runForWeek(week, 'America/New_York')) };
      });
      const left = await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })), { concurrency: 8 });
      console.log(`\nSeeded ${DISPATCH_FAMILIES - left.length} families due in one hour (New York) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      stack.weekly.queue.detach(); // nobody works them off: this measures the dispatcher alone
      const watch = watchFamilies();
      const dispatch = await stack.weekly.dispatch(new Date(`${runForWeek(week, 'America/New_York').dueHour}:00:30Z`));
      watch.stop();
      const sent = stack.weekly.queue.stats().sent;
      console.log(`Dispatcher alone: ${sent} families onto the queue in ${(dispatch.ms / 1000).toFixed(1)} s (${(sent / (dispatch.ms / 1000)).toFixed(0)} families/s), ${dispatch.notSent} not sent, ${watch.otherRequests()} index queries, ${Math.ceil(sent / 10)} SendMessageBatch calls`);
    });
  }
}

await main();
