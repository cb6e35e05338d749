import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAppEnv } from './env';
import { setSesClient } from './mailer';
import { unsuppressAddress } from './ses-suppression';

const calls: unknown[] = [];
const stub = (answer: () => unknown) =>
  setSesClient({ send: async (cmd: { input: unknown }) => (calls.push(cmd.input), answer()) } as unknown as SESv2Client);

beforeEach(() => {
  calls.length = 0;
  process.env.TABLE_NAME = 't';
  delete process.env.SES_ENDPOINT;
  resetAppEnv();
});
afterEach(() => {
  setSesClient(undefined);
  delete process.env.SES_ENDPOINT;
  resetAppEnv();
});

describe('taking an address off the SES suppression list', () => {
  it('asks SES to delete it', async () => {
    stub(() => ({}));
    expect(await unsuppressAddress('pat@example.com')).toBe('removed');
    expect(calls).toEqual([{ EmailAddress: 'pat@example.com' }]);
  });

  it('takes an address that is not listed as it is', async () => {
    stub(() => Promise.reject(Object.assign(new Error('not found'), { name: 'NotFoundException' })));
    expect(await unsuppressAddress('pat@example.com')).toBe('not-listed');
  });

  it('goes on when SES refuses (the link is sent anyway)', async () => {
    stub(() => Promise.reject(Object.assign(new Error('denied'), { name: 'AccessDeniedException' })));
    expect(await unsuppressAddress('pat@example.com')).toBe('failed');
  });

  it('does nothing against the local SES, which has no suppression list', async () => {
    process.env.SES_ENDPOINT = 'http://127.0.0.1:1';
    resetAppEnv();
    stub(() => ({}));
    expect(await unsuppressAddress('pat@example.com')).toBe('local');
    expect(calls).toEqual([]);
  });
});
