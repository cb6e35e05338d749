import { describe, expect, it } from 'vitest';
import { sesEvent } from '../../infra/local/ses-events';
import { readSesEvent, UnreadableSesEvent } from './ses-events';

const now = new Date('2026-11-22T10:00:00.000Z');
const read = (event: unknown) => readSesEvent(JSON.stringify(event), now);

describe('reading an SES event', () => {
  it('makes a permanent bounce mark each bounced address undeliverable, with SES time and reason', () => {
    const at = new Date('2026-11-22T09:30:00.000Z');
    const event = sesEvent('bounce', 'Pat@Example.com', { at });
    expect(read(event)).toEqual({
      kind: 'undeliverable',
      addresses: ['Pat@Example.com'],
      undeliverable: { at: at.toISOString(), reason: 'Permanent: General' },
      emailKind: 'weekly-report',
      messageId: expect.stringMatching(/^local-/),
    });
  });

  it('takes every bounced recipient once', () => {
    const event = sesEvent('bounce', 'a@example.com') as { bounce: { bouncedRecipients: { emailAddress: string }[] } };
    event.bounce.bouncedRecipients.push({ emailAddress: 'b@example.com' }, { emailAddress: 'a@example.com' });
    expect(read(event)).toMatchObject({ kind: 'undeliverable', addresses: ['a@example.com', 'b@example.com'] });
  });

  it('leaves transient and undetermined bounces alone', () => {
    expect(read(sesEvent('transient-bounce', 'a@example.com'))).toMatchObject({ kind: 'transient-bounce', count: 1, bounceType: 'Transient', bounceSubType: 'MailboxFull' });
    const undetermined = sesEvent('bounce', 'a@example.com') as { bounce: Record<string, unknown> };
    undetermined.bounce.bounceType = 'Undetermined';
    expect(read(undetermined)).toMatchObject({ kind: 'transient-bounce', bounceType: 'Undetermined' });
  });

  it('makes a complaint unsubscribe each complaining address', () => {
    expect(read(sesEvent('complaint', 'a@example.com', { at: now }))).toMatchObject({ kind: 'complaint', addresses: ['a@example.com'], at: now.toISOString() });
  });

  it('reads the older notification format (notificationType) the same', () => {
    const { eventType: _type, ...rest } = sesEvent('complaint', 'a@example.com');
    expect(read({ notificationType: 'Complaint', ...rest })).toMatchObject({ kind: 'complaint', addresses: ['a@example.com'] });
  });

  it('uses the time of reading when SES gave none it can read', () => {
    const event = sesEvent('bounce', 'a@example.com') as { bounce: Record<string, unknown> };
    event.bounce.timestamp = 'yesterday';
    expect(read(event)).toMatchObject({ undeliverable: { at: now.toISOString() } });
  });

  it('recognises other event types and does nothing with them', () => {
    expect(read({ eventType: 'Delivery', delivery: {}, mail: {} })).toEqual({ kind: 'other', eventType: 'Delivery' });
  });

  it.each([
    ['text that is not JSON', 'not json {'],
    ['JSON that is no SES event', JSON.stringify({ hello: 'world' })],
    ['a bounce without recipients', JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [] } })],
    ['a bounce without its details', JSON.stringify({ eventType: 'Bounce', mail: {} })],
    ['a complaint whose recipients are not addresses', JSON.stringify({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 42 }] } })],
    ['JSON null', 'null'],
  ])('refuses %s as unreadable', (_name, text) => {
    expect(() => readSesEvent(text, now)).toThrow(UnreadableSesEvent);
  });
});
