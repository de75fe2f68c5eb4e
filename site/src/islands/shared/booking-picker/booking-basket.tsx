// The basket of the booking flow: the picked sessions at the session price, the 10-for-£100
// bundle, the total and the pay (or confirm-reschedule) button. Wide screens show it beside
// the calendar; below 768 px a fixed bottom bar shows the count and total and opens the same
// basket as a slide-up sheet (./booking-bottom-bar.tsx). The bar only appears once a session is
// picked, so it and its dialog code load then, not with the page.
import { formatLondonDate, formatPounds, type PricingRules } from '@tuition/domain';
import { lazy, Suspense, useState } from 'react';
import type { BasketTotals, BookingMode, SelectedSession } from './booking-rules.ts';

export interface BasketProps {
  mode: BookingMode;
  selection: readonly SelectedSession[];
  totals: BasketTotals;
  pricing: PricingRules;
  busy: boolean;
  /** Who the seats are for (issue 14): with names, each session is a line per pupil. */
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
  // One line per seat: a session for two children is two lines (issue 14, item 4).
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

/** The side panel of wide screens. */
export function BookingBasket(props: BasketProps) {
  return (
    <section className="booking-basket" aria-labelledby="booking-basket-title">
      <h2 id="booking-basket-title" className="booking-basket__title">
        {props.mode === 'reschedule' ? 'New session' : 'Your sessions'}
      </h2>
      <BasketLines {...props} />
      <SubmitButton {...props} />
      <Note note={props.note} />
    </section>
  );
}

const BottomBarSheet = lazy(() =>
  import('./booking-bottom-bar.tsx').then(({ BookingBottomBar }) => ({
    default: BookingBottomBar,
  })),
);

/**
 * The fixed bar and slide-up sheet of narrow screens, from the first pick on. It floats over
 * the page (position: fixed), so nothing moves when it arrives; once shown it stays mounted so
 * "Clear All" in the open sheet leaves the sheet open.
 */
export function BookingBottomBar(props: BasketProps & { container?: HTMLElement | null }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted && props.selection.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BottomBarSheet {...props} />
    </Suspense>
  );
}
