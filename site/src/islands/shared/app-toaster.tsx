// sonner's toasts with the spec's settings (§9: about 5 s, at most 3 at once; §8: destructive
// messages styled as errors, in colours that meet WCAG AA: ./app-toaster.css), kept apart
// from app-providers.tsx so the header's lazily loaded dialog and menu can show toasts
// without pulling in Radix Themes.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster, toast } from 'sonner';
import './app-toaster.css';

/** A catalogue message (MESSAGES of @tuition/domain): title and optional description. */
export interface ToastMessage {
  title: string;
  description?: string;
}

/** Which form a toast speaks for: its success clears that form's earlier error toasts. */
export interface ToastScope {
  form: string;
}

/** Errors shown without a form of their own belong to the page. */
const PAGE_SCOPE: ToastScope = { form: 'page' };

/**
 * Every toast ends like a sentence: a lone title or a description without a closing full
 * stop, exclamation or question mark gets a full stop ("Profile Updated."). A title followed by
 * a description is a heading and stays as it is ("Session Full").
 */
export function finishSentence(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed === '' || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The toast's title and description as shown: see finishSentence. */
export function toastText(message: ToastMessage): ToastMessage {
  if (message.description === undefined) return { title: finishSentence(message.title) };
  return { title: message.title, description: finishSentence(message.description) };
}

const toastOptions = (message: ToastMessage) =>
  message.description === undefined ? {} : { description: message.description };

// The error toasts still on screen, per form, so a later success can take them away.
const openErrors = new Map<string, Set<string | number>>();

function forget(form: string, id: string | number): void {
  openErrors.get(form)?.delete(id);
}

/** A success toast from a catalogue message; that form's earlier error toasts go away. */
export function toastSuccess(message: ToastMessage, scope: ToastScope = PAGE_SCOPE): void {
  for (const id of openErrors.get(scope.form) ?? []) toast.dismiss(id);
  openErrors.delete(scope.form);
  const shown = toastText(message);
  toast.success(shown.title, toastOptions(shown));
}

/**
 * A destructive (error-styled) toast from a catalogue message, as docs/product-rules.md#messages
 * asks.
 */
export function toastError(message: ToastMessage, scope: ToastScope = PAGE_SCOPE): void {
  const shown = toastText(message);
  const { form } = scope;
  const id: string | number = toast.error(shown.title, {
    ...toastOptions(shown),
    onDismiss: () => forget(form, id),
    onAutoClose: () => forget(form, id),
  });
  const ids = openErrors.get(form) ?? new Set();
  ids.add(id);
  openErrors.set(form, ids);
}

/** A neutral toast (e.g. "Logging you in..."); like a success, it ends the form's errors. */
export function toastInfo(message: ToastMessage, scope: ToastScope = PAGE_SCOPE): void {
  for (const id of openErrors.get(scope.form) ?? []) toast.dismiss(id);
  openErrors.delete(scope.form);
  const shown = toastText(message);
  toast(shown.title, toastOptions(shown));
}

/** Just below the sticky site header (site.css --header-height), before the page is measured. */
const TOASTS_TOP = 'calc(var(--header-height, 64px) + 12px)';
const GAP_BELOW_HEADER = 12;

/**
 * Where the toasts start: 12 px below the header's bottom edge as it is now. At the top of the
 * home page the promo banner pushes the header down, so a fixed offset of the header's height
 * covered its lower edge (and the account menu); once scrolled, the sticky header sits at the top.
 */
function useToastsTop(): string {
  const [top, setTop] = useState(TOASTS_TOP);
  useEffect(() => {
    const header = document.querySelector('.site-header');
    if (!header) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bottom = Math.max(0, header.getBoundingClientRect().bottom);
      setTop(`${Math.round(bottom) + GAP_BELOW_HEADER}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);
  return top;
}

// Each island is its own React root, so a page with several islands would get several
// Toasters and every toast twice. The first Toaster mounted shows every toast; later ones
// render nothing until it goes away. Module state is shared by all islands of a page.
let toasterOwner: symbol | null = null;
const ownerListeners = new Set<() => void>();

/** sonner's Toaster with the spec's settings, rendered once per page whatever mounts it. */
export function PageToaster() {
  const [me] = useState(() => Symbol('toaster'));
  const [isOwner, setIsOwner] = useState(false);
  useEffect(() => {
    const claim = () => {
      if (toasterOwner === null) toasterOwner = me;
      setIsOwner(toasterOwner === me);
    };
    claim();
    ownerListeners.add(claim);
    return () => {
      ownerListeners.delete(claim);
      if (toasterOwner === me) {
        toasterOwner = null;
        for (const listener of ownerListeners) listener();
      }
    };
  }, [me]);
  const toastsTop = useToastsTop();
  if (!isOwner) return null;
  // Into <body>: inside an island the toasts shared its stacking context and slid under the
  // sticky header (z-index 100). Below the header's bottom edge as it is now (useToastsTop), so
  // they never cover the account menu.
  return createPortal(
    <Toaster
      className="app-toaster"
      visibleToasts={3}
      duration={5000}
      richColors
      closeButton
      position="top-right"
      offset={{ top: toastsTop }}
      mobileOffset={{ top: toastsTop }}
    />,
    document.body,
  );
}
