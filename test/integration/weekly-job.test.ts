/**
 * The scheduled job: families in three time zones, a DST weekend, a second run. The clock is
 * simulated by passing `now`; family next-run markers are moved into March 2027 (test set-up).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { runForWeek, weeklyRunIndexKeys } from '../../functions/domain/weekly-run';
import { testDb } from './support/client';
import { makeFamily, type Family } from './support/family';

let runWeeklyJob: (now: Date) => Promise<{ due: number; processed: { familyId: string; weekStart: string }[]; skipped: number; failed: number }>;

async function familyIdOf(f: Family): Promise<string> {
  return (await f.parent.get('/api/auth/parent-user')).body.familyId;
}

async function dueFor(f: Family, weekStart: string, tz: string) {
  const { doc, tableName } = testDb();
  const familyId = await familyIdOf(f);
  await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { PK: `FAMILY#${familyId}`, SK: 'PROFILE' },
      UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk, nextRunWeekStart = :w',
      ExpressionAttributeValues: (({ GSI2PK, GSI2SK, nextRunWeekStart }) => ({ ':pk': GSI2PK, ':sk': GSI2SK, ':w': nextRunWeekStart }))(weeklyRunIndexKeys(familyId, runForWeek(weekStart, tz))),
    }),
  );
  return familyId;
}

describe('weekly job', () => {
  let ny: Family, london: Family, kolkata: Family;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(process.env, { TABLE_NAME: inject('tableName'), DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'ERROR' });
    ({ runWeeklyJob } = await import('../../functions/jobs/weekly'));
    [ny, london, kolkata] = await Promise.all([makeFamily({ timeZone: 'America/New_York', kids: 1 }), makeFamily({ timeZone: 'Europe/London', kids: 1 }), makeFamily({ timeZone: 'Asia/Kolkata', kids: 1 })]);
    // 2027-03-14: the US springs forward that Sunday at 02:00; London a fortnight later.
    ids.ny = await dueFor(ny, '2027-03-14', 'America/New_York');
    ids.london = await dueFor(london, '2027-03-14', 'Europe/London');
    ids.kolkata = await dueFor(kolkata, '2027-03-14', 'Asia/Kolkata');
  });

  const processedAt = async (iso: string) => (await runWeeklyJob(new Date(iso))).processed.map((p) => p.familyId);
  const calendarCount = async (f: Family, week: string) =>
    (await f.parent.get(`/api/children/${f.kids[0]!.id}/calendar?weekStart=${week}`)).body.assignments.filter((a: any) => !a.isContinuous).length;

  it('runs each family at its own local Sunday 00:00, once, and never twice', async () => {
    // Kolkata's Sunday begins 2027-03-13T18:30Z: due at the 19:00 tick, not at 18:00.
    expect(await processedAt('2027-03-13T18:00:00Z')).not.toContain(ids.kolkata);
    expect(await processedAt('2027-03-13T19:00:00Z')).toContain(ids.kolkata);
    // London (GMT in mid-March): midnight is 00:00Z.
    const atMidnightUtc = await processedAt('2027-03-14T00:00:00Z');
    expect(atMidnightUtc).toContain(ids.london);
    expect(atMidnightUtc).not.toContain(ids.kolkata);
    // New York on the DST weekend: Sunday 00:00 is still EST (05:00Z); 04:00Z is Saturday 23:00.
    expect(await processedAt('2027-03-14T04:00:00Z')).not.toContain(ids.ny);
    expect(await processedAt('2027-03-14T05:00:00Z')).toContain(ids.ny);
    // A second run in the same hour (or a late one) does nothing more for them.
    const again = await runWeeklyJob(new Date('2027-03-14T05:00:00Z'));
    expect(again.processed.map((p) => p.familyId)).not.toEqual(expect.arrayContaining([ids.ny]));
    expect(again.processed.map((p) => p.familyId)).not.toContain(ids.london);
    expect(again.failed).toBe(0);
  });

  it('generated the new week, and moved each family to its next Sunday (DST-aware)', async () => {
    for (const f of [ny, london, kolkata]) expect(await calendarCount(f, '2027-03-14')).toBeGreaterThan(0);
    const count = await calendarCount(ny, '2027-03-14');
    // The next NY run is 2027-03-21 00:00 EDT = 04:00Z (an hour earlier in UTC than this week).
    expect(await processedAt('2027-03-21T03:00:00Z')).not.toContain(ids.ny);
    expect(await processedAt('2027-03-21T04:00:00Z')).toContain(ids.ny);
    expect(await calendarCount(ny, '2027-03-14')).toBe(count);
    expect(await calendarCount(ny, '2027-03-21')).toBeGreaterThan(0);
  });

  it('catches up a family whose run was missed', async () => {
    // Prepare: a family due at 2027-04-04 00:00 Tokyo time, while no tick ran that weekend.
    const tokyo = await makeFamily({ timeZone: 'Asia/Tokyo', kids: 1 });
    const id = await dueFor(tokyo, '2027-04-04', 'Asia/Tokyo');
    // Act: the first tick two days later.
    const late = await runWeeklyJob(new Date('2027-04-06T10:00:00Z'));
    // Assess: it runs, for the week that has begun.
    expect(late.processed).toContainEqual(expect.objectContaining({ familyId: id, weekStart: '2027-04-04' }));
    expect(await calendarCount(tokyo, '2027-04-04')).toBeGreaterThan(0);
  });
});
