import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signSession, verifySession, type Session } from './session';

const key = new TextEncoder().encode('k'.repeat(48));
const otherKey = new TextEncoder().encode('o'.repeat(48));
const session: Session = { role: 'parent', userId: 'p1', familyId: 'f1', sessionId: 's'.repeat(22), expiresAt: Math.floor(Date.now() / 1000) + 60 };

describe('session tokens', () => {
  it('round-trips a signed session', async () => {
    const token = await signSession(session, key);
    expect(await verifySession(token, key)).toEqual(session);
  });

  it('rejects a token that names no session (issued before sessions could end)', async () => {
    const token = await new SignJWT({ role: 'parent', fam: 'f1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('p1')
      .setIssuer('chorequest')
      .setAudience('chorequest-web')
      .setExpirationTime('1h')
      .sign(key);
    expect(await verifySession(token, key)).toBeNull();
  });

  it('rejects a token whose payload was changed', async () => {
    const [h, , s] = (await signSession(session, key)).split('.');
    const forged = Buffer.from(JSON.stringify({ role: 'parent', sub: 'p1', fam: 'other', iss: 'chorequest', aud: 'chorequest-web', exp: 9999999999 })).toString('base64url');
    expect(await verifySession(`${h}.${forged}.${s}`, key)).toBeNull();
  });

  it('rejects an expired token', async () => {
    const token = await new SignJWT({ role: 'parent', fam: 'f1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('p1')
      .setIssuer('chorequest')
      .setAudience('chorequest-web')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    expect(await verifySession(token, key)).toBeNull();
  });

  it('rejects an unsigned alg:none token', async () => {
    const token = new UnsecuredJWT({ role: 'parent', fam: 'f1' })
      .setSubject('p1')
      .setIssuer('chorequest')
      .setAudience('chorequest-web')
      .setExpirationTime('1h')
      .encode();
    expect(await verifySession(token, key)).toBeNull();
  });

  it('rejects a token signed with another key', async () => {
    expect(await verifySession(await signSession(session, otherKey), key)).toBeNull();
  });

  it('rejects a token signed with another HMAC algorithm', async () => {
    const token = await new SignJWT({ role: 'parent', fam: 'f1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('p1')
      .setIssuer('chorequest')
      .setAudience('chorequest-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('k'.repeat(64)));
    expect(await verifySession(token, new TextEncoder().encode('k'.repeat(64)))).toBeNull();
  });

  it('rejects a token without a role or with an unknown role', async () => {
    const token = await new SignJWT({ role: 'admin', fam: 'f1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('p1')
      .setIssuer('chorequest')
      .setAudience('chorequest-web')
      .setExpirationTime('1h')
      .sign(key);
    expect(await verifySession(token, key)).toBeNull();
    expect(await verifySession('garbage', key)).toBeNull();
  });
});
