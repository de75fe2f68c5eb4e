// The error toast of an island's read (docs/product-rules.md#messages): shown once when the read
// fails, not on every render while it stays failed. Where the failure itself decides the text
// (the admin pages say "access denied" for a 403), pass the error: a new failure toasts again.
import { useEffect, useRef } from 'react';
import { type ToastMessage, toastError } from './app-toaster.tsx';

export function useErrorToast(
  failed: boolean,
  message: ToastMessage | ((error: unknown) => ToastMessage),
  options: { error?: unknown; logAs?: string } = {},
): void {
  const { error, logAs } = options;
  // The latest text, without making every render's new function a reason to toast again.
  const latest = useRef(message);
  latest.current = message;
  useEffect(() => {
    if (!failed) return;
    if (logAs) console.error(logAs, error);
    const shown = latest.current;
    toastError(typeof shown === 'function' ? shown(error) : shown);
  }, [failed, error, logAs]);
}
