// sonner's toasts as docs/product-rules.md#time, #messages set them (about 5 s, at most 3 at once;
// destructive messages styled as errors, in colours that meet WCAG AA: ./app-toaster.css), kept
// apart from app-providers.tsx so the header's lazily loaded dialog and menu can show toasts
// without pulling in Radix Themes. sonner itself (about 10 KiB gzip) loads after the first
// screen, and its Toaster (which reads the page's computed style as it mounts) only mounts with
// the first toast: no page shows a toast before the visitor or a request has done something,
// and sonner replays the toasts created before its Toaster subscribed, so none is lost.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import './app-toaster.css';

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;
/** sonner, fetched once on first use; every toast call waits for it, in call order. */
function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

// Whether this page has asked for a toast yet; the Toaster appears from then on.
let toastsWanted = false;
const wantedListeners = new Set<() => void>();

function subscribeToWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribeToWanted,
    () => toastsWanted,
    () => false,
  );
}

/** Runs `show` with sonner's toast once loaded; a failed load leaves the page as it was. */
function withToast(show: (toast: Sonner['toast']) => void): void {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of wantedListeners) listener();
  }
  loadSonner().then(
    ({ toast }) => show(toast),
    (error: unknown) => console.error('Toasts failed to load', error),
  );
}

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

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
  withToast((toast) => {
    for (const id of openErrors.get(scope.form) ?? []) toast.dismiss(id);
    openErrors.delete(scope.form);
    const shown = toastText(message);
    toast.success(shown.title, toastOptions(shown));
  });
}

/**
 * A destructive (error-styled) toast from a catalogue message, as docs/product-rules.md#messages
 * asks.
 */
export function toastError(message: ToastMessage, scope: ToastScope = PAGE_SCOPE): void {
  withToast((toast) => {
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
  });
}

/** A neutral toast (e.g. "Logging you in..."); like a success, it ends the form's errors. */
export function toastInfo(message: ToastMessage, scope: ToastScope = PAGE_SCOPE): void {
  withToast((toast) => {
    for (const id of openErrors.get(scope.form) ?? []) toast.dismiss(id);
    openErrors.delete(scope.form);
    const shown = toastText(message);
    toast(shown.title, toastOptions(shown));
  });
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

/** sonner's Toaster with the spec's settings, below the header as it sits now. */
function ShownToaster() {
  const toastsTop = useToastsTop();
  // Into <body>: inside an island the toasts shared its stacking context and slid under the
  // sticky header (z-index 100). Below the header's bottom edge as it is now (useToastsTop), so
  // they never cover the account menu. The toasts float above the page (position: fixed), so
  // nothing moves when the Toaster arrives.
  return createPortal(
    <Suspense fallback={null}>
      <Toaster
        className="app-toaster"
        visibleToasts={3}
        duration={5000}
        richColors
        closeButton
        position="top-right"
        offset={{ top: toastsTop }}
        mobileOffset={{ top: toastsTop }}
      />
    </Suspense>,
    document.body,
  );
}

/** Fetches sonner once the page is idle, so the first toast need not wait for it. */
function usePrefetchSonner(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => void loadSonner());
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => void loadSonner(), 2000);
    return () => clearTimeout(timer);
  }, [enabled]);
}

/** The page's one Toaster, whatever mounts it, from the first toast on. */
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
  const wanted = useToastsWanted();
  usePrefetchSonner(isOwner);
  return isOwner && wanted ? <ShownToaster /> : null;
}
