import { useStoredState } from '../../../lib/use-stored-state';

const isList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Whether this parent hid the getting-started guide on this device (by sign-in address), and how to hide it. */
export function useGettingStartedHidden(email: string): [boolean, () => void] {
  const [hidden, setHidden] = useStoredState<string[]>('chorequest.getting-started-hidden', [], isList);
  return [hidden.includes(email), () => setHidden([...hidden, email])];
}
