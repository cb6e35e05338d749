/**
 * Issue 32: reminders by Web Push. Each signed-in person turns reminders on for a device (the
 * browser's push subscription, tied to the session that turned it on), off again, and sends a test;
 * a parent chooses which reminders reach them and quiet hours, and each child's reminder time.
 */
import type { ChildPushSettingsDto, ChildReminderDto, ParentPushSettingsDto, PushDeviceDto, PushKeyDto, PushPayload } from '../../shared/api-types';
import { FORM_MESSAGES } from '../../shared/messages';
import { childReminderSchema, MAX_PUSH_DEVICES, parentPushSettingsSchema, PUSH_MESSAGES, pushDeviceSchema, pushEndpointSchema, REMINDER_TEXT } from '../../shared/push-schemas';
import { getFamily, getParent } from '../data/family/accounts';
import { getChild, listChildren } from '../data/family/children';
import { deleteDevice, deviceIdOf, getDevice, listDevices, putDevice, type PushDeviceItem } from '../data/push/devices';
import { childReminderOf, parentPlanOf, refreshReminder, setChildReminder, setParentPlan, type Person } from '../data/push/reminders';
import { Conflict, HttpError, NotFound, Unauthorized } from '../lib/errors';
import { API_ERRORS } from '../../shared/messages';
import { childSession, createDomainHandler, parentSession, validate, type RequestContext } from '../lib/http';
import { sendPush, vapidKeys } from '../lib/web-push';

const deviceDto = (d: PushDeviceItem): PushDeviceDto => ({ id: d.deviceId, label: d.label, createdAt: d.createdAt });
const byName = (a: { displayName: string }, b: { displayName: string }) => a.displayName.localeCompare(b.displayName);

/** The signed-in person: who they are, as a reminder names them, and their session. */
function caller(ctx: RequestContext, role: 'parent' | 'child') {
  const s = role === 'parent' ? parentSession(ctx) : childSession(ctx);
  const person: Person = { kind: role === 'parent' ? 'PARENT' : 'CHILD', id: s.userId };
  return { familyId: s.familyId, userId: s.userId, sessionId: s.sessionId, role, person };
}

async function parentSettings(familyId: string, parentId: string): Promise<ParentPushSettingsDto> {
  const [family, parent, devices, children] = await Promise.all([getFamily(familyId), getParent(familyId, parentId), listDevices(familyId, parentId), listChildren(familyId)]);
  if (!family || !parent) throw new Unauthorized(API_ERRORS.notSignedIn);
  const plan = parentPlanOf(parent);
  return {
    approvals: plan.approvals,
    weeklyReport: plan.weeklyReport,
    quietHours: plan.quietHours,
    devices: devices.map(deviceDto),
    children: [...children].sort(byName).map((c): ChildReminderDto => ({ childId: c.childId, displayName: c.displayName, ...childReminderOf(c) })),
    timeZone: family.timeZone,
  };
}

async function childSettings(familyId: string, childId: string): Promise<ChildPushSettingsDto> {
  const [family, child, devices] = await Promise.all([getFamily(familyId), getChild(familyId, childId), listDevices(familyId, childId)]);
  if (!family || !child) throw new Unauthorized(API_ERRORS.notSignedIn);
  const { enabled, time } = childReminderOf(child);
  return { reminder: { enabled, time }, devices: devices.map(deviceDto), timeZone: family.timeZone };
}

/** Turns reminders on for the caller's device (at most MAX_PUSH_DEVICES a person), and schedules them. */
async function addDevice(ctx: RequestContext, role: 'parent' | 'child'): Promise<PushDeviceDto> {
  const who = caller(ctx, role);
  const body = validate(pushDeviceSchema, ctx.body);
  const devices = await listDevices(who.familyId, who.userId, true);
  if (devices.length >= MAX_PUSH_DEVICES && !devices.some((d) => d.deviceId === deviceIdOf(body.endpoint))) throw new Conflict(PUSH_MESSAGES.tooManyDevices);
  const device = await putDevice({ familyId: who.familyId, userId: who.userId, role, sessionId: who.sessionId, body, now: ctx.now });
  await refreshReminder(who.familyId, who.person, ctx.now);
  return deviceDto(device);
}

