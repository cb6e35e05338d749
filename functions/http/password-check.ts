/** A signed-in parent's password asked again before a sensitive change (account changes, setting up a family board). */
import type { ParentItem } from '../data/family/accounts';
import { getParentLogin } from '../data/family/accounts';
import { clientAddress } from '../lib/edge-headers';
import { Forbidden } from '../lib/errors';
import type { RequestContext } from '../lib/http';
import { verifyPassword } from '../lib/passwords';
import { beginLoginAttempt } from './limits';

/**
 * Checks the parent's password as a sign-in would, counted against the same limits (429 once
 * reached), and returns the login record it was checked against. 403 with `wrong` when it is not right.
 */
export async function checkPassword(ctx: RequestContext, parent: ParentItem, password: string, wrong: string) {
  const attempt = await beginLoginAttempt('parent', parent.email, clientAddress(ctx.event).key);
  const login = await getParentLogin(parent.email);
  if (!(await verifyPassword(password, login?.passwordHash)) || !login || login.parentId !== parent.parentId) throw new Forbidden(wrong);
  await attempt.succeeded();
  return login;
}
