/**
 * The parent-page specs' API steps (chores-page, children-page and schedule-and-print.spec.ts): a chore
 * or a child of the spec's own family, and the family's clock. Each name is unique (`unique`).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { unique } from './ledger';
import { SAME_ORIGIN } from './session';

export type Category = 'daily' | 'weekly' | 'continuous';
export interface Chore {
  id: string;
  name: string;
  category: Category;
  amount: string;
}
export interface Child {
  id: string;
  displayName: string;
}
export interface Clock {
  today: string;
  weekday: string;
  weekStart: string;
}


export async function createChore(request: APIRequestContext, category: Category, amount = '1.25', difficultyLevel = 1): Promise<Chore> {
  const res = await request.post('/api/chores', {
    data: { name: unique(`E2E ${category}`), description: 'Made by an end-to-end test', category, amount, difficultyLevel },
    headers: SAME_ORIGIN,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Chore;
}

export async function createChild(request: APIRequestContext): Promise<Child> {
  const res = await request.post('/api/children', { data: { displayName: unique('Kid'), age: 8, maxDifficultyLevel: 5 }, headers: SAME_ORIGIN });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Child;
}

export async function clock(request: APIRequestContext): Promise<Clock> {
  const res = await request.get('/api/dashboard');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Clock;
}
