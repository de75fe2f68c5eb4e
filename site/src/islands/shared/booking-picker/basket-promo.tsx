// The basket's promo code (docs/decisions/080, 082), drawn by ./basket-contents.tsx in the side
// panel and the sheet alike: the field with Apply, the service's reason under it when it refuses
// or does not apply the code, and the one discount the service's price applied. Every figure is
// the service's (bookability's `price`); the browser works out no discount.
import type { PriceQuote } from '@tuition/api-contract';
import { formatPounds } from '@tuition/domain';
import { type SubmitEvent, useId } from 'react';
import type { BasketPromo } from './use-basket-quote.ts';

export function PromoField({ promo }: { promo: BasketPromo }) {
  const id = useId();
  const message = promo.refused ?? promo.note;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    promo.apply();
  };
  return (
    <form className="booking-promo" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`} className="booking-promo__label">
        Promo code
      </label>
      <div className="booking-promo__row">
        <input
          id={`${id}-code`}
          className="input"
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          value={promo.text}
          onChange={(e) => promo.setText(e.target.value)}
          aria-invalid={promo.refused ? true : undefined}
          aria-describedby={`${id}-message`}
        />
        <button type="submit" className="btn btn--outline">
          Apply
        </button>
        {promo.applied && (
          <button type="button" className="btn btn--ghost" onClick={promo.clear}>
            Remove
          </button>
        )}
      </div>
      <span
        id={`${id}-message`}
        role="alert"
        className={promo.refused ? 'booking-promo__error' : 'booking-promo__note'}
      >
        {message}
      </span>
    </form>
  );
}

/** The service's discount line, when it applied one (the total beneath is its total too). */
export function DiscountSum({ price }: { price: PriceQuote }) {
  if (!price.discount || price.discountPence <= 0) return null;
  return (
    <>
      <div>
        <dt>Before discount</dt>
        <dd>{formatPounds(price.subtotalPence)}</dd>
      </div>
      <div className="booking-basket__discount">
        <dt>{price.discount.label}</dt>
        <dd data-testid="basket-discount">−{formatPounds(price.discountPence)}</dd>
      </div>
    </>
  );
}
