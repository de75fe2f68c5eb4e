// /one-to-one's price and Pay (docs/decisions/108): the lessons at the CMS price for the length,
// or the total the service quoted when it answered 409 price-changed (a code's discount, or a
// price that moved: decision 102), the note that session credit does not pay for 1-to-1, and the
// refusals: the weeks the tutor is no longer free, with "Book the other weeks", or the service's
// words for anything else.
import { formatPounds } from '@tuition/domain';
import { ApiError } from '../../lib/api-client.ts';
import { fieldMessages } from './one-to-one-fields.ts';
import type { OneToOneBooking } from './use-one-to-one-booking.ts';
import { unavailableWords } from '../shared/free-times/free-time-words.ts';
import { agreedTotalWords, lessonsWords } from './one-to-one-words.ts';

/** The service's words for a refusal not tied to a field or to the weeks offered again. */
function refusalWords(error: unknown, flow: OneToOneBooking): string | undefined {
  if (!error || Object.keys(fieldMessages(error)).length > 0) return undefined;
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.code === 'unavailable') return undefined;
  if (error.code === 'price-changed' && error.amountPence !== undefined) {
    return agreedTotalWords({
      amountPence: error.amountPence,
      expectedPence: flow.lessonPence * flow.weeksAsked,
      promoCode: flow.promoCode,
      serviceDetail: error.detail,
    });
  }
  if (error.status === 401) return 'Please log in to book a 1-to-1 lesson.';
  return error.detail || 'Something went wrong. Please try again.';
}

function Unavailable({ flow }: { flow: OneToOneBooking }) {
  const { unavailable } = flow;
  if (!unavailable) return null;
  const busy = flow.checkout.isPending;
  return (
    <div className="notice one-to-one-unavailable">
      <p>{unavailableWords(unavailable.tutorName, unavailable.starts)}</p>
      {flow.otherWeeks > 0 ? (
        <button type="button" className="btn" disabled={busy} onClick={flow.payForOtherWeeks}>
          Book the other {lessonsWords(flow.otherWeeks)} (
          {formatPounds(flow.totalWithoutUnavailable)})
        </button>
      ) : (
        <p>Please pick another time.</p>
      )}
    </div>
  );
}

export function OneToOnePay({ flow }: { flow: OneToOneBooking }) {
  const refusal = refusalWords(flow.checkout.error, flow);
  const busy = flow.checkout.isPending || flow.checkout.isSuccess;
  const lessons = flow.weeksAsked;
  return (
    <div className="one-to-one-pay">
      <dl className="one-to-one-sums">
        <div>
          <dt>
            {lessonsWords(lessons)} × {formatPounds(flow.lessonPence)}
          </dt>
          <dd>{formatPounds(flow.lessonPence * lessons)}</dd>
        </div>
        <div className="one-to-one-sums__total">
          <dt>{flow.quoted && flow.promoCode ? 'Total with your code' : 'Total'}</dt>
          <dd data-testid="one-to-one-total">{formatPounds(flow.total)}</dd>
        </div>
      </dl>
      <p className="field-hint one-to-one-credit-note">
        Session credit can’t be used for 1-to-1 lessons.
      </p>
      <div role="alert" className="one-to-one-pay__alert">
        <Unavailable flow={flow} />
        {refusal && <p className="notice notice--error">{refusal}</p>}
      </div>
      {!flow.unavailable && (
        <button
          type="button"
          className="btn btn--block btn--lg"
          disabled={busy || (flow.signedIn && !flow.ready)}
          onClick={flow.pay}
        >
          {busy
            ? 'Processing...'
            : flow.signedIn
              ? `Pay ${formatPounds(flow.total)}`
              : 'Log in to book'}
        </button>
      )}
    </div>
  );
}
