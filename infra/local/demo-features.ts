/**
 * What the demo family shows of the newer features without any setup (issue 29 point 3): a savings
 * goal Emma has been saving toward this week, a chore that needs a parent's OK with Liam's tick
 * waiting on the dashboard, a "first who does it" chore (offered to every child from the next
 * week the Sunday job or a Reassign plans), and Mia away every other weekend at Grandma's from next
 * week on. Written through the data functions the API uses, with fixed ids and times, so the seed
 * comes out the same item by item on every first start at the same moment. The past weeks are left
 * as they were (the new chores are made after them), so the demo's history and charts do not move.
 */
import { addDays, familyClock, startOfLocalDay, weekdayOf, type IsoDate } from '../../shared/time';
import { datedDay, tickChoreDay } from '../../functions/data/ticks/completion-writes';
import { newDatedItem, putDatedIfAbsent } from '../../functions/data/planning/assignments';
import { getChild, type ChildItem } from '../../functions/data/family/children';
import { createChore } from '../../functions/data/planning/chores';
import { createGoal } from '../../functions/data/money/goals';
import { setChildAvailability } from '../../functions/data/family/household-settings';

/** The demo's examples of the newer features, by name (the tests and the README speak of them). */
export const DEMO_FEATURES = {
  goal: { child: 'Emma', name: 'New bike', targetCents: 6000, icon: 'bike' },
  needsOk: { child: 'Liam', name: 'Tidy the bookshelf', description: 'Books back on the shelf, tallest first', amountCents: 75 },
  firstWins: { name: 'Walk the dog', description: 'Whoever walks Biscuit first today earns it', amountCents: 100 },
  away: { child: 'Mia', label: 'At Grandma’s' },
} as const;

const HOUR = 3_600_000;
const at = (date: IsoDate, tz: string, hour: number) => new Date(startOfLocalDay(date, tz).getTime() + hour * HOUR);

const named = (children: readonly ChildItem[], name: string): ChildItem => {
  const child = children.find((c) => c.displayName === name);
  if (!child) throw new Error(`The demo has no child named ${name}`);
  return child;
};

/** Emma's goal, set on Sunday morning of this week: what she earns this week counts toward it. */
export async function seedDemoGoal(familyId: string, children: readonly ChildItem[], weekStart: IsoDate, timeZone: string, idOf: (part: string) => string): Promise<void> {
  const { goal } = DEMO_FEATURES;
  const emma = named(children, goal.child);
  const made = await createGoal(
    familyId,
    emma.childId,
    { name: goal.name, targetCents: goal.targetCents, icon: goal.icon, topUpPercent: 0 },
    { role: 'child', id: emma.childId, name: emma.displayName },
    at(weekStart, timeZone, 9),
    false,
    { goalId: idOf('goal:new-bike') },
  );
  if (typeof made === 'string') throw new Error(`The demo goal could not be set: ${made}`);
}

/** The chore that needs an OK (with Liam's tick waiting today), the first-wins chore, and Mia's weekends away. */
export async function seedDemoFeatures(familyId: string, children: readonly ChildItem[], timeZone: string, now: Date, idOf: (part: string) => string): Promise<void> {
  const clock = familyClock(now, timeZone);
  const { needsOk, firstWins, away } = DEMO_FEATURES;

  const gated = await createChore(familyId, { name: needsOk.name, description: needsOk.description, category: 'daily', amountCents: needsOk.amountCents, difficultyLevel: 1, needsApproval: true }, now, idOf(`chore:${needsOk.name}`));
  const liam = (await getChild(familyId, named(children, needsOk.child).childId, true))!;
  const { item } = await putDatedIfAbsent(
    newDatedItem({ familyId, child: liam, chore: gated, weekStart: clock.weekStart, assignedDate: clock.today, dayOfWeek: weekdayOf(clock.today), source: 'manual', now: new Date(now.getTime() - 10 * 60_000) }),
  );
  await tickChoreDay(datedDay(item), liam, { now: new Date(now.getTime() - 2 * 60_000), completedOn: clock.today, cents: gated.amountCents, actor: { role: 'child', id: liam.childId, name: liam.displayName }, waiting: true });

  await createChore(familyId, { name: firstWins.name, description: firstWins.description, category: 'daily', amountCents: firstWins.amountCents, difficultyLevel: 2, who: { mode: 'first' } }, now, idOf(`chore:${firstWins.name}`));

  // Every other weekend from next week's Saturday: the current week's plan stays as it was handed out.
  const mia = named(children, away.child);
  await setChildAvailability(familyId, mia.childId, { cycles: [{ start: addDays(clock.weekStart, 13), length: 14, away: [0, 1], label: away.label }], away: [], pause: null });
}
