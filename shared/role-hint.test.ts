import { describe, expect, it } from 'vitest';
import { roleFromCookieHeader } from './role-hint';

describe('sign-in hint', () => {
  it('names a parent, a child or (issue 32) a family board, and nothing else', () => {
    expect(roleFromCookieHeader('a=1; cq_role=board')).toBe('board');
    expect(roleFromCookieHeader('__Host-cq_role=child')).toBe('child');
    expect(roleFromCookieHeader('cq_role=parent; b=2')).toBe('parent');
    expect(roleFromCookieHeader('cq_role=admin')).toBeNull();
    expect(roleFromCookieHeader('other_role=board')).toBeNull();
  });
});
