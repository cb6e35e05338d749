/**
 * API steps for the money ledger, the activity log and a parent's OK (issue 19), shared by
 * ledger.spec.ts, approvals.spec.ts and a11y.spec.ts. Each test makes its own child (and chores) in
 * the demo family through the API, so it never touches what another test looks at; chores that need
 * an OK are deleted again (`cleanUp`), so no other test's child is ever handed one.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { ActivityPageDto, ChildDto, ChoreDto, DashboardDto, LedgerEntryDto } from '../../../shared/api-types';
import { logInByApi, SAME_ORIGIN } from './session';

export const unique = (prefix: string): string => `${prefix} ${randomUUID().slice(0, 6)}`;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function familyClock(request: APIRequestContext): Promise<DashboardDto> {
  return ok<DashboardDto>(await request.get('/api/dashboard'));
}

/** A new child with a login (username `kid…`, password `secret99`). */
export async function newChild(request: APIRequestContext, prefix = 'Kid'): Promise<{ id: string; displayName: string; username: string; password: string }> {
  const child = await ok<{ id: string; displayName: string }>(
    await request.post('/api/children', { data: { displayName: unique(prefix), age: 9, maxDifficultyLevel: 5 }, headers: SAME_ORIGIN }),
  );
  const username = `kid${randomUUID().slice(0, 8)}`;
  const password = 'secret99';
  await ok(await request.post(`/api/children/${child.id}/credentials`, { data: { username, password }, headers: SAME_ORIGIN }));
  return { ...child, username, password };
}

/** A daily chore (needing a parent's OK when asked), assigned to the child for today. */
export async function choreForToday(
  request: APIRequestContext,
  childId: string,
  { amount = '1.50', needsApproval = false, name = unique(needsApproval ? 'Needs OK' : 'Chore') } = {},
): Promise<{ chore: ChoreDto; assignmentId: string }> {
  const chore = await ok<ChoreDto>(
    await request.post('/api/chores', { data: { name, category: 'daily', amount, difficultyLevel: 1, needsApproval }, headers: SAME_ORIGIN }),
  );
  expect(chore.needsApproval).toBe(needsApproval);
  const { weekStart, today, weekday } = await familyClock(request);
  const assignment = await ok<{ id: string }>(
    await request.post('/api/assignments', { data: { childId, choreId: chore.id, weekStart, assignedDate: today, dayOfWeek: weekday }, headers: SAME_ORIGIN }),
  );
  return { chore, assignmentId: assignment.id };
}

export async function adjust(request: APIRequestContext, childId: string, kind: 'bonus' | 'deduction', amount: string, reason: string): Promise<LedgerEntryDto> {
  return ok<LedgerEntryDto>(await request.post(`/api/children/${childId}/adjustments`, { data: { kind, amount, reason }, headers: SAME_ORIGIN }));
}

export async function childOf(request: APIRequestContext, childId: string): Promise<ChildDto> {
  const children = await ok<ChildDto[]>(await request.get('/api/children'));
  const child = children.find((c) => c.id === childId);
  expect(child, `child ${childId}`).toBeTruthy();
  return child!;
}

export async function activityPage(request: APIRequestContext, childId: string, cursor?: string): Promise<ActivityPageDto> {
  const query = new URLSearchParams({ child: childId, ...(cursor ? { cursor } : {}) });
  return ok<ActivityPageDto>(await request.get(`/api/family/activity?${query}`));
}

/** Deletes what a test made in the demo family: its chores (so no other child is handed one that needs an OK) and its children. */
export async function cleanUp(request: APIRequestContext, { chores = [], children = [] }: { chores?: string[]; children?: string[] }): Promise<void> {
  for (const id of chores) await request.delete(`/api/chores/${id}`, { headers: SAME_ORIGIN });
  for (const id of children) await request.delete(`/api/children/${id}`, { headers: SAME_ORIGIN });
}

/** A child signed in (through the API) in a browser context of their own, at the test's viewport; close it when done. */
export async function childPage(browser: Browser, child: { username: string; password: string }): Promise<{ kid: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: undefined });
  const kid = await context.newPage();
  await logInByApi(kid, 'child', child.username, child.password);
  return { kid, close: () => context.close() };
}

/** The child ticks a chore on their dashboard and waits for the tick's answer. */
export async function tickAsChild(kid: Page, choreName: string): Promise<void> {
  const box = kid.getByRole('checkbox', { name: `Mark ${choreName} as done` });
  const answered = kid.waitForResponse((r) => r.url().endsWith('/api/child/complete-assignment'));
  // By keyboard: a pointer click could land where the box was before the rows above it moved (support/session.ts).
  await expect(box).toBeEnabled();
  await box.focus();
  await box.press('Space');
  expect((await answered).ok()).toBe(true);
}