async function removeDevice(ctx: RequestContext, role: 'parent' | 'child'): Promise<{ devices: PushDeviceDto[] }> {
  const who = caller(ctx, role);
  const { endpoint } = validate(pushEndpointSchema, ctx.body);
  await deleteDevice(who.familyId, who.userId, deviceIdOf(endpoint));
  await refreshReminder(who.familyId, who.person, ctx.now);
  return { devices: (await listDevices(who.familyId, who.userId, true)).map(deviceDto) };
}

/** "Send a test": one push to the caller's device, now. */
async function sendTest(ctx: RequestContext, role: 'parent' | 'child'): Promise<{ sent: true }> {
  const who = caller(ctx, role);
  const { endpoint } = validate(pushEndpointSchema, ctx.body);
  const device = await getDevice(who.familyId, who.userId, endpoint);
  if (!device) throw new NotFound(PUSH_MESSAGES.deviceNotFound);
  const payload: PushPayload = { title: REMINDER_TEXT.title, body: REMINDER_TEXT.test, url: '/', tag: 'test' };
  const result = await sendPush(device, payload, { ttlSeconds: 300, urgency: 'high' });
  if (result.outcome === 'sent') return { sent: true };
  if (result.outcome === 'gone') {
    await deleteDevice(who.familyId, who.userId, device.deviceId);
    await refreshReminder(who.familyId, who.person, ctx.now);
    throw new HttpError(410, PUSH_MESSAGES.deviceGone);
  }
  throw new HttpError(503, PUSH_MESSAGES.pushUnavailable);
}

export const handler = createDomainHandler('push', {
  'GET /api/push/key': async () => {
    const body: PushKeyDto = { publicKey: (await vapidKeys()).publicKey };
    return { body, headers: { 'cache-control': 'public, max-age=3600' } };
  },

  'GET /api/push/settings': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    return { body: await parentSettings(familyId, userId) };
  },

  'PUT /api/push/settings': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    const plan = validate(parentPushSettingsSchema, ctx.body);
    if (!(await setParentPlan(familyId, userId, plan))) throw new Unauthorized(API_ERRORS.notSignedIn);
    await refreshReminder(familyId, { kind: 'PARENT', id: userId }, ctx.now);
    return { body: await parentSettings(familyId, userId) };
  },

  'PUT /api/push/device': async (ctx) => ({ body: await addDevice(ctx, 'parent') }),
  'DELETE /api/push/device': async (ctx) => ({ body: await removeDevice(ctx, 'parent') }),
  'POST /api/push/test': async (ctx) => ({ body: await sendTest(ctx, 'parent') }),

  'PUT /api/children/{id}/reminder': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const childId = ctx.params.id ?? '';
    const reminder = validate(childReminderSchema, ctx.body);
    if (!(await setChildReminder(familyId, childId, reminder))) throw new NotFound(FORM_MESSAGES.childNotFound);
    await refreshReminder(familyId, { kind: 'CHILD', id: childId }, ctx.now);
    const child = await getChild(familyId, childId, true);
    const body: ChildReminderDto = { childId, displayName: child?.displayName ?? '', ...reminder };
    return { body };
  },

  'GET /api/child/push/settings': async (ctx) => {
    const { familyId, userId } = childSession(ctx);
    return { body: await childSettings(familyId, userId) };
  },
  'PUT /api/child/push/device': async (ctx) => ({ body: await addDevice(ctx, 'child') }),
  'DELETE /api/child/push/device': async (ctx) => ({ body: await removeDevice(ctx, 'child') }),
  'POST /api/child/push/test': async (ctx) => ({ body: await sendTest(ctx, 'child') }),
});
