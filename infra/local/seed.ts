/** The demo family for `npm start`: created on first run only, so a second start keeps the data. */
import { createHash } from 'node:crypto';
import { DEMO_CHILDREN, DEMO_PARENT } from '../../shared/demo';
import { parseCents } from '../../shared/money';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createParentAccount, getFamily, getParentLogin, parentName } from '../../functions/data/family/accounts';
import * as keys from '../../functions/data/keys';
import { db, tableName } from '../../functions/lib/db';
import { createChild, listChildren, setChildCredentials } from '../../functions/data/family/children';
import { createChore, type ChoreCategory } from '../../functions/data/planning/chores';
import { hashPassword } from '../../functions/lib/passwords';
import { seedDemoFeatures, seedDemoGoal } from './demo-features';
import { seedDemoHistory } from './demo-history';

export const DEMO_CHORES: { name: string; description: string; category: ChoreCategory; amount: string; difficultyLevel: number }[] = [
  { name: 'Make your bed', description: 'Straighten the sheets and fluff the pillow', category: 'daily', amount: '0.50', difficultyLevel: 1 },
  { name: 'Brush teeth morning and night', description: 'Two minutes each time', category: 'daily', amount: '0.25', difficultyLevel: 1 },
  { name: 'Feed the cat', description: 'One scoop of food and fresh water', category: 'daily', amount: '0.75', difficultyLevel: 2 },
  { name: 'Set the dinner table', description: 'Plates, cups, forks and napkins for everyone', category: 'daily', amount: '0.50', difficultyLevel: 2 },
  { name: 'Empty the dishwasher', description: 'Put clean dishes back where they belong', category: 'daily', amount: '1.00', difficultyLevel: 3 },
  { name: 'Vacuum the living room', description: 'Including under the couch cushions', category: 'weekly', amount: '3.00', difficultyLevel: 3 },
  { name: 'Clean your room', description: 'Toys away, clothes in the hamper', category: 'weekly', amount: '2.50', difficultyLevel: 2 },
  { name: 'Take out the recycling', description: 'Sort paper, plastic and glass', category: 'weekly', amount: '1.50', difficultyLevel: 2 },
  { name: 'Wash the car', description: 'With a grown-up, on a sunny day', category: 'weekly', amount: '5.00', difficultyLevel: 4 },
  { name: 'Mow the lawn', description: 'Front and back yard', category: 'weekly', amount: '7.50', difficultyLevel: 5 },
  { name: 'Water the plants', description: 'Check the soil first: only water when dry', category: 'continuous', amount: '0.50', difficultyLevel: 1 },
  { name: 'Read for 20 minutes', description: 'Any book you like', category: 'continuous', amount: '1.00', difficultyLevel: 2 },
  { name: 'Practice the piano', description: 'Scales, then your current piece', category: 'continuous', amount: '1.25', difficultyLevel: 3 },
];

/**
 * A fixed UUID for a part of the demo family, so the planner (seeded by the family's, children's
 * and chores' ids) and the history's ticks come out the same on every first start at the same time.
 */
export function demoId(part: string): string {
  const h = createHash('sha256').update(`chorequest-demo:${part}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * `existing` when a finished demo family is there; `interrupted` when an earlier first start was
 * stopped half-way through seeding (the family is incomplete: delete the data directory to redo it).
 */
export async function seedDemoFamily(now = new Date(), timeZone = 'America/New_York'): Promise<'seeded' | 'existing' | 'interrupted'> {
  const login = await getParentLogin(DEMO_PARENT.email);
  if (login) return (await getFamily(login.familyId))?.demoSeeded ? 'existing' : 'interrupted';
  const created = await createParentAccount({
    email: DEMO_PARENT.email,
    passwordHash: await hashPassword(DEMO_PARENT.password),
    firstName: DEMO_PARENT.firstName,
    lastName: DEMO_PARENT.lastName,
    timeZone,
    now,
    // The demo shows a family in use: its parent confirmed the address long ago (no banner).
    emailVerified: true,
    ids: { familyId: demoId('family'), parentId: demoId('parent') },
  });
  // Its login was looked up just above: taken now means another start is seeding at the same time.
  if (created === 'email-taken') return 'interrupted';
  const { family, parent } = created;
  for (const c of DEMO_CHILDREN) {
    const child = await createChild(family.familyId, { displayName: c.displayName, age: c.age, maxDifficultyLevel: c.maxDifficultyLevel }, now, demoId(`child:${c.username}`));
    if ((await setChildCredentials(child, c.username, await hashPassword(c.password))) !== 'set') return 'interrupted';
  }
  for (const chore of DEMO_CHORES) {
    await createChore(family.familyId, { ...chore, amountCents: parseCents(chore.amount)! }, now, demoId(`chore:${chore.name}`));
  }
  // The demo opens on a family in use (issue 18): past weeks done, a payout, this week under way.
  await seedDemoHistory(family.familyId, timeZone, now, { parentId: parent.parentId, name: parentName(parent) }, (children, weekStart) => seedDemoGoal(family.familyId, children, weekStart, timeZone, demoId));
  // Issue 29 point 3: the newer features, there without setup (a tick waiting for an OK, a first-wins chore, weekends away).
  await seedDemoFeatures(family.familyId, await listChildren(family.familyId), timeZone, now, demoId);
  // Written last, so a start stopped half-way is told apart from a finished demo family.
  await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.family(family.familyId), UpdateExpression: 'SET demoSeeded = :t', ExpressionAttributeValues: { ':t': true } }));
  return 'seeded';
}
