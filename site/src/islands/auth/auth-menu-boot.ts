// The header's account area on every page, before React (docs/decisions/025). The server
// renders Login (-> /login) and Book Now links, which work without JavaScript. This script:
// reads the session; when signed in, loads the React menu (./auth-menu.tsx) in their place;
// when someone clicks an element marked data-auth-action="sign-in" (Login, the home hero's
// Get Started) or another island calls openAuthDialog, loads it too, and the dialog opens.
import { OPEN_AUTH_DIALOG_EVENT, openAuthDialog } from '../../lib/auth-dialog.ts';
import {
  fetchSessionUser,
  onSessionChange,
  type SessionUserSummary,
} from '../../lib/auth-session.ts';
import { syncAuthHooks } from './auth-menu-hooks.ts';

const container = document.querySelector<HTMLElement>('[data-auth-menu]');
let mounted: Promise<void> | null = null;

/** `user` undefined: the session is not read yet, and the menu reads it itself. */
function mount(user: SessionUserSummary | null | undefined): Promise<void> {
  if (!container) return Promise.resolve();
  mounted ??= import('./auth-menu.tsx').then(({ mountAuthMenu }) => mountAuthMenu(container, user));
  return mounted;
}

let known: { user: SessionUserSummary | null } | null = null;

async function readSession() {
  const user = await fetchSessionUser();
  known = { user };
  if (mounted) return; // the React menu keeps itself up to date from here on
  syncAuthHooks(user !== null);
  if (user) await mount(user);
}

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
  if (event.shiftKey || event.altKey) return;
  const target = (event.target as Element | null)?.closest?.('[data-auth-action="sign-in"]');
  if (!target) return;
  event.preventDefault();
  openAuthDialog('login');
});

// openAuthDialog keeps the request until the menu subscribes, so loading it is enough.
window.addEventListener(OPEN_AUTH_DIALOG_EVENT, () => {
  void mount(known ? known.user : undefined);
});

const stopListening = onSessionChange(() => {
  if (mounted) stopListening();
  else void readSession();
});

void readSession();

// The dialog's and menu's styles are tiny; loading them with the page avoids an unstyled
// flash (and Astro does not attach a lazy chunk's CSS to content pages).
import '../shared/form-fields.css';
import './auth-forms.css';
import './auth-dialog-panel.css';
import './auth-profile-menu.css';
import '../shared/app-toaster.css';
