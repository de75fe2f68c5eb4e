// The basket's credit parts (docs/decisions/077), drawn by ./basket-contents.tsx in the side
// panel and the sheet alike: the "Use my credit" box and the "Paid with credit" line.
import { useId } from 'react';
import { sessionsOf } from '../wallet/credit-words.ts';
import type { BasketTotals } from './booking-rules.ts';
import type { BasketCredit } from './use-basket-credit.ts';

/** The credit as the basket shows it: the split, and the card's part priced as usual. */
export type BasketCreditView = BasketCredit & { cardTotals: BasketTotals };

/** "Paid with credit: 4 sessions (6 left after this)". */
export function CreditSum({ credit }: { credit: BasketCreditView }) {
  if (credit.creditSeats === 0) return null;
  return (
    <div className="booking-basket__credit">
      <dt>Paid with credit</dt>
      <dd data-testid="basket-credit">
        {sessionsOf(credit.creditSeats)} ({credit.leftAfter} left after this)
      </dd>
    </div>
  );
}

/** On by default; unticked, the checkout is paid by card and the credit kept. */
export function UseCreditBox({ credit }: { credit: BasketCreditView }) {
  const id = useId();
  return (
    <div className="booking-basket__use-credit">
      <input
        id={id}
        type="checkbox"
        checked={credit.use}
        onChange={(e) => credit.setUse(e.target.checked)}
      />
      <label htmlFor={id}>
        Use my credit{' '}
        <span className="booking-basket__credit-have">
          (you have {sessionsOf(credit.available)})
        </span>
      </label>
    </div>
  );
}
