// /payments-invoices/receipt?payment=ID: one payment's receipt, laid out to print (decision
// 053). The service builds it, seller details from the CMS included; this only lays it out.
// Another account's payment, an unknown or a missing id all read "Receipt not found".
import { type Clock, formatLondonDate, formatPounds, MESSAGES, systemClock } from '@tuition/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { LoadShell } from '../shared/load-shell.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { londonTimeRange } from '../shared/session-labels.ts';
import { BookingsSkeleton } from './bookings-card.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import {
  amountPaid,
  paidOn,
  type Receipt,
  receiptsApi,
  seatState,
  sessionsPaidFor,
  vatLine,
} from './receipts.ts';
import './receipts.css';

export interface PaymentReceiptProps {
  clock?: Clock;
  /** The payment id; read from ?payment= when not given. */
  paymentId?: string;
  /** Opens the browser's print dialog (a stand-in in tests). */
  print?: () => void;
}

/** The page is static, so the id arrives in the query string, read once mounted. */
function usePaymentId(given: string | undefined): string | null | undefined {
  const [id, setId] = useState<string | null | undefined>(given);
  useEffect(() => {
    if (given === undefined) setId(new URLSearchParams(window.location.search).get('payment'));
  }, [given]);
  return id;
}

export function PaymentReceiptContent({
  clock = systemClock,
  paymentId,
  print = () => window.print(),
}: PaymentReceiptProps) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const id = usePaymentId(paymentId);
  const receipt = useQuery({
    queryKey: ['receipts', id],
    queryFn: () => receiptsApi.one(id ?? ''),
    enabled: signedIn && Boolean(id),
    // A 404 stays a 404: asking again would not change it.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const notFound =
    id === null || (receipt.error instanceof ApiError && receipt.error.status === 404);

  useErrorToast(receipt.isError && !notFound, MESSAGES.bookingsLoadFailed);

  if (session.isPending || id === undefined) return <BookingsSkeleton count={1} />;
  if (!signedIn) return <BookingsLoginPrompt what="see your receipt" />;
  if (notFound) return <ReceiptNotFound />;
  return (
    <LoadShell
      query={receipt}
      loading={<BookingsSkeleton count={1} />}
      failedText={MESSAGES.bookingsLoadFailed.title}
    >
      {(data) => (
        <ReceiptDocument
          receipt={data}
          payer={session.data?.user ?? null}
          now={clock.now()}
          print={print}
        />
      )}
    </LoadShell>
  );
}

function ReceiptNotFound() {
  return (
    <div className="bookings__empty card">
      <h2>Receipt not found</h2>
      <p>
        There is no payment of yours with this receipt. Your receipts are listed under Payments
        &amp; Invoices.
      </p>
      <a className="btn" href="/payments-invoices">
        Payments &amp; Invoices
      </a>
    </div>
  );
}

interface ReceiptDocumentProps {
  receipt: Receipt;
  payer: { name?: string | null; email?: string | null } | null;
  now: Date;
  print: () => void;
}

function ReceiptDocument({ receipt, payer, now, print }: ReceiptDocumentProps) {
  const { seller } = receipt;
  return (
    <article className="receipt card" aria-labelledby="receipt-seller">
      <div className="receipt__actions">
        <button type="button" className="btn" onClick={print}>
          Print receipt
        </button>
        <a className="btn btn--outline" href="/payments-invoices">
          Back to Payments &amp; Invoices
        </a>
      </div>
      <header className="receipt__head">
        <div>
          <h2 id="receipt-seller" className="receipt__seller">
            {seller.name}
          </h2>
          <address className="receipt__address">
            {seller.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p className="receipt__vat">{vatLine(seller)}</p>
        </div>
        <dl className="receipt__facts">
          <dt>Date paid</dt>
          <dd>{paidOn(receipt)}</dd>
          <dt>Payment reference</dt>
          <dd className="receipt__reference">{receipt.reference}</dd>
          {payer?.name && (
            <>
              <dt>Paid by</dt>
              <dd>
                {payer.name}
                {payer.email ? ` (${payer.email})` : ''}
              </dd>
            </>
          )}
        </dl>
      </header>

      <table className="receipt__lines">
        <caption className="visually-hidden">Sessions paid for</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Time (UK)</th>
            <th scope="col">Class</th>
            <th scope="col">Pupil</th>
            <th scope="col">Status now</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => {
            const state = seatState(line, now);
            return (
              <tr key={`${line.startsAt} ${line.pupil.id}`}>
                <td>{formatLondonDate(new Date(line.startsAt))}</td>
                <td>{londonTimeRange(line.startsAt, line.endsAt)}</td>
                <td>{line.label}</td>
                <td>
                  {line.pupil.name}
                  {line.paidWithCredit && <span className="receipt__moved">Paid with credit</span>}
                </td>
                <td>
                  {state.text}
                  {state.detail && <span className="receipt__moved">{state.detail}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <dl className="receipt__total">
        {receipt.discountPence ? (
          <>
            <dt>{receipt.discountLabel ?? 'Discount'}</dt>
            <dd>−{formatPounds(receipt.discountPence)}</dd>
          </>
        ) : null}
        <dt>Total paid</dt>
        <dd>{amountPaid(receipt)}</dd>
        <dt className="visually-hidden">Sessions</dt>
        <dd className="receipt__count">{sessionsPaidFor(receipt)}</dd>
        {receipt.refundedPence > 0 && (
          <>
            <dt>Refunded to your card</dt>
            <dd>{formatPounds(receipt.refundedPence)}</dd>
          </>
        )}
      </dl>
      <p className="receipt__note">
        Sessions cancelled or moved after payment show their status now; the amount paid is
        unchanged.
      </p>
    </article>
  );
}

export function PaymentReceipt({
  queryClient,
  ...props
}: PaymentReceiptProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <PaymentReceiptContent {...props} />
    </AppProviders>
  );
}

export default PaymentReceipt;
