import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signSession, verifySession, type Session } from './session';

const key = new TextEncoder().encode('k'.repeat(48));
const otherKey = new TextEncoder().encode('o'.repeat(48));
const SID = 's'.repeat(22);
const session: Session = { role: 'parent', userId: 'p1', familyId: 'f1', sessionId: SID, expiresAt: Math.floor(Date.now() / 1000) + 60 };

/** A token with every claim a session needs, but for what a test changes. */
function token(opts: { payload?: Record<string, unknown>; alg?: string; exp?: number | string; signWith?: Uint8Array } = {}): Promise<string> {
  return new SignJWT({ role: 'parent', fam: 'f1', sid: SID, ...opts.payload })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setSubject('p1')
    .setIssuer('chorequest')
    .setAudience('chorequest-web')
    .setExpirationTime(opts.exp ?? '1h')
    .sign(opts.signWith ?? key);
}

describe('session tokens', () => {
  it('round-trips a signed session', async () => {
    const token = await signSession(session, key);
    expect(await verifySession(token, key)).toEqual(session);
  });

  it('rejects a token whose payload was changed', async () => {
    const [h, , s] = (await signSession(session, key)).split('.');
    const forged = Buffer.from(JSON.stringify({ role: 'parent', sub: 'p1', fam: 'other', sid: SID, iss: 'chorequest', aud: 'chorequest-web', exp: 9999999999 })).toString('base64url');
    expect(await verifySession(`${h}.${forged}.${s}`, key)).toBeNull();
  });

  it('accepts a hand-made token with every claim, so each test below fails only for its own reason', async () => {
    expect(await verifySession(await token(), key)).toMatchObject({ role: 'parent', userId: 'p1', familyId: 'f1', sessionId: SID });
  });

  it('rejects a token that names no session (issued before sessions could end)', async () => {
    expect(await verifySession(await token({ payload: { sid: undefined } }), key)).toBeNull();
  });

  it('rejects an expired token', async () => {
    expect(await verifySession(await token({ exp: Math.floor(Date.now() / 1000) - 10 }), key)).toBeNull();
  });

  it('rejects an unsigned alg:none token', async () => {
    const unsigned = new UnsecuredJWT({ role: 'parent', fam: 'f1', sid: SID })
      .setSubject('p1')
      .setIssuer('chorequest')
      .setAudience('chorequest-web')
      .setExpirationTime('1h')
      .encode();
    expect(await verifySession(unsigned, key)).toBeNull();
  });

  it('rejects a token signed with another key', async () => {
    expect(await verifySession(await signSession(session, otherKey), key)).toBeNull();
  });

  it('rejects a token signed with another HMAC algorithm', async () => {
    const longKey = new TextEncoder().encode('k'.repeat(64));
    expect(await verifySession(await token({ alg: 'HS512', signWith: longKey }), longKey)).toBeNull();
  });

  it('rejects a token without a role or with an unknown role', async () => {
    expect(await verifySession(await token({ payload: { role: 'admin' } }), key)).toBeNull();
    expect(await verifySession(await token({ payload: { role: undefined } }), key)).toBeNull();
    expect(await verifySession('garbage', key)).toBeNull();
  });
});
