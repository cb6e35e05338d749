/**
 * One person's reminder of one slot (issue 32): what it says is decided now, from what is stored
 * now, and it goes to each of the person's devices whose session is still live.
 *
 * - A child: "3 chores left today", only when something is left; nothing on a day the child is away
 *   or the family paused, nor once all is done.
 * - A parent: "2 chores are waiting for your OK" when some wait, and on Sunday morning "The weekly
 *   report is ready" (when the parent has the weekly report on).
 *
 * A push service answering 404/410 means the subscription is gone: its device is deleted at once. A
 * device whose session ended is deleted too. A push service that is busy (429, 5xx, no answer) makes
 * the whole message fail, so SQS delivers it again later (devices that got it already get it again:
 * the notification's tag replaces it, so nobody sees it twice). Then the person moves on to their
 * next slot, conditional on still being at this one.
 */
import { REMINDER_TEXT } from '../../../shared/push-schemas';
import type { PushPayload } from '../../../shared/api-types';
import { isAwayOn } from '../../../shared/availability';
import { familyClock } from '../../../shared/time';
import { getFamily, getParent, type FamilyItem, type ParentItem } from '../../data/family/accounts';
import { getChild, type ChildItem } from '../../data/family/children';
import { liveSessionIds } from '../../data/family/sessions';
import { listChores } from '../../data/planning/chores';
import { listContinuous, listWeekAssignments } from '../../data/planning/assignments';
import { deleteDevice, listDevices, type PushDeviceItem } from '../../data/push/devices';
import { advanceReminder, childReminderOf, parentPlanOf, type ReminderItem } from '../../data/push/reminders';
import { listWaiting } from '../../data/ticks/approvals';
import { isChildReminderAt, nextChildReminder, nextParentReminder, parentNewsAt, slotStart } from '../../domain/reminders';
import { sendPush, type PushOutcome } from '../../lib/web-push';
import { choresLeftToday } from '../../views/family-dtos';
import { REMINDER_SETTINGS } from './settings';

export interface ReminderResult {
  outcome: 'sent' | 'nothing-to-say' | 'too-late' | 'moved' | 'gone';
  sent: number;
  /** Devices deleted: their subscription gone (404/410) or their session ended. */
  removed: number;
}

/** The push service was busy for some devices: the message is delivered again later. */
export class PushRetryLater extends Error {
  constructor(readonly devices: number) {
    super(`${devices} pushes could not be delivered now; the queue delivers the reminder again`);
  }
}

const PUSH_OPTIONS = { ttlSeconds: REMINDER_SETTINGS.pushTtlSeconds, urgency: 'normal' } as const;

/** What a child's reminder of the day `at` falls on says, from what is stored now (null: nothing to say). */
async function childPayload(family: FamilyItem, child: ChildItem, at: Date): Promise<PushPayload | null> {
  const clock = familyClock(at, family.timeZone);
  if (isAwayOn(child.availability, family.pause, clock.today)) return null;
  const [chores, week, continuous] = await Promise.all([
    listChores(family.familyId),
    listWeekAssignments(family.familyId, clock.weekStart, child.childId),
    listContinuous(family.familyId, child.childId),
  ]);
  const left = choresLeftToday(child, { clock, week, continuous, familyPause: family.pause ?? null }, new Map(chores.map((c) => [c.choreId, c])));
  return left > 0 ? { title: REMINDER_TEXT.title, body: REMINDER_TEXT.choresLeft(left), url: '/', tag: 'chores-left' } : null;
}

/** What a parent's reminder says now, one notification per piece of news. */
async function parentPayloads(family: FamilyItem, news: readonly string[]): Promise<PushPayload[]> {
  const out: PushPayload[] = [];
  if (news.includes('approvals')) {
    const waiting = (await listWaiting(family.familyId)).length;
    if (waiting > 0) out.push({ title: REMINDER_TEXT.title, body: REMINDER_TEXT.waiting(waiting), url: '/', tag: 'approvals' });
  }
  if (news.includes('weekly-report')) out.push({ title: REMINDER_TEXT.title, body: REMINDER_TEXT.weeklyReport, url: '/api/reports/weekly', tag: 'weekly-report' });
  return out;
}

