// The header's account area (docs/product-rules.md#pages Header), on every page. Signed out: Login
// (opens the auth dialog) and Book Now. Signed in: Book Now and the profile menu (decision 050).
// No Book Now for a tutor's account, which books nothing, nor on staff pages (decision 088).
// It also switches the home hero's Get Started / Book Now (elements marked data-auth-action) and
// opens the dialog for any element marked data-auth-action="sign-in".
//
// Content pages do not load React at all for this (docs/decisions/025): the header renders
// plain Login / Book Now links and ./auth-menu-boot.ts (a few hundred bytes) reads the session;
// it loads this module only when there is a session to show or someone asks for the dialog.
// The dialog and the profile menu are further lazy chunks.
import '../../lib/zod-jitless.ts';
import { lazy, StrictMode, Suspense, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type AuthTab, onOpenAuthDialog, openAuthDialog } from '../../lib/auth-dialog.ts';
import { PageToaster } from '../shared/app-toaster.tsx';
import { IslandErrorBoundary } from '../shared/island-error-boundary.tsx';
import { syncAuthHooks } from './auth-menu-hooks.ts';
import {
  fetchSessionUser,
  onSessionChange,
  roleOf,
  type SessionUserSummary,
} from '../../lib/auth-session.ts';

const AuthDialogPanel = lazy(() => import('./auth-dialog-panel.tsx'));
const AuthProfileMenu = lazy(() => import('./auth-profile-menu.tsx'));

interface DialogState {
  open: boolean;
  tab: AuthTab;
  note?: string | undefined;
}

/** The signed-in user (null when signed out), re-read whenever the session may have changed. */
function useSessionUser(initialUser: SessionUserSummary | null | undefined) {
  const [state, setState] = useState<{ pending: boolean; user: SessionUserSummary | null }>({
    pending: initialUser === undefined,
    user: initialUser ?? null,
  });
  useEffect(() => {
    let latest = 0;
    const read = async () => {
      const call = ++latest;
      const user = await fetchSessionUser();
      // An older answer arriving late must not undo a newer one (sign-in, then sign-out).
      if (call === latest) setState({ pending: false, user });
    };
    if (initialUser === undefined) void read();
    return onSessionChange(() => void read(), { onFocus: true });
  }, [initialUser]);
  return state;
}

export interface AuthMenuProps {
  /** The session the boot script already read (null: signed out); undefined: read it here. */
  initialUser?: SessionUserSummary | null | undefined;
  /** Book Now beside Login or the profile menu; false on staff pages (the header's prop). */
  offerBooking?: boolean;
}

export function AuthMenu({ initialUser, offerBooking = true }: AuthMenuProps) {
  const { pending: isPending, user } = useSessionUser(initialUser);
  const [hydrated, setHydrated] = useState(false);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  useEffect(() => setHydrated(true), []);

  useEffect(() => onOpenAuthDialog(({ tab, note }) => setDialog({ open: true, tab, note })), []);

  useEffect(() => {
    syncAuthHooks(isPending ? null : user !== null);
  }, [isPending, user]);

  // A fresh sign-in closes the dialog even if it was opened by another island.
  useEffect(() => {
    if (user) setDialog((d) => (d?.open ? { ...d, open: false } : d));
  }, [user]);

  const dialogElement = dialog && (
    <Suspense fallback={null}>
      <AuthDialogPanel
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => (d ? { ...d, open } : d))}
        tab={dialog.tab}
        onTabChange={(tab) => setDialog((d) => (d ? { ...d, tab } : d))}
        note={dialog.note}
      />
    </Suspense>
  );

  const bookNow = (
    <a className="btn" href="/booking">
      Book Now
    </a>
  );

  if (user) {
    return (
      <>
        {/* Kept when signed in, at every width: a returning customer's way to book (decision 050). */}
        {offerBooking && roleOf(user) !== 'tutor' && bookNow}
        <Suspense fallback={<span className="auth-menu__placeholder" aria-hidden="true" />}>
          <AuthProfileMenu name={user.name} email={user.email} role={roleOf(user)} />
        </Suspense>
        {dialogElement}
        {/* Here, not in the menu: signing out unmounts the menu, and its toast must stay. */}
        <PageToaster />
      </>
    );
  }

  return (
    <>
      {hydrated ? (
        <button
          type="button"
          className="btn btn--outline"
          aria-haspopup="dialog"
          onClick={() => openAuthDialog('login')}
        >
          Login
        </button>
      ) : (
        // Before hydration (and without JavaScript) Login is the /login page.
        <a className="btn btn--outline" href="/login">
          Login
        </a>
      )}
      {offerBooking && bookNow}
      {dialogElement}
      <PageToaster />
    </>
  );
}

/**
 * Mounts the menu into the header's account area, replacing its server-rendered links. Called
 * by ./auth-menu-boot.ts once a session is found or someone asks for the dialog.
 */
export function mountAuthMenu(
  container: HTMLElement,
  initialUser: SessionUserSummary | null | undefined,
) {
  // The header says whether its page offers booking (site-header.astro, data-offer-booking).
  const offerBooking = container.dataset.offerBooking !== 'false';
  const root = createRoot(container);
  // In a transition, so React renders the menu in slices between the page's other work instead
  // of one long task while the page loads (docs/decisions/084). The links the server rendered
  // stay in place and usable until the menu replaces them.
  startTransition(() =>
    root.render(
      <StrictMode>
        <IslandErrorBoundary>
          <AuthMenu initialUser={initialUser} offerBooking={offerBooking} />
        </IslandErrorBoundary>
      </StrictMode>,
    ),
  );
}
