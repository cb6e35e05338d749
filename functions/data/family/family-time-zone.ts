/**
 * Changing a family's time zone. "Today", "this week" and every dashboard follow the zone at once
 * (they read it on every request); the Sunday job follows it through the due-family index, whose
 * keys (GSI2) are recomputed here: the family stays due for the same week, now at its Sunday 00:00
 * in the new zone. A week that has already begun in the new zone but was not handed out yet becomes
 * due at once (the dispatcher's next tick sends it).
 *
 * The Sunday worker holds the family's generation claim while it generates and then commits the
 * next run computed in the zone it read; a change written in between would be overwritten by that
 * commit. So the change is written only while no generator holds the claim (and only over the next
 * run it read), waiting a moment for a holder to finish, as a Reassign does
 * (docs/decisions/042-time-zone-changes-and-the-sunday-run.md).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nextWeeklyRun, runForWeek, type WeeklyRun } from '../../domain/weekly-run';
import { weeklyRunIndexKeys } from '../planning/weekly-run-index';
import { db, tableName } from '../../lib/db';
import { getFamily, type FamilyItem } from './accounts';
import { GENERATION_CLAIM } from '../planning/generation-claim';
import * as keys from '../keys';
import { isConditionFailure } from '../query';

export type TimeZoneOutcome = { status: 'changed'; family: FamilyItem; next: WeeklyRun } | { status: 'busy' | 'gone' | 'deleting' };

export async function setFamilyTimeZone(familyId: string, timeZone: string, now: Date, waitMs: number = GENERATION_CLAIM.waitMs): Promise<TimeZoneOutcome> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const family = await getFamily(familyId, true);
    if (!family) return { status: 'gone' };
    if (family.deletion) return { status: 'deleting' };
    const claimed = family.genClaim && family.genClaim.until >= Date.now();
    if (!claimed) {
      const next = family.nextRunWeekStart ? runForWeek(family.nextRunWeekStart, timeZone) : nextWeeklyRun(now, timeZone);
      const index = weeklyRunIndexKeys(familyId, next);
      try {
        const out = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.family(familyId),
            UpdateExpression: 'SET #tz = :tz, GSI2PK = :pk, GSI2SK = :sk, nextRunWeekStart = :next',
            ConditionExpression:
              'attribute_exists(PK) AND attribute_not_exists(deletion) AND (attribute_not_exists(genClaim) OR genClaim.#until < :now) AND ' +
              (family.nextRunWeekStart ? 'nextRunWeekStart = :seen' : 'attribute_not_exists(nextRunWeekStart)'),
            ExpressionAttributeNames: { '#until': 'until', '#tz': 'timeZone' },
            ExpressionAttributeValues: {
              ':tz': timeZone,
              ':pk': index.GSI2PK,
              ':sk': index.GSI2SK,
              ':next': index.nextRunWeekStart,
              ':now': Date.now(),
              ...(family.nextRunWeekStart ? { ':seen': family.nextRunWeekStart } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { status: 'changed', family: out.Attributes as FamilyItem, next };
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    if (Date.now() + GENERATION_CLAIM.pollMs > giveUpAt) return { status: 'busy' };
    await new Promise((r) => setTimeout(r, GENERATION_CLAIM.pollMs + Math.random() * GENERATION_CLAIM.pollMs));
  }
}
