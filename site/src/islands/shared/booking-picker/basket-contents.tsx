// What the basket shows wherever it is drawn: the beside-the-calendar panel of wide screens
// (./booking-basket.tsx) and the slide-up sheet of narrow ones (./booking-bottom-bar.tsx): the
// picked sessions at the session price, the bundle offer, the promo code and the service's
// price with its discount (./basket-promo.tsx), the total, the pay (or confirm-reschedule)
// button and the note under it. Kept apart from both so the lazily loaded
// sheet and the panel that loads it do not import each other.
import type { PriceQuote } from '@tuition/api-contract';
import { formatLondonDate, formatPounds, type PricingRules } from '@tuition/domain';
import { creditPaidSeats, seatKeyOf } from '../wallet/credit-words.ts';
import { type CreditChoice, CreditSum, UseCreditBox } from '../wallet/credit-choice.tsx';
import { DiscountSum, PromoField } from './basket-promo.tsx';
import type { BasketPromo } from './use-basket-quote.ts';
import {
  type BasketTotals,
  type BookingMode,
  runsIfNote,
  type SelectedSession,
} from './booking-rules.ts';

/** The credit as the basket shows it: the split, and the card's part priced as usual. */
export type BasketCreditView = CreditChoice & { cardTotals: BasketTotals };

export interface BasketProps {
  mode: BookingMode;
  selection: readonly SelectedSession[];
  totals: BasketTotals;
  pricing: PricingRules;
  /** The family's credit, when it has some to spend (decision 077). */
  credit?: BasketCreditView | undefined;
  /** The service's price for the basket, when it answered one: its total is the one shown. */
  price?: PriceQuote | undefined;
  /** The promo code field: a family booking for itself, signed in. */
  promo?: BasketPromo | undefined;
  /** A payment or reschedule is being sent: the button says "Processing...". */
  busy: boolean;
  /**
   * The sign-in state is still being read: pay waits (a press now would be taken as signed
   * out), but nothing is processing, so the button keeps its words.
   */
  waiting?: boolean;
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

/** What the card pays for: every seat, or those the credit does not cover. */
export const payableTotals = ({ totals, credit }: Pick<BasketProps, 'totals' | 'credit'>) =>
  credit?.cardTotals ?? totals;

/** The total shown: the service's when it priced the basket, else the CMS prices' (display). */
export const shownTotalPence = (props: Pick<BasketProps, 'totals' | 'credit' | 'price'>) =>
  props.price?.totalPence ?? payableTotals(props).amountPence;

export function submitLabel(mode: BookingMode, busy: boolean, creditOnly = false): string {
  if (busy) return 'Processing...';
  if (mode === 'reschedule') return 'Confirm Reschedule';
  return creditOnly ? 'Book with Credit' : 'Proceed to Payment';
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
export function BasketLines(props: BasketProps) {
  const { mode, selection, pricing, onRemove, pupilNames, credit } = props;
  const totals = payableTotals(props);
  const linePrice = mode === 'reschedule' ? 0 : pricing.sessionPricePence;
  // One line per seat: a session for two children is two lines (decision 055).
  const forWhom: ReadonlyArray<string | undefined> =
    pupilNames && pupilNames.length > 0 ? pupilNames : [undefined];
  // Credit pays for the first seats in start order, then pupil, as the checkout will.
  const byCredit = creditPaidSeats(
    selection.flatMap((s) =>
      forWhom.map((name) => ({ startsAt: s.startsAt, pupilName: name ?? '' })),
    ),
    credit?.creditSeats ?? 0,
  );
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
                  {/* A class with a minimum: its condition, or that it runs (decision 100). */}
                  {runsIfNote(s) && (
                    <span className="booking-basket__item-condition">{runsIfNote(s)}</span>
                  )}
                </span>
                <span className="booking-basket__item-price">
                  {byCredit.has(seatKeyOf({ startsAt: s.startsAt, pupilName: name ?? '' }))
                    ? 'Credit'
                    : formatPounds(linePrice)}
                </span>
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
      {credit && <UseCreditBox credit={credit} />}
      {props.promo && selection.length > 0 && <PromoField promo={props.promo} />}
      <dl className="booking-basket__sums">
        {props.price && <DiscountSum price={props.price} />}
        {mode === 'book' && totals.isSpecialOffer && !props.price?.discount && (
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
        {credit && <CreditSum credit={credit} />}
        <div className="booking-basket__total">
          <dt>{credit && credit.creditSeats > 0 ? 'To pay by card' : 'Total'}</dt>
          <dd data-testid="basket-total">{formatPounds(shownTotalPence(props))}</dd>
        </div>
      </dl>
      {/* Credit pays for every seat: no price offer to tell of. */}
      {!(credit && credit.cardSeats === 0 && credit.creditSeats > 0) && (
        <OfferNote totals={totals} pricing={pricing} mode={mode} />
      )}
    </>
  );
}

export function SubmitButton(props: BasketProps) {
  const { mode, busy, waiting, selection, onSubmit, credit } = props;
  const creditOnly = Boolean(credit && credit.creditSeats > 0 && credit.cardSeats === 0);
  return (
    <button
      type="button"
      className="btn btn--block booking-basket__submit"
      disabled={busy || waiting || selection.length === 0}
      onClick={onSubmit}
    >
      {submitLabel(mode, busy, creditOnly)}
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
