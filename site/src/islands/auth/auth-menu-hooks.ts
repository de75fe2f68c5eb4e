// The page's auth-dependent hooks outside the header: elements marked data-auth-action. Get
// Started (data-auth-action="sign-in") shows while signed out and opens the dialog; Book Now
// (data-auth-action="book") shows while signed in. <html data-auth> says which state is known.

export function syncAuthHooks(signedIn: boolean | null): void {
  const root = document.documentElement;
  if (signedIn === null) delete root.dataset.auth;
  else root.dataset.auth = signedIn ? 'signed-in' : 'signed-out';
  for (const el of document.querySelectorAll<HTMLElement>('[data-auth-action="sign-in"]')) {
    // The header's own Login link is replaced by the menu; only page hooks toggle here.
    if (!el.closest('[data-auth-menu]')) el.hidden = signedIn === true;
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-auth-action="book"]')) {
    el.hidden = signedIn !== true;
  }
}
