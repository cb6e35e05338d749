import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAppEnv } from './env';
import { resetLinkKey, signUnsubscribe, verifyUnsubscribe } from './signed-links';

const target = { familyId: 'fam-1', parentId: 'par-2' };
const at = (iso: string) => new Date(iso);
const epoch = (iso: string) => Math.floor(at(iso).getTime() / 1000);

describe('the one-click unsubscribe token', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'signed-links-'));
    writeFileSync(join(dir, 'key'), 'k'.repeat(40));
    process.env.LINK_SECRET_FILE = join(dir, 'key');
    process.env.TABLE_NAME ??= 'unit-test';
    resetAppEnv();
    resetLinkKey();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.LINK_SECRET_FILE;
    resetAppEnv();
    resetLinkKey();
  });

  it('names the parent until the moment it was signed to end, and not after', async () => {
    const token = await signUnsubscribe(target, epoch('2026-12-31T00:00:00Z'));
    expect(token).toMatch(/^u2\.fam-1\.par-2\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyUnsubscribe(token, at('2026-12-30T23:59:59Z'))).toEqual(target);
    expect(await verifyUnsubscribe(token, at('2026-12-31T00:00:00Z'))).toBeNull();
  });

  it('refuses a token whose end was moved, whose parent was changed, or that is from before lifetimes (u1)', async () => {
    const token = await signUnsubscribe(target, epoch('2026-12-31T00:00:00Z'));
    const [v, f, p, exp, mac] = token.split('.') as [string, string, string, string, string];
    const now = at('2026-12-01T00:00:00Z');
    expect(await verifyUnsubscribe([v, f, p, String(Number(exp) + 86_400 * 365), mac].join('.'), now)).toBeNull();
    expect(await verifyUnsubscribe([v, f, 'par-3', exp, mac].join('.'), now)).toBeNull();
    expect(await verifyUnsubscribe(['u1', f, p, mac].join('.'), now)).toBeNull();
    expect(await verifyUnsubscribe(undefined, now)).toBeNull();
    expect(await verifyUnsubscribe('u2.a.b.0.c', now)).toBeNull();
  });
});
