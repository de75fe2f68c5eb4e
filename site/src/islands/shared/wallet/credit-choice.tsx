// Credit in a basket (docs/decisions/077): the service says how many sessions of credit the
// account can spend now, and the page shows credit paying first, as the checkout will. "Use my
// credit" (on by default) lets a parent pay by card instead; the checkout's answer remains the
// truth. One hook and two parts, drawn by the booking basket and the term page alike
// (docs/decisions/105).
import { useId, useState } from 'react';
import { sessionsOf, splitBasket } from './credit-words.ts';
import './credit-choice.css';

export interface CreditChoice {
  /** Sessions of credit the account can spend now. */
  available: number;
  /** "Use my credit" is ticked. */
  use: boolean;
  setUse: (use: boolean) => void;
  /** Seats the credit pays for. */
  creditSeats: number;
  /** Sessions of credit left after this basket. */
  leftAfter: number;
  /** Seats the card pays for. */
  cardSeats: number;
}

/** The family's choice, or undefined when it has no credit to spend. */
export function useCreditChoice(options: {
  /** Sessions of credit the service says the account can spend on this basket. */
  available: number;
  seats: number;
}): CreditChoice | undefined {
  const { available, seats } = options;
  const [use, setUse] = useState(true);
  if (available <= 0) return undefined;
  return { available, use, setUse, ...splitBasket(seats, available, use) };
}

/** "Paid with credit: 4 sessions (6 left after this)", a row of the page's sums. */
export function CreditSum({
  credit,
  testId = 'basket-credit',
}: {
  credit: CreditChoice;
  testId?: string;
}) {
  if (credit.creditSeats === 0) return null;
  return (
    <div className="credit-sum">
      <dt>Paid with credit</dt>
      <dd data-testid={testId}>
        {sessionsOf(credit.creditSeats)} ({credit.leftAfter} left after this)
      </dd>
    </div>
  );
}

/** On by default; unticked, the checkout is paid by card and the credit kept. */
export function UseCreditBox({ credit }: { credit: CreditChoice }) {
  const id = useId();
  return (
    <div className="credit-choice">
      <input
        id={id}
        type="checkbox"
        checked={credit.use}
        onChange={(e) => credit.setUse(e.target.checked)}
      />
      <label htmlFor={id}>
        Use my credit{' '}
        <span className="credit-choice__have">(you have {sessionsOf(credit.available)})</span>
      </label>
    </div>
  );
}
