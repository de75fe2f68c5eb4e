// What the basket shows wherever it is drawn: the beside-the-calendar panel of wide screens
// (./booking-basket.tsx) and the slide-up sheet of narrow ones (./booking-bottom-bar.tsx): the
// picked sessions at the session price, the bundle offer, the total, the pay (or
// confirm-reschedule) button and the note under it. Kept apart from both so the lazily loaded
// sheet and the panel that loads it do not import each other.
import { formatLondonDate, formatPounds, type PricingRules } from '@tuition/domain';
import type { BasketTotals, BookingMode, SelectedSession } from './booking-rules.ts';

export interface BasketProps {
  mode: BookingMode;
  selection: readonly SelectedSession[];
  totals: BasketTotals;
  pricing: PricingRules;
  busy: boolean;
  /** Who the seats are for (decision 055): with names, each session is a line per pupil. */
  pupilNames?: readonly string[];
  /** Shown under the pay button after a signed-out visitor pressed it. */
  note?: string | undefined;
  /** Pressing pay opens the login dialog instead, so the sheet must close first. */
  signedOut: boolean;
  onRemove: (startsAt: string) => void;
  onClear: () => void;
  onSubmit: () => void;
}

export const sessionsWord = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);

export function submitLabel(mode: BookingMode, busy: boolean): string {
  if (busy) return 'Processing...';
  return mode === 'reschedule' ? 'Confirm Reschedule' : 'Proceed to Payment';
}

function OfferNote({ totals, pricing, mode }: Pick<BasketProps, 'totals' | 'pricing' | 'mode'>) {
  if (mode === 'reschedule') return <p className="booking-basket__note">Rescheduling is free.</p>;
  const offer = `${pricing.bundleSize} sessions for ${formatPounds(pricing.bundlePricePence)}`;
  if (totals.isSpecialOffer) {
    return (
      <p className="booking-basket__note booking-basket__note--offer">
        Special offer applied: {offer}. You save {formatPounds(totals.savingPence)}.
      </p>
    );
  }
  const missing = pricing.bundleSize - (totals.sessionCount % pricing.bundleSize);
  return (
    <p className="booking-basket__note">
      Special offer: {offer}.{' '}
      {totals.sessionCount > 0 && `Add ${sessionsWord(missing)} more to save.`}
    </p>
  );
}

/** The list and the sums; shared by the side panel and the sheet. */
export function BasketLines({
  mode,
  selection,
  totals,
  pricing,
  onRemove,
  pupilNames,
}: BasketProps) {
  const linePrice = mode === 'reschedule' ? 0 : pricing.sessionPricePence;
  // One line per seat: a session for two children is two lines (decision 055).
  const forWhom: ReadonlyArray<string | undefined> =
    pupilNames && pupilNames.length > 0 ? pupilNames : [undefined];
  return (
    <>
      {selection.length === 0 ? (
        <p className="booking-basket__empty">No sessions selected yet.</p>
      ) : (
        <ul className="booking-basket__list">
          {selection.flatMap((s) =>
            forWhom.map((name) => (
              <li key={`${s.startsAt} ${name ?? ''}`} className="booking-basket__item">
                <span className="booking-basket__item-text">
                  <span className="booking-basket__item-date">
                    {formatLondonDate(new Date(s.startsAt))}
                  </span>
                  <span className="booking-basket__item-info">
                    {s.label}, {s.time}
                    {name ? `, for ${name}` : ''}
                  </span>
                </span>
                <span className="booking-basket__item-price">{formatPounds(linePrice)}</span>
                <button
                  type="button"
                  className="booking-basket__remove"
                  onClick={() => onRemove(s.startsAt)}
                  aria-label={`Remove ${formatLondonDate(new Date(s.startsAt))}, ${s.label}${forWhom.length > 1 ? ' for everyone' : ''}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )),
          )}
        </ul>
      )}
      <dl className="booking-basket__sums">
        {mode === 'book' && totals.isSpecialOffer && (
          <>
            <div>
              <dt>
                {sessionsWord(totals.sessionCount)} × {formatPounds(pricing.sessionPricePence)}
              </dt>
              <dd>{formatPounds(totals.subtotalPence)}</dd>
            </div>
            <div>
              <dt>Bundle discount</dt>
              <dd>−{formatPounds(totals.savingPence)}</dd>
            </div>
          </>
        )}
        <div className="booking-basket__total">
          <dt>Total</dt>
          <dd data-testid="basket-total">{formatPounds(totals.amountPence)}</dd>
        </div>
      </dl>
      <OfferNote totals={totals} pricing={pricing} mode={mode} />
    </>
  );
}

export function SubmitButton({ mode, busy, selection, onSubmit }: BasketProps) {
  return (
    <button
      type="button"
      className="btn btn--block booking-basket__submit"
      disabled={busy || selection.length === 0}
      onClick={onSubmit}
    >
      {submitLabel(mode, busy)}
    </button>
  );
}

export function Note({ note }: { note?: string | undefined }) {
  return note ? (
    <p className="booking-basket__login-note" role="status">
      {note}
    </p>
  ) : null;
}
