/** Families for the household planner's tests (household-planner.test.ts, household-planner-first-wins.test.ts), and what they read back. */
import { makeFamily, type Family } from './family';

export const ZERO = { dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 0 };
/** A family whose children take nothing from the balanced pool (only the issue-21 chores reach them). */
export async function quietFamily(kids = 2): Promise<Family> {
  const f = await makeFamily({ kids });
  for (const kid of f.kids) await f.parent.put(`/api/children/${kid.id}/chore-settings`, ZERO);
  return f;
}
export async function chore(f: Family, body: Record<string, unknown>) {
  const res = await f.parent.post('/api/chores', { amount: '1.00', difficultyLevel: 1, ...body });
  if (res.status !== 201) throw new Error(`chore: ${res.status} ${res.text}`);
  return res.body;
}
export const calendar = async (f: Family, kid: string, week?: string) => (await f.parent.get(`/api/children/${kid}/calendar${week ? `?weekStart=${week}` : ''}`)).body;
export const datedOf = (cal: any, choreId: string) => cal.assignments.filter((a: any) => !a.isContinuous && a.choreId === choreId);
export const slotsOf = (items: { childId: string; choreId: string; date: string }[]) => items.map((a) => `${a.childId}|${a.choreId}|${a.date}`).sort();
