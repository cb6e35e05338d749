import { describe, expect, it } from 'vitest';
import { PRERENDERED_SIGN_IN_PAGES } from '../../shared/prerendered-pages';
import { PRERENDERED_PAGES } from '../src/app/pages';
import { renderSignInPage } from './sign-in';

describe('renderSignInPage', () => {
  it('prerenders exactly the pages the edge serves prerendered', () => {
    expect(Object.keys(PRERENDERED_PAGES).sort()).toEqual([...PRERENDERED_SIGN_IN_PAGES].sort());
  });

  it.each([
    ['/parent-login', 'Parent Sign In', 'Sign In to Dashboard'],
    ['/parent-signup', 'Create Parent Account', 'Create Account'],
    ['/child-login', 'Child Sign In', 'Log In to My Chores'],
  ] as const)('renders %s whole (its code loaded first, so nothing suspends)', async (path, heading, button) => {
    const html = await renderSignInPage(path);
    expect(html).toContain(heading);
    expect(html).toContain(button);
    // Not the loading spinner of a page still on its way.
    expect(html).not.toContain('role="progressbar"');
    expect(html).toMatch(/<form/);
  });
});
