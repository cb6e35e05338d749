/** Builds a family through the API for tests: parent, children with logins, chores. */
import { familyClock, weekdayOf, type FamilyClock } from '../../../shared/time';
import { confirmWelcome } from './account';
import { signUpParent, TestClient, uniqueName } from './client';

export interface Family {
  parent: TestClient;
  email: string;
  clock: FamilyClock;
  kids: { id: string; username: string; password: string; client: TestClient }[];
  chores: { daily: any; weekly: any; continuous: any; hard: any };
}

/** `confirmed`: the parent follows the welcome e-mail's link first (inviting a co-parent takes a confirmed address). */
export async function makeFamily(opts: { timeZone?: string; kids?: number; confirmed?: boolean } = {}): Promise<Family> {
  const timeZone = opts.timeZone ?? 'UTC';
  const { client: parent, email } = await signUpParent({ timeZone });
  if (opts.confirmed) await confirmWelcome(email);
  const kids: Family['kids'] = [];
  for (let i = 0; i < (opts.kids ?? 2); i++) {
    const created = await parent.post('/api/children', { displayName: `Kid ${i + 1}`, age: 8 + i, maxDifficultyLevel: 4 });
    if (created.status !== 201) throw new Error(`child: ${created.status} ${created.text}`);
    const username = uniqueName('kid');
    const password = 'pass123';
    const cred = await parent.post(`/api/children/${created.body.id}/credentials`, { username, password });
    if (cred.status !== 200) throw new Error(`credentials: ${cred.status} ${cred.text}`);
    const client = new TestClient();
    const login = await client.post('/api/auth/child-login', { username, password });
    if (login.status !== 200) throw new Error(`child login: ${login.status} ${login.text}`);
    kids.push({ id: created.body.id, username, password, client });
  }
  const chore = async (body: Record<string, unknown>) => {
    const res = await parent.post('/api/chores', body);
    if (res.status !== 201) throw new Error(`chore: ${res.status} ${res.text}`);
    return res.body;
  };
  const chores = {
    daily: await chore({ name: 'Make bed', category: 'daily', amount: '0.50', difficultyLevel: 1 }),
    weekly: await chore({ name: 'Vacuum', category: 'weekly', amount: '3.25', difficultyLevel: 3 }),
    continuous: await chore({ name: 'Read', category: 'continuous', amount: '1.00', difficultyLevel: 2 }),
    hard: await chore({ name: 'Mow lawn', category: 'weekly', amount: '7.50', difficultyLevel: 5 }),
  };
  return { parent, email, clock: familyClock(new Date(), timeZone), kids, chores };
}

/** A dated assignment payload for a date of the family's current week. */
export function assignmentFor(f: Family, childId: string, choreId: string, date = f.clock.today) {
  return { childId, choreId, weekStart: f.clock.weekStart, assignedDate: date, dayOfWeek: weekdayOf(date) };
}
