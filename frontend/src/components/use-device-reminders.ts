/**
 * Issue 32: "reminders on this device" as both the parent's Reminders card and the child's
 * "Remind me on this device" card drive it: whether this browser's subscription is one of the
 * person's devices, turning it on or off (the switch shows where it is going from the click on) and
 * sending a test, each answered with a toast in the card's own words.
 */
import { useState } from 'react';
import type { PushDeviceDto } from '../../../shared/api-types';
import { isThisDeviceOn, useSendTestReminder, useThisDevice, useTurnOffReminders, useTurnOnReminders, type PushRole } from '../api/push';
import { PushSetupError } from '../lib/web-push';
import { errorToast, failureToast, useToast, type ToastOptions } from './toast';

/** A card's toasts: the successes as toasts, the failures as the fallback text of failureToast. */
export interface DeviceReminderTexts {
  on: ToastOptions;
  off: ToastOptions;
  onFailed: string;
  offFailed: string;
  testSent: ToastOptions;
  testFailed: string;
}

/** `devices`: the person's devices as their settings answer them (undefined while they load). */
export function useDeviceReminders(role: PushRole, devices: readonly PushDeviceDto[] | undefined, text: DeviceReminderTexts) {
  const { toast } = useToast();
  const thisDevice = useThisDevice();
  const turnOn = useTurnOnReminders(role);
  const turnOff = useTurnOffReminders(role);
  const sendTest = useSendTestReminder(role);
  const [asked, setAsked] = useState<boolean>();

  const toggle = (next: boolean) => {
    // The switch shows where it is going from the click on (SWITCH_FOLLOWS_CLICK, account-page.tsx).
    setAsked(next);
    const done = { onSettled: () => setAsked(undefined) };
    if (next)
      turnOn.mutate(undefined, {
        ...done,
        onSuccess: () => toast(text.on),
        onError: (error) => toast(error instanceof PushSetupError ? errorToast(error.message) : failureToast(error, text.onFailed)),
      });
    else turnOff.mutate(undefined, { ...done, onSuccess: () => toast(text.off), onError: (error) => toast(failureToast(error, text.offFailed)) });
  };
  const test = () => sendTest.mutate(undefined, { onSuccess: () => toast(text.testSent), onError: (error) => toast(failureToast(error, text.testFailed)) });

  return {
    /** This device receives the person's reminders. */
    on: isThisDeviceOn(thisDevice.data, devices),
    /** Where the switch is going, while turning on or off. */
    asked,
    /** Turning on or off, or this device's subscription still being read. */
    busy: turnOn.isPending || turnOff.isPending || thisDevice.isPending,
    testPending: sendTest.isPending,
    toggle,
    test,
  };
}
