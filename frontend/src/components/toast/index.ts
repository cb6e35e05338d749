export { ToastProvider } from './toast-provider';
export { useToast, type ToastApi, type ToastOptions, type ToastVariant } from './use-toast';
export { TOAST_DURATION_MS, TOAST_LIMIT } from './toast-config';
export { errorToast, failureToast } from './error-toast';
