import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ParentScreenDto } from '../../../shared/api-types';
import { queryKeys } from './family';
import { ledgerKeys } from './ledger';
import { childOngoingQueryKey, childUserQueryKey, childWeekQueryKey, parentScreenQueryKeys, parentUserQueryKey, seedParentScreen, showLastScreen } from './session';

describe("the child's sign-in check (issue 31)", () => {
  it('fills the very queries the child dashboard reads, so the dashboard asks for nothing more', () => {
    expect(childWeekQueryKey).toEqual(queryKeys.childAssignments());
    expect(childOngoingQueryKey).toEqual(queryKeys.childContinuous);
    // Another week is another query, which the screen's answer (this week) never fills.
    expect(queryKeys.childAssignments('2026-11-22')).not.toEqual(childWeekQueryKey);
  });
});

describe("the parent's sign-in check (issue 31)", () => {
  const history = (childId: string, weeks: number) => ({ childId, total: '1.00', weeks: Array.from({ length: weeks }, (_, i) => ({ weekStart: `2026-08-${String(i + 1).padStart(2, '0')}`, amount: '0.00', completed: 0, paid: '0.00', saved: '0.00', gave: '0.00' })) });
  const answer = {
    timeZone: 'UTC',
    today: '2026-11-27',
    weekday: 'friday',
    weekStart: '2026-11-22',
    stats: { completed: 1, pending: 2, totalEarnings: '1.00', activeChildren: 1 },
    children: [{ id: 'c1', displayName: 'Ada' }],
    weekToDateEarned: '1.00',
    monthToDateEarned: '1.00',
    yearToDateEarned: '1.00',
    user: { id: 'p1', firstName: 'Pat' },
    chores: [{ id: 'k1', name: 'Dishes' }],
    approvals: { count: 0, children: [] },
    earningsHistories: [history('c1', 12)],
  } as unknown as ParentScreenDto;

  it('fills the very queries the dashboard and the children page read, so they ask for nothing more', () => {
    expect(parentScreenQueryKeys.dashboard).toEqual(queryKeys.dashboard);
    expect(parentScreenQueryKeys.children).toEqual(queryKeys.children);
    expect(parentScreenQueryKeys.chores).toEqual(queryKeys.chores);
    expect(parentScreenQueryKeys.approvals).toEqual(ledgerKeys.approvals);
    expect(parentScreenQueryKeys.earningsHistory('c1')).toEqual(queryKeys.earningsHistory('c1'));
  });

  it('puts each part of the dashboard’s answer where its own call’s answer would be', () => {
    // Prepare
    const qc = new QueryClient();
    // Act
    seedParentScreen(qc, answer);
    // Assess: the spec's dashboard without the parts, which go to their own queries
    const { user: _user, chores, approvals, earningsHistories, ...dashboard } = answer;
    expect(qc.getQueryData(queryKeys.dashboard)).toEqual(dashboard);
    expect(qc.getQueryData(queryKeys.children)).toEqual(answer.children);
    expect(qc.getQueryData(queryKeys.chores)).toEqual(chores);
    expect(qc.getQueryData(ledgerKeys.approvals)).toEqual(approvals);
    expect(qc.getQueryData(queryKeys.earningsHistory('c1'))).toEqual(earningsHistories[0]);
  });

  it('leaves a part the answer lacks to the screen’s own call', () => {
    // Prepare: an answer of an older server (the spec's dashboard alone), and a history of another length
    const qc = new QueryClient();
    const { user: _user, chores: _chores, approvals: _approvals, earningsHistories: _histories, ...spec } = answer;
    // Act
    seedParentScreen(qc, { ...spec, earningsHistories: [history('c1', 8)] });
    // Assess
    expect(qc.getQueryData(queryKeys.dashboard)).toEqual(spec);
    for (const key of [queryKeys.chores, ledgerKeys.approvals, queryKeys.earningsHistory('c1')]) expect(qc.getQueryData(key)).toBeUndefined();
  });
});

describe("a child's repeat visit (issue 31)", () => {
  const cached = { weekStart: '2026-11-22', child: { displayName: 'Ada' }, user: { id: 'k1', displayName: 'Ada' }, continuous: { assignments: [] } };
  const withCache = (answer: unknown) => {
    const original = (globalThis as { caches?: unknown }).caches;
    (globalThis as { caches?: unknown }).caches = { match: async () => (answer ? new Response(JSON.stringify(answer)) : undefined) };
    return () => ((globalThis as { caches?: unknown }).caches = original);
  };

  it('fills the screen with the last answer the service worker kept', async () => {
    const restore = withCache(cached);
    try {
      const client = new QueryClient();
      await showLastScreen(client, 'child');
      expect(client.getQueryData(childUserQueryKey)).toEqual(cached.user);
      expect(client.getQueryData(childWeekQueryKey)).toEqual({ weekStart: '2026-11-22', child: { displayName: 'Ada' } });
      expect(client.getQueryData(childOngoingQueryKey)).toEqual(cached.continuous);
    } finally {
      restore();
    }
  });

  it('never replaces an answer that came first, and does nothing without a kept answer', async () => {
    const restore = withCache(cached);
    try {
      const client = new QueryClient();
      client.setQueryData(childUserQueryKey, { id: 'k1', displayName: 'Ada L.' });
      await showLastScreen(client, 'child');
      expect(client.getQueryData(childUserQueryKey)).toEqual({ id: 'k1', displayName: 'Ada L.' });
      expect(client.getQueryData(childWeekQueryKey)).toBeUndefined();
    } finally {
      restore();
    }
    const restoreEmpty = withCache(undefined);
    try {
      const client = new QueryClient();
      await showLastScreen(client, 'child');
      expect(client.getQueryData(childUserQueryKey)).toBeUndefined();
    } finally {
      restoreEmpty();
    }
  });
});

