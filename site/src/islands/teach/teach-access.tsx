// Who may see the tutor's pages (docs/decisions/079): the service answers 401 to a visitor who
// is signed out (sent to /login, coming back here after), 403 to a signed-in customer or admin
// (told so, as /admin tells a customer) and 404 for a session the tutor does not teach. The page
// only follows those answers; it never judges the role itself.
import { useEffect } from 'react';
import { loginUrl, type Refusal } from './teach-api.ts';

/** Sends a signed-out visitor to /login, to come back to this address once signed in. */
export function useSignInRedirect(
  refusal: Refusal,
  navigate: (url: string) => void = (url) => window.location.replace(url),
): void {
  useEffect(() => {
    if (refusal !== 'signed-out') return;
    navigate(loginUrl(`${window.location.pathname}${window.location.search}`));
  }, [refusal, navigate]);
}

/** What a refused visitor sees instead of the page; null when nothing was refused. */
export function RefusalNotice({ refusal }: { refusal: Refusal }) {
  if (refusal === 'signed-out') {
    return (
      <p className="teach-notice" role="status">
        Please log in: taking you to the login page…
      </p>
    );
  }
  if (refusal === 'not-a-tutor') {
    return (
      <div className="teach-notice card" role="alert">
        <h2>Access denied</h2>
        <p>These pages are for our tutors. Your bookings are under Manage Bookings.</p>
        <a className="btn" href="/manage-bookings">
          Manage Bookings
        </a>
      </div>
    );
  }
  if (refusal === 'not-found') {
    return (
      <div className="teach-notice card" role="alert">
        <h2>Session not found</h2>
        <p>This session is not one you teach, or the link is incomplete.</p>
        <a className="btn" href="/teach">
          Your sessions
        </a>
      </div>
    );
  }
  return null;
}