/** Sends the payloads to every device; deletes the gone ones; the count of each outcome. */
async function deliver(devices: PushDeviceItem[], payloads: PushPayload[], send: typeof sendPush): Promise<{ sent: number; removed: number; retry: number }> {
  let sent = 0;
  let removed = 0;
  let retry = 0;
  await Promise.all(
    devices.map(async (device) => {
      for (const payload of payloads) {
        const result: PushOutcome = await send(device, payload, { ...PUSH_OPTIONS, topic: payload.tag });
        if (result.outcome === 'gone') {
          await deleteDevice(device.familyId, device.userId, device.deviceId);
          removed++;
          return;
        }
        if (result.outcome === 'sent') sent++;
        else if (result.outcome === 'retry') retry++;
      }
    }),
  );
  return { sent, removed, retry };
}

/** The person's devices whose session is still live; the others are deleted. */
async function liveDevices(r: ReminderItem, now: Date): Promise<{ devices: PushDeviceItem[]; removed: number }> {
  const [devices, live] = await Promise.all([listDevices(r.familyId, r.personId, true), liveSessionIds(r.familyId, r.personId, Math.floor(now.getTime() / 1000))]);
  const ended = devices.filter((d) => !live.has(d.sessionId));
  await Promise.all(ended.map((d) => deleteDevice(d.familyId, d.userId, d.deviceId)));
  return { devices: devices.filter((d) => live.has(d.sessionId)), removed: ended.length };
}

/** Handles one person's reminder due in `r.slot`. */
export async function sendReminder(r: ReminderItem, now: Date, send: typeof sendPush = sendPush): Promise<ReminderResult> {
  const family = await getFamily(r.familyId, true);
  const person = family && (r.kind === 'CHILD' ? await getChild(r.familyId, r.personId, true) : await getParent(r.familyId, r.personId, true));
  if (!family || !person) {
    // A co-parent who left or was removed: their devices go too (a deleted child's went with the child).
    const orphans = family ? await listDevices(r.familyId, r.personId, true) : [];
    await Promise.all(orphans.map((d) => deleteDevice(d.familyId, d.userId, d.deviceId)));
    await advanceReminder(r, null);
    return { outcome: 'gone', sent: 0, removed: orphans.length };
  }
  const tz = family.timeZone;
  const after = new Date(Math.max(now.getTime(), slotStart(r.slot).getTime()));
  const { devices, removed } = await liveDevices(r, now);

  let payloads: PushPayload[] = [];
  let next: Date | null;
  const late = now.getTime() - slotStart(r.slot).getTime() > REMINDER_SETTINGS.lateLimitMinutes * 60_000;
  let stillDue: boolean;
  if (r.kind === 'CHILD') {
    const reminder = childReminderOf(person as ChildItem);
    stillDue = reminder.enabled && isChildReminderAt(r.slot, reminder.time, tz);
    next = reminder.enabled ? nextChildReminder(after, reminder.time, tz) : null;
    if (stillDue && !late && devices.length) {
      // The day of the slot (a run a few minutes late is still about that day).
      const payload = await childPayload(family, person as ChildItem, slotStart(r.slot));
      payloads = payload ? [payload] : [];
    }
  } else {
    const plan = parentPlanOf(person as ParentItem);
    const news = parentNewsAt(r.slot, plan, tz);
    stillDue = news.length > 0;
    next = nextParentReminder(after, plan, tz)?.at ?? null;
    if (stillDue && !late && devices.length) payloads = await parentPayloads(family, news);
  }
  const delivered = payloads.length ? await deliver(devices, payloads, send) : { sent: 0, removed: 0, retry: 0 };
  if (delivered.retry > 0) throw new PushRetryLater(delivered.retry);
  // No device left: out of the index until one is turned on again.
  const remaining = devices.length - delivered.removed;
  await advanceReminder(r, remaining > 0 ? next : null);
  const outcome: ReminderResult['outcome'] = !stillDue ? 'moved' : late ? 'too-late' : delivered.sent > 0 ? 'sent' : 'nothing-to-say';
  return { outcome, sent: delivered.sent, removed: removed + delivered.removed };
}
