/**
 * The demo family `npm start` seeds (issue 18): a family in use, with four past weeks of ticks, a
 * payout, and this week under way; the same on every first start at the same moment
 * (deterministic), and left alone by a second start (idempotent). Runs the seed in this process
 * against fresh tables of the stack's DynamoDB Local.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, familyClock } from '../../shared/time';
import { useStackInThisProcess } from './support/client';

const NOW = new Date('2026-11-25T19:30:00Z'); // a Wednesday afternoon in New York
const TZ = 'America/New_York';
const previous = process.env.TABLE_NAME;

const raw = () => new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** Seeds the demo into a new table of its own and returns everything in it (without volatile fields). */
async function seedInto(table: string) {
  const { ensureTable } = await import('../../infra/local/dynamo');
  const { resetAppEnv } = await import('../../functions/lib/env');
  const { seedDemoFamily } = await import('../../infra/local/seed');
  await ensureTable(raw(), table);
  process.env.TABLE_NAME = table;
  resetAppEnv();
  const first = await seedDemoFamily(NOW, TZ);
  const second = await seedDemoFamily(NOW, TZ);
  const doc = DynamoDBDocumentClient.from(raw());
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  // Password hashes are salted, credential stamps, sessions and log events' ids random: everything else must match.
  const stable = items
    .filter((i) => i.type !== 'Sessions' && i.type !== 'Throttle')
    .map(({ passwordHash: _h, stamp: _s, genClaim: _g, ...rest }) =>
      rest.type === 'ActivityEvent' ? (({ SK: _k, GSI1SK: _g1, eventId: _e, ...event }) => event)(rest) : rest,
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { first, second, items: stable };
}

describe('the demo family', () => {
  let a: Awaited<ReturnType<typeof seedInto>>;
  let b: Awaited<ReturnType<typeof seedInto>>;
  beforeAll(async () => {
    useStackInThisProcess();
    const stamp = Date.now().toString(36);
    a = await seedInto(`demo-a-${stamp}`);
    b = await seedInto(`demo-b-${stamp}`);
  }, 120_000);
  afterAll(async () => {
    process.env.TABLE_NAME = previous;
    const { resetAppEnv } = await import('../../functions/lib/env');
    resetAppEnv();
  });

  it('is seeded once, and a second start leaves it as it is', () => {
    expect([a.first, a.second]).toEqual(['seeded', 'existing']);
  });

  it('comes out the same on every first start at the same moment', () => {
    expect(b.items).toEqual(a.items);
  });

  it('has a believable history: four past weeks with ticks, a payout, this week under way, children who sign in', () => {
    const clock = familyClock(NOW, TZ);
    const weeks = a.items.filter((i) => i.type === 'WeekEarnings') as { period: string; cents: number; count: number }[];
    for (let back = 1; back <= 4; back++) {
      const week = addDays(clock.weekStart, -7 * back);
      const total = weeks.filter((w) => w.period === week).reduce((s, w) => s + w.cents, 0);
      expect(total, `week of ${week}`).toBeGreaterThan(0);
    }
    const thisWeek = weeks.filter((w) => w.period === clock.weekStart);
    expect(thisWeek.reduce((s, w) => s + w.count, 0)).toBeGreaterThan(0);
    const payouts = a.items.filter((i) => i.type === 'Payout') as { paidAt: string; amountCents: number }[];
    expect(payouts).toHaveLength(3);
    expect(payouts.every((p) => p.amountCents > 0 && p.paidAt < NOW.toISOString())).toBe(true);
    // Not everything is done: the demo shows pending chores too, and nothing after now.
    const dated = a.items.filter((i) => i.type === 'Assignment' && i.weekStart === clock.weekStart) as { isCompleted: boolean; assignedDate: string; completedAt?: string }[];
    expect(dated.some((d) => !d.isCompleted)).toBe(true);
    expect(dated.filter((d) => d.isCompleted).every((d) => d.assignedDate <= clock.today && d.completedAt! <= NOW.toISOString())).toBe(true);
    const children = a.items.filter((i) => i.type === 'Child') as { firstSignInAt?: string }[];
    expect(children).toHaveLength(3);
    expect(children.every((c) => c.firstSignInAt !== undefined)).toBe(true);
  });

  it('shows the newer features without setup: a goal with progress, a tick waiting for an OK, a first-wins chore, weekends away (issue 29 point 3)', () => {
    const clock = familyClock(NOW, TZ);
    const child = (name: string) => (a.items.find((i) => i.type === 'Child' && i.displayName === name) as { childId: string; availability?: { cycles: { start: string; label?: string }[] } })!;
    // Emma saves toward a bike, set on Sunday morning: this week's earnings count toward it.
    const goals = a.items.filter((i) => i.type === 'Goal') as { childId: string; name: string; targetCents: number; createdAt: string }[];
    expect(goals).toMatchObject([{ childId: child('Emma').childId, name: 'New bike', targetCents: 6000 }]);
    expect(goals[0]!.createdAt.slice(0, 10) >= clock.weekStart).toBe(true);
    const emma = a.items.find((i) => i.type === 'Child' && i.displayName === 'Emma') as { earnedTotalCents: number; savingsBaseCents: number; activeGoals: number };
    expect(emma.activeGoals).toBe(1);
    expect(emma.earnedTotalCents - emma.savingsBaseCents).toBeGreaterThan(0);
    expect(emma.earnedTotalCents - emma.savingsBaseCents).toBeLessThan(6000);
    // Liam's tick of a chore that needs an OK waits today.
    const chores = a.items.filter((i) => i.type === 'Chore') as { choreId: string; name: string; needsApproval?: boolean; who?: { mode: string } }[];
    const gated = chores.find((c) => c.needsApproval)!;
    expect(gated.name).toBe('Tidy the bookshelf');
    const waiting = a.items.filter((i) => i.type === 'Assignment' && i.choreId === gated.choreId) as { childId: string; assignedDate: string; isCompleted: boolean; waiting?: boolean }[];
    expect(waiting).toMatchObject([{ childId: child('Liam').childId, assignedDate: clock.today, isCompleted: true, waiting: true }]);
    // A chore the first child to do it takes.
    expect(chores.filter((c) => c.who?.mode === 'first').map((c) => c.name)).toEqual(['Walk the dog']);
    // Mia is away every other weekend, from next week on (this week's plan stays as handed out).
    expect(child('Mia').availability?.cycles).toMatchObject([{ start: addDays(clock.weekStart, 13), label: 'At Grandma’s' }]);
  });
});

