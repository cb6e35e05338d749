/**
 * Issue 32: the reminders' calls, for a parent (Account Settings) and a child (the dashboard's card).
 * Query keys are API paths, as in ./family; this device's subscription is the browser's, not the
 * server's (lib/web-push.ts), under a key of its own.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChildPushSettingsDto, ChildReminderDto, ParentPushSettingsDto, PushDeviceDto, PushKeyDto } from '../../../shared/api-types';
import type { ChildReminderBody, ParentPushSettingsBody } from '../../../shared/push-schemas';
import { api, apiPath, route } from '../lib/api';
import { browserFacts, currentSubscription, deviceBody, deviceIdOf, subscribe } from '../lib/web-push';

export type PushRole = 'parent' | 'child';

export const pushKeys = {
  key: [apiPath('GET /api/push/key')] as const,
  parentSettings: [apiPath('GET /api/push/settings')] as const,
  childSettings: [apiPath('GET /api/child/push/settings')] as const,
  /** This browser's subscription (its push address and the id the API gives it), or null. */
  thisDevice: ['push:this-device'] as const,
};

const DEVICE_ROUTES = {
  parent: { put: 'PUT /api/push/device', remove: 'DELETE /api/push/device', test: 'POST /api/push/test' },
  child: { put: 'PUT /api/child/push/device', remove: 'DELETE /api/child/push/device', test: 'POST /api/child/push/test' },
} as const;

export interface ThisDevice {
  endpoint: string;
  id: string;
}

export const useParentPushSettings = () => useQuery<ParentPushSettingsDto>({ queryKey: pushKeys.parentSettings });

/** The child's reminder and devices: asked only once the card is on screen (`enabled`), never with the dashboard. */
export const useChildPushSettings = (enabled: boolean) => useQuery<ChildPushSettingsDto>({ queryKey: pushKeys.childSettings, enabled });

export function useThisDevice() {
  return useQuery<ThisDevice | null>({
    queryKey: pushKeys.thisDevice,
    queryFn: async () => {
      const subscription = await currentSubscription();
      return subscription ? { endpoint: subscription.endpoint, id: await deviceIdOf(subscription.endpoint) } : null;
    },
  });
}

/** Whether this device receives the signed-in person's reminders: the browser has a subscription the server lists for them. */
export function isThisDeviceOn(device: ThisDevice | null | undefined, devices: readonly PushDeviceDto[] | undefined): boolean {
  return Boolean(device && devices?.some((d) => d.id === device.id));
}

function settingsKey(role: PushRole) {
  return role === 'parent' ? pushKeys.parentSettings : pushKeys.childSettings;
}

function setDevices(qc: QueryClient, role: PushRole, change: (devices: PushDeviceDto[]) => PushDeviceDto[]) {
  qc.setQueryData<{ devices: PushDeviceDto[] }>(settingsKey(role), (old) => (old ? { ...old, devices: change(old.devices) } : old));
}

/** Turns reminders on here: permission, the browser's subscription with the server's key, then the API. */
export function useTurnOnReminders(role: PushRole) {
  const qc = useQueryClient();
  return useMutation<{ device: PushDeviceDto; thisDevice: ThisDevice }, Error, void>({
    mutationFn: async () => {
      const { publicKey } = await qc.fetchQuery<PushKeyDto>({ queryKey: pushKeys.key, staleTime: Infinity });
      const subscription = await subscribe(publicKey);
      const device = await api<PushDeviceDto>(DEVICE_ROUTES[role].put, deviceBody(subscription, browserFacts()));
      return { device, thisDevice: { endpoint: subscription.endpoint, id: device.id } };
    },
    onSuccess: ({ device, thisDevice }) => {
      qc.setQueryData(pushKeys.thisDevice, thisDevice);
      setDevices(qc, role, (devices) => [...devices.filter((d) => d.id !== device.id), device]);
    },
  });
}

/** Turns reminders off here: the API forgets this device, and the browser drops its subscription. */
export function useTurnOffReminders(role: PushRole) {
  const qc = useQueryClient();
  return useMutation<{ devices: PushDeviceDto[] }, Error, void>({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      const endpoint = subscription?.endpoint ?? qc.getQueryData<ThisDevice | null>(pushKeys.thisDevice)?.endpoint;
      if (!endpoint) return { devices: qc.getQueryData<{ devices: PushDeviceDto[] }>(settingsKey(role))?.devices ?? [] };
      const answer = await api<{ devices: PushDeviceDto[] }>(DEVICE_ROUTES[role].remove, { endpoint });
      await subscription?.unsubscribe().catch(() => false);
      return answer;
    },
    onSuccess: ({ devices }) => {
      qc.setQueryData(pushKeys.thisDevice, null);
      setDevices(qc, role, () => devices);
    },
  });
}

/** "Send a test": one push to this device, now. */
export function useSendTestReminder(role: PushRole) {
  const qc = useQueryClient();
  return useMutation<{ sent: true }, Error, void>({
    mutationFn: async () => {
      const endpoint = qc.getQueryData<ThisDevice | null>(pushKeys.thisDevice)?.endpoint ?? (await currentSubscription())?.endpoint;
      if (!endpoint) throw new Error('Turn reminders on for this device first.');
      return api<{ sent: true }>(DEVICE_ROUTES[role].test, { endpoint });
    },
    // A device the push service no longer knows (410) was removed by the server: show it off.
    onError: () => void qc.invalidateQueries({ queryKey: settingsKey(role) }),
  });
}

/** A parent's own reminders and quiet hours, and each child's reminder whose `enabled` or `time` changed. */
export function useSaveReminders() {
  const qc = useQueryClient();
  return useMutation<ParentPushSettingsDto, Error, { parent: ParentPushSettingsBody; children: (ChildReminderBody & { childId: string })[] }>({
    mutationFn: async ({ parent, children }) => {
      const changed = await Promise.all(
        children.map(({ childId, ...body }) => api<ChildReminderDto>(route('PUT /api/children/{id}/reminder', { id: childId }), body)),
      );
      const settings = await api<ParentPushSettingsDto>('PUT /api/push/settings', parent);
      const byId = new Map(changed.map((c) => [c.childId, c]));
      return { ...settings, children: settings.children.map((c) => byId.get(c.childId) ?? c) };
    },
    onSuccess: (settings) => qc.setQueryData(pushKeys.parentSettings, settings),
  });
}
