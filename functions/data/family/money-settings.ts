/**
 * The family's money settings (issue 22, decision 054): its currency, the locale amounts are written
 * in, and its spend / save / give split, stored on the family item. Families made before them have
 * none of the attributes and read as US dollars in US style with jars off (`familyMoney`); nothing is
 * rewritten. Changing the currency relabels the stored minor units, it converts nothing.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MoneySettingsDto } from '../../../shared/api-types';
import type { MoneySettingsInput } from '../../../shared/savings-schemas';
import { db, tableName } from '../../lib/db';
import { familyMoney, type FamilyItem } from './accounts';
import * as keys from '../keys';
import { isConditionFailure } from '../query';

/**
 * Applies what the input gives (an absent field stays; `jars: null` turns jars off) in one
 * conditional UpdateItem and answers the settings as they now are; 'gone' when the family is missing
 * or being deleted. An input with nothing in it changes nothing: undefined, the caller reads.
 */
export async function setFamilyMoney(
  familyId: string,
  input: MoneySettingsInput,
  /**
   * When jars are switched: whether they were on, and the family's `goalsMade` count, as read when
   * the caller checked that no child saves toward a goal. The write is conditional on both, so a goal
   * set in between makes it 'changed' (see `FamilyItem.goalsMade`).
   */
  read?: { jarsWereOn: boolean; goalsMade: number | undefined },
): Promise<MoneySettingsDto | 'gone' | 'changed' | undefined> {
  const set: string[] = [];
  const remove: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (input.currency !== undefined) {
    set.push('#currency = :currency');
    names['#currency'] = 'currency';
    values[':currency'] = input.currency;
  }
  if (input.locale !== undefined) {
    set.push('#locale = :locale');
    names['#locale'] = 'locale';
    values[':locale'] = input.locale;
  }
  if (input.jars !== undefined) {
    names['#jars'] = 'jars';
    if (input.jars === null) remove.push('#jars');
    else {
      set.push('#jars = :jars');
      values[':jars'] = { spend: input.jars.spend, save: input.jars.save, give: input.jars.give };
    }
  }
  if (set.length === 0 && remove.length === 0) return undefined;
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(familyId),
        UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].filter(Boolean).join(' '),
        ConditionExpression: ['attribute_exists(PK) AND attribute_not_exists(deletion)', ...(read ? readCondition(read, values) : [])].join(' AND '),
        ExpressionAttributeNames: read === undefined ? names : { ...names, '#jars': 'jars', '#goalsMade': 'goalsMade' },
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return familyMoney(out.Attributes as FamilyItem);
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    if (read === undefined) return 'gone';
    // Jars were switched at the same moment, or the family is going: the caller reads to tell.
    return 'changed';
  }
}

/** Jars on or off, and the goals made, as read (absent when they were absent). */
function readCondition(read: { jarsWereOn: boolean; goalsMade: number | undefined }, values: Record<string, unknown>): string[] {
  const goals = read.goalsMade === undefined ? 'attribute_not_exists(#goalsMade)' : '#goalsMade = :goalsMade';
  if (read.goalsMade !== undefined) values[':goalsMade'] = read.goalsMade;
  return [read.jarsWereOn ? 'attribute_exists(#jars)' : 'attribute_not_exists(#jars)', goals];
}
