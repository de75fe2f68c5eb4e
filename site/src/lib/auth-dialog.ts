// One auth dialog per page, mounted by the header's auth island. Other islands (the booking
// pay button, the home hero's Get Started) open it through a window event instead of
// importing it, so they stay independent of the dialog's code and of each other.

export type AuthTab = 'login' | 'register';

export interface OpenAuthDialogDetail {
  tab: AuthTab;
  /** A line shown above the form, e.g. "Please log in to complete payment". */
  note?: string;
}

export const OPEN_AUTH_DIALOG_EVENT = 'tuition:open-auth-dialog';

// The header island hydrates when the browser is idle: a request made before it listens is
// kept here and delivered when it subscribes, so an early click is not lost.
let pending: OpenAuthDialogDetail | null = null;
let listeners = 0;

/** Opens the auth dialog on the given tab (Login by default). */
export function openAuthDialog(tab: AuthTab = 'login', note?: string): void {
  if (typeof window === 'undefined') return;
  const detail: OpenAuthDialogDetail = note === undefined ? { tab } : { tab, note };
  if (listeners === 0) pending = detail;
  window.dispatchEvent(new CustomEvent<OpenAuthDialogDetail>(OPEN_AUTH_DIALOG_EVENT, { detail }));
}

/** Subscribes the dialog's owner to open requests; returns the unsubscribe function. */
export function onOpenAuthDialog(listener: (detail: OpenAuthDialogDetail) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<Partial<OpenAuthDialogDetail> | null>).detail;
    listener({
      tab: detail?.tab === 'register' ? 'register' : 'login',
      ...(detail?.note ? { note: detail.note } : {}),
    });
  };
  window.addEventListener(OPEN_AUTH_DIALOG_EVENT, handler);
  listeners += 1;
  if (pending) {
    const early = pending;
    pending = null;
    listener(early);
  }
  return () => {
    listeners -= 1;
    window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, handler);
  };
}
