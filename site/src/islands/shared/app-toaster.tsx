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

const toastOptions = (message: ToastMessage) =>
  message.description === undefined ? {} : { description: message.description };

/** A success toast from a catalogue message. */
export function toastSuccess(message: ToastMessage): void {
  toast.success(message.title, toastOptions(message));
}

/**
 * A destructive (error-styled) toast from a catalogue message, as docs/product-rules.md#messages
 * asks.
 */
export function toastError(message: ToastMessage): void {
  toast.error(message.title, toastOptions(message));
}

/** A neutral toast (e.g. "Logging you in..."). */
export function toastInfo(message: ToastMessage): void {
  toast(message.title, toastOptions(message));
}

/** Just below the sticky site header (site.css --header-height). */
const TOASTS_TOP = 'calc(var(--header-height, 64px) + 12px)';

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
  if (!isOwner) return null;
  // Into <body>: inside an island the toasts shared its stacking context and slid under the
  // sticky header (z-index 100). Below the header, so they never cover the account menu.
  return createPortal(
    <Toaster
      className="app-toaster"
      visibleToasts={3}
      duration={5000}
      richColors
      closeButton
      position="top-right"
      offset={{ top: TOASTS_TOP }}
      mobileOffset={{ top: TOASTS_TOP }}
    />,
    document.body,
  );
}
