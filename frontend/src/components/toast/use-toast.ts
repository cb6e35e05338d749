import { createContext, useContext } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastApi {
  /** Shows a toast; with one visible at a time, it replaces the one on screen. Returns its id. */
  toast: (options: ToastOptions) => number;
  /** Closes the visible toast. */
  dismiss: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** `const { toast } = useToast(); toast({ title: 'Saved' })`. Needs `<ToastProvider>` above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
