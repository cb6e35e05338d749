/**
 * `npm run bench:reminders` (part of `npm run bench`): the reminders at scale, on DynamoDB Local
 * (issue 32, docs/capacity.md "Reminders").
 *
 * 1. The dispatcher among BENCH_REMINDER_PEOPLE (default 100,000) people with reminders on, their
 *    next slots spread over a day as families set them (most at 15:00–19:00 local, eight time zones):
 *    one run must queue exactly the people of its slots (its own and its lookback), no one else.
 *    Printed: people queued and expected, index Queries, time, requests per person queued.
 * 2. The worker on BENCH_REMINDER_SENDS (default 300) children with a chore left today and a device
 *    on the local push service: every push must arrive decrypted. Printed: pushes per second,
 *    DynamoDB requests per reminder (median, max), the same for a parent's digest.
 *
 * People are written straight into the table (the app's item shapes). Prints figures; asserts
 * nothing but exits non-zero when a run queues or delivers other than expected.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { batchWriteAll } from '../../functions/data/batch-write';
import { CHILD_DEFAULTS } from '../../functions/data/family/children';
import * as keys from '../../functions/data/keys';
import { ITEM_TYPES } from '../../functions/data/keys';
import { datedRecord, newDatedItem } from '../../functions/data/planning/assignments';
import { putDevice } from '../../functions/data/push/devices';
import { refreshReminder } from '../../functions/data/push/reminders';
import { createRng } from '../../functions/domain/prng';
import { slotKey } from '../../functions/domain/reminders';
import { startLocalStack } from '../../infra/local/stack';
import { localDate, localInstant, weekStartOfDate, weekdayOf } from '../../shared/time';
import { aroundDynamoCalls } from '../support/dynamo-calls';

const PEOPLE = Number(process.env.BENCH_REMINDER_PEOPLE ?? 100_000);
const SENDS = Number(process.env.BENCH_REMINDER_SENDS ?? 300);
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney', 'America/Sao_Paulo'];
/** The measured run: 2027-03-15 21:00Z, 17:00 in New York (EDT), 16:00 … in none of the others. */
const TICK = new Date('2027-03-15T21:00:20Z');
const DAY = '2027-03-15';
/** The worker's day: a week later, so the dispatcher's lookback finds none of the first part's people. */
const SEND_DAY = '2027-03-22';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** A local time people choose: mostly the afternoon, some any quarter hour. */
function chosenTime(rng: ReturnType<typeof createRng>): string {
  const q = rng.next() < 0.8 ? 60 + rng.int(17) : rng.int(96);
  return `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
}

async function dispatcherAmongMany(stack: Awaited<ReturnType<typeof startLocalStack>>): Promise<boolean> {
  const rng = createRng('reminder-bench');
  // Imported once the stack has set the environment (metrics off, as in every local run).
  const { slotsFor } = await import('../../functions/jobs/reminders/dispatch');
  const due = new Set(slotsFor(TICK));
  const expected = new Set<string>();
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const familyId = randomUUID();
    const personId = randomUUID();
    const zone = ZONES[i % ZONES.length]!;
    const slot = slotKey(localInstant(DAY, chosenTime(rng), zone));
    if (due.has(slot)) expected.add(`${familyId}#${personId}`);
    const key = keys.reminder(familyId, 'CHILD', personId);
    const shard = Number.parseInt(personId.slice(0, 8), 16) % keys.REMINDER_SHARDS;
    items.push({ ...key, type: ITEM_TYPES.reminder, familyId, kind: 'CHILD', personId, slot, GSI2PK: keys.reminderIndex(slot, shard), GSI2SK: keys.reminderIndexSort(familyId, 'CHILD', personId) });
  }
  let t = performance.now();
  const left = await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));
  console.log(`Seeded ${PEOPLE - left.length} people with reminders on, spread over a day in ${ZONES.length} zones, in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const queued: string[] = [];
  stack.reminders.queue.detach();
  stack.reminders.queue.attach(async (event) => {
    for (const r of event.Records) {
      const m = JSON.parse(r.body) as { familyId: string; personId: string };
      queued.push(`${m.familyId}#${m.personId}`);
    }
    return { batchItemFailures: [] };
  });
  let queries = 0;
  const stop = aroundDynamoCalls(async (call, send) => {
    if (call.command === 'QueryCommand') queries++;
    return send();
  });
  t = performance.now();
  const result = await stack.reminders.dispatch(TICK);
  await stack.reminders.queue.drained();
  const ms = performance.now() - t;
  stop();
  const exact = queued.length === expected.size && queued.every((q) => expected.has(q)) && new Set(queued).size === queued.length;
  console.log(`Dispatcher: ${result.dispatched} queued of ${expected.size} due in its ${due.size} slots (among ${PEOPLE}): ${exact ? 'exactly those' : 'NOT exactly those'}`);
  console.log(`  ${queries} index Queries (${due.size} slots × ${keys.REMINDER_SHARDS} shards), ${(ms / 1000).toFixed(2)} s, ${(queries / Math.max(1, result.dispatched)).toFixed(3)} Queries per person queued, ${Math.ceil(result.dispatched / 10)} SendMessageBatch calls`);
  return exact;
}

