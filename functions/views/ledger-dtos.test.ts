import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '../domain/ledger';
import { activityEventDto } from './ledger-dtos';

const parent = { role: 'parent' as const, id: 'p1', name: 'Alex Rivera' };
const event = (over: Partial<ActivityEvent> & Pick<ActivityEvent, 'kind'>): ActivityEvent => ({ eventId: 'e1', at: '2026-11-25T10:00:00Z', by: parent, childId: 'k1', childName: 'Emma', ...over });

describe('dates inside the log’s sentences (issue 29)', () => {
  const usd = { currency: 'USD', locale: 'en-US' };
  const eur = { currency: 'EUR', locale: 'de-DE' };
  it('writes a chore-day in the family’s locale, never as an ISO date', () => {
    const tick = event({ kind: 'tick', choreName: 'Dishes', date: '2026-11-27', amountCents: 100 });
    expect(activityEventDto(tick, usd).summary).toBe('Alex Rivera ticked Dishes (Fri, Nov 27) for Emma: +$1.00');
    expect(activityEventDto(tick, eur).summary).toBe('Alex Rivera ticked Dishes (Fr., 27. Nov.) for Emma: +1,00 €');
    expect(activityEventDto(tick, { currency: 'GBP', locale: 'en-GB' }).summary).toContain('(Fri 27 Nov)');
    for (const kind of ['untick', 'approve', 'send-back', 'sunday-run'] as const) {
      const summary = activityEventDto(event({ kind, choreName: 'Dishes', date: '2026-11-22', amountCents: 100 }), usd).summary;
      expect(summary, kind).toContain('Sun, Nov 22');
      expect(summary, kind).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    // The date stays an ISO date in its own field, for programs.
    expect(activityEventDto(tick, eur).date).toBe('2026-11-27');
  });
});
