/** Account-area helpers for tests: follow the links in sent mail the way a user's browser would. */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_PAGES } from '../../../shared/account-pages';
import { linkTo, type SentEmail } from '../../support/mailbox';
import { signUpParent, TestClient, testDb } from './client';
import { testMailbox } from './mail';

export const mailbox = testMailbox();

/** The page a mail links to and the token in its fragment (what the page reads from `location.hash`). */
export function linkToken(mail: SentEmail, page: string): { url: URL; token: string; fragment: URLSearchParams } {
  const url = linkTo(mail, page);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const token = fragment.get('token');
  if (!token) throw new Error(`no token in the fragment of ${url.pathname}`);
  return { url, token, fragment };
}

/** A signed-up parent and their welcome e-mail. */
export async function signUpWithWelcome(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? `parent-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const after = await mailbox.cursor(email);
  const parent = await signUpParent({ ...overrides, email });
  const welcome = await mailbox.waitFor(email, { after, match: (m) => m.subject.startsWith('Welcome') });
  return { ...parent, email, welcome };
}

/** A signed-up parent whose address is confirmed (by following the welcome e-mail's link). */
export async function signUpVerified(overrides: Record<string, unknown> = {}) {
  const parent = await signUpWithWelcome(overrides);
  await followWelcome(parent.welcome);
  return parent;
}

/** Confirms a signed-up parent's address as its owner would: by following the welcome e-mail's link. */
export async function confirmWelcome(email: string): Promise<void> {
  await followWelcome(await mailbox.waitFor(email, { match: (m) => m.subject.startsWith('Welcome') }));
}

async function followWelcome(welcome: SentEmail): Promise<void> {
  const { token } = linkToken(welcome, ACCOUNT_PAGES.verifyEmail);
  const res = await new TestClient().post('/api/auth/verify-email', { token });
  if (res.status !== 200) throw new Error(`verify: ${res.status} ${res.text}`);
}

/** Ages every link record (or invitation) of a family past its expiry, as if the time had passed. */
export async function expireLinks(familyId: string, prefix: 'TOKEN#' | 'INVITE#'): Promise<number> {
  const { doc, tableName } = testDb();
  const out = await doc.send(
    new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': `FAMILY#${familyId}`, ':p': prefix }, ConsistentRead: true }),
  );
  for (const item of out.Items ?? []) {
    await doc.send(
      new UpdateCommand({ TableName: tableName, Key: { PK: item.PK, SK: item.SK }, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }),
    );
  }
  return out.Items?.length ?? 0;
}

/** Every item of a family's partition. */
export async function partition(familyId: string): Promise<Record<string, any>[]> {
  const { doc, tableName } = testDb();
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `FAMILY#${familyId}` }, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