async function workerSends(stack: Awaited<ReturnType<typeof startLocalStack>>): Promise<boolean> {
  const zone = 'America/New_York';
  const at = localInstant(SEND_DAY, '16:00', zone);
  const people: { familyId: string; childId: string; sub: string }[] = [];
  const now = new Date();
  for (let i = 0; i < SENDS; i++) {
    const familyId = randomUUID();
    const childId = randomUUID();
    const choreId = randomUUID();
    const chore = { choreId, name: 'Make bed', category: 'daily' as const, amountCents: 50, difficultyLevel: 1 };
    const sessionId = randomUUID().replace(/-/g, '');
    const assignment = newDatedItem({ familyId, child: { childId }, chore, weekStart: weekStartOfDate(SEND_DAY), assignedDate: SEND_DAY, dayOfWeek: weekdayOf(SEND_DAY), source: 'generated', now: new Date(`${SEND_DAY}T05:00:00Z`) });
    await batchWriteAll(
      [
        { ...keys.family(familyId), type: ITEM_TYPES.family, familyId, timeZone: zone, createdAt: now.toISOString() },
        { ...keys.child(familyId, childId), type: ITEM_TYPES.child, ...CHILD_DEFAULTS, childId, familyId, displayName: 'Kid', createdAt: '2027-01-01T00:00:00.000Z' },
        { ...keys.chore(familyId, choreId), type: ITEM_TYPES.chore, ...chore, familyId, createdAt: '2027-01-01T00:00:00.000Z' },
        datedRecord(assignment),
        { ...keys.sessions(familyId, childId), type: ITEM_TYPES.sessions, userId: childId, role: 'child', live: { [sessionId]: Math.floor(Date.now() / 1000) + 86_400 }, version: 1 },
      ].map((Item) => ({ PutRequest: { Item } })),
    );
    const sub = stack.push.subscribe(`Bench ${i}`);
    await putDevice({ familyId, userId: childId, role: 'child', sessionId, body: sub, now });
    await refreshReminder(familyId, { kind: 'CHILD', id: childId }, new Date(`${SEND_DAY}T12:00:00Z`));
    people.push({ familyId, childId, sub: sub.id });
  }
  stack.reminders.queue.detach();
  const { handler } = await import('../../functions/jobs/reminders/worker');
  const perReminder: number[] = [];
  stack.reminders.queue.attach((event) => handler(event));
  const counts = new Map<string, number>();
  const stop = aroundDynamoCalls(async (call, send) => {
    const family = call.partition?.startsWith('FAMILY#') ? call.partition : 'other';
    counts.set(family, (counts.get(family) ?? 0) + 1);
    return send();
  });
  const t = performance.now();
  const result = await stack.reminders.dispatch(at);
  await stack.reminders.queue.drained();
  const s = (performance.now() - t) / 1000;
  stop();
  for (const p of people) perReminder.push(counts.get(`FAMILY#${p.familyId}`) ?? 0);
  const arrived = people.filter((p) => stack.push.received(p.sub).some((r) => (r.payload as { body?: string }).body === '1 chore left today')).length;
  console.log(`Worker: ${result.dispatched} children due, ${arrived} reminders arrived decrypted at the local push service in ${s.toFixed(1)} s (${(arrived / s).toFixed(0)}/s on DynamoDB Local)`);
  console.log(`  DynamoDB requests per child's reminder: median ${median(perReminder)}, max ${Math.max(...perReminder)} (family, child, devices, sessions, chores, the week, ongoing chores, and moving the reminder on)`);
  console.log(`  the family's local date of the slot: ${localDate(at, zone)}`);
  return arrived === SENDS;
}

async function main(): Promise<void> {
  console.log(`Reminders bench, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const stack = await startLocalStack({ dataDir: null });
  try {
    const exact = await dispatcherAmongMany(stack);
    const delivered = await workerSends(stack);
    if (!exact || !delivered) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
