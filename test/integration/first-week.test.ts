/**
 * A family's first week (issue 29, point 1): a day before its assignment existed is never due,
 * missed or counted. The spec's assignment calls speak in weeks from their Sunday, so a plan applied
 * mid-week or a chore assigned by hand stores those days; the child's list and calendar mark them
 * not due (`isDue: false`), and no figure counts them: the child's and the parent's counts, the
 * dashboard, the weekly report. Whatever day of the week this runs on: the server's today decides.
 */
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../shared/time';
import { makeFamily } from './support/family';

const datedOf = (body: { assignments: any[] }) => body.assignments.filter((a) => !a.isContinuous);

describe('a family’s first week: days before the plan existed are never due, missed or counted', () => {
  it('Reassign mid-week: the days before today are stored but not due, and no count includes them', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    expect((await f.parent.put(`/api/children/${kid.id}/chore-settings`, { dailyChoresCount: 1, weeklyChoresCount: 0, continuousChoresCount: 0 })).status).toBe(200);
    expect((await f.parent.post('/api/assignments/generate')).status).toBe(200);

    const mine = (await kid.client.get('/api/child/assignments')).body;
    const dated = datedOf(mine);
    // The one daily chore, every day of the week from Sunday, as the spec's week is made.
    expect(dated.map((a) => a.assignedDate).sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => addDays(mine.weekStart, i)));
    for (const a of dated) expect(a.isDue, a.assignedDate).toBe(a.assignedDate >= mine.today);
    const ahead = dated.filter((a) => a.isDue).length;
    expect(mine).toMatchObject({ completedCount: 0, totalCount: ahead });

    const calendar = (await f.parent.get(`/api/children/${kid.id}/calendar`)).body;
    for (const a of datedOf(calendar)) expect(a.isDue, a.assignedDate).toBe(a.assignedDate >= mine.today);
    const child = (await f.parent.get('/api/children')).body.find((c: any) => c.id === kid.id);
    expect(child).toMatchObject({ completedCount: 0, totalCount: ahead });
    expect((await f.parent.get('/api/dashboard')).body.stats).toMatchObject({ completed: 0, pending: ahead });
    const report = (await f.parent.get('/api/reports/weekly')).text;
    expect(report).toContain(`<strong>0</strong> of <strong>${ahead}</strong> chores done`);
  });

  it('a chore assigned by hand after its day: that day is not due, and last week’s report does not count it', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const lastWeek = addDays(f.clock.weekStart, -7);
    const monday = addDays(lastWeek, 1);
    const made = await f.parent.post('/api/assignments', { childId: kid.id, choreId: f.chores.daily.id, weekStart: lastWeek, assignedDate: monday, dayOfWeek: weekdayOf(monday) });
    expect(made.status, made.text).toBe(201);
    expect(made.body.isDue).toBe(false);
    const calendar = (await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${lastWeek}`)).body;
    expect(datedOf(calendar)).toMatchObject([{ assignedDate: monday, isDue: false }]);
    const shown = (await kid.client.get(`/api/child/assignments?weekStart=${lastWeek}`)).body;
    expect(datedOf(shown)).toMatchObject([{ assignedDate: monday, isDue: false }]);
    expect((await f.parent.get(`/api/reports/weekly?weekStart=${lastWeek}`)).text).toContain('<strong>0</strong> of <strong>0</strong> chores done');
    // Today's day, assigned by hand now, is due.
    const today = await f.parent.post('/api/assignments', { childId: kid.id, choreId: f.chores.weekly.id, weekStart: f.clock.weekStart, assignedDate: f.clock.today, dayOfWeek: weekdayOf(f.clock.today) });
    expect(today.status, today.text).toBe(201);
    expect(today.body.isDue).toBe(true);
  });
});
