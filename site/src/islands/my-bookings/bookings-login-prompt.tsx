// What the signed-in pages (bookings, payments, reschedule) show a signed-out visitor instead
// of a blank page: a short reason and a button that opens the one auth dialog of the page.
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import './bookings-login-prompt.css';

export interface BookingsLoginPromptProps {
  /** Completes "Please log in to …", e.g. "view your bookings". */
  what: string;
}

export function BookingsLoginPrompt({ what }: BookingsLoginPromptProps) {
  return (
    <div className="bookings-login card">
      <h2 className="bookings-login__title">Please log in</h2>
      <p>Please log in to {what}.</p>
      <div className="bookings-login__actions">
        <button type="button" className="btn" onClick={() => openAuthDialog('login')}>
          Log In
        </button>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => openAuthDialog('register')}
        >
          Create Account
        </button>
      </div>
    </div>
  );
}