describe("a parent's repeat visit (issue 31)", () => {
  const history = { childId: 'c1', total: '1.00', weeks: Array.from({ length: 12 }, (_, i) => ({ weekStart: `2026-09-${String(i + 1).padStart(2, '0')}`, amount: '0.00', completed: 0, paid: '0.00', saved: '0.00', gave: '0.00' })) };
  const dashboard = { today: '2026-11-27', stats: { completed: 1, pending: 2, totalEarnings: '1.00', activeChildren: 1 }, children: [{ id: 'c1', displayName: 'Ada' }] };
  const cached = { ...dashboard, user: { id: 'p1', firstName: 'Pat' }, chores: [{ id: 'k1', name: 'Dishes' }], approvals: { count: 0, children: [] }, earningsHistories: [history] };
  const withCache = (answer: unknown) => {
    const original = (globalThis as { caches?: unknown }).caches;
    const asked: string[] = [];
    (globalThis as { caches?: unknown }).caches = {
      match: async (path: string) => {
        asked.push(path);
        return answer ? new Response(JSON.stringify(answer)) : undefined;
      },
    };
    return { asked, restore: () => ((globalThis as { caches?: unknown }).caches = original) };
  };

  it('fills the dashboard and the children page with the last answer of the screen’s call the service worker kept', async () => {
    const cache = withCache(cached);
    try {
      const client = new QueryClient();
      await showLastScreen(client, 'parent');
      expect(cache.asked).toEqual(['/api/dashboard']);
      expect(client.getQueryData(parentUserQueryKey)).toEqual(cached.user);
      expect(client.getQueryData(queryKeys.dashboard)).toEqual(dashboard);
      expect(client.getQueryData(queryKeys.children)).toEqual(dashboard.children);
      expect(client.getQueryData(queryKeys.chores)).toEqual(cached.chores);
      expect(client.getQueryData(ledgerKeys.approvals)).toEqual(cached.approvals);
      expect(client.getQueryData(queryKeys.earningsHistory('c1'))).toEqual(history);
    } finally {
      cache.restore();
    }
  });

  it('uses a kept answer only when it holds the parent, and only its parts', async () => {
    // A kept answer without the parent (a parent item that was gone) is no last screen.
    const { user: _user, ...withoutUser } = cached;
    let cache = withCache(withoutUser);
    try {
      const client = new QueryClient();
      await showLastScreen(client, 'parent');
      expect(client.getQueryData(queryKeys.dashboard)).toBeUndefined();
      expect(client.getQueryData(parentUserQueryKey)).toBeUndefined();
    } finally {
      cache.restore();
    }
    // One that lacks parts fills the rest; the parts it lacks are left to the screens' own calls.
    const { chores: _chores, approvals: _approvals, earningsHistories: _histories, ...partial } = cached;
    cache = withCache(partial);
    try {
      const client = new QueryClient();
      await showLastScreen(client, 'parent');
      expect(client.getQueryData(queryKeys.dashboard)).toEqual(dashboard);
      for (const key of [queryKeys.chores, ledgerKeys.approvals, queryKeys.earningsHistory('c1')]) expect(client.getQueryData(key)).toBeUndefined();
    } finally {
      cache.restore();
    }
  });

  it('gives way to the fresh answer, which also takes away what the last screen showed and the answer lacks', async () => {
    const cache = withCache(cached);
    try {
      const client = new QueryClient();
      await showLastScreen(client, 'parent');
      expect(client.getQueryData(queryKeys.chores)).toEqual(cached.chores);
      const fresh = { ...dashboard, stats: { ...dashboard.stats, pending: 0 }, approvals: { count: 1, children: [] } } as unknown as ParentScreenDto;
      seedParentScreen(client, fresh);
      expect(client.getQueryData(queryKeys.dashboard)).toEqual({ ...dashboard, stats: { ...dashboard.stats, pending: 0 } });
      expect(client.getQueryData(ledgerKeys.approvals)).toEqual({ count: 1, children: [] });
      // Yesterday's chores and history are not left standing in for answers that never came.
      expect(client.getQueryData(queryKeys.chores)).toBeUndefined();
      expect(client.getQueryData(queryKeys.earningsHistory('c1'))).toBeUndefined();
    } finally {
      cache.restore();
    }
  });
});
