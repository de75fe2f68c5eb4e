// /payments-invoices: the customer's paid checkouts, newest first, each seat with how it stands
// now (upcoming, completed, cancelled, or moved and where to) and a link to its printable
// receipt (decision 053). The spec shows only a placeholder here; a list of payments is what a
// customer expects.
import { Badge } from '@radix-ui/themes';
import { type Clock, formatLondonDate, MESSAGES, systemClock } from '@tuition/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { LoadShell } from '../shared/load-shell.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { BookingsSkeleton } from './bookings-card.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import {
  amountPaid,
  paidOn,
  type Receipt,
  type ReceiptLine,
  receiptHref,
  receiptsApi,
  seatState,
  sessionsPaidFor,
} from './receipts.ts';
import './bookings.css';
import './receipts.css';

export interface PaymentHistoryProps {
  clock?: Clock;
}

export function PaymentHistoryContent({ clock = systemClock }: PaymentHistoryProps) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const receipts = useQuery({
    queryKey: ['receipts'],
    queryFn: receiptsApi.list,
    enabled: signedIn,
  });

  useErrorToast(receipts.isError, MESSAGES.bookingsLoadFailed);

  if (session.isPending) return <BookingsSkeleton />;
  if (!signedIn) return <BookingsLoginPrompt what="see your payments" />;
  return (
    <LoadShell
      query={receipts}
      loading={<BookingsSkeleton />}
      failedText={MESSAGES.bookingsLoadFailed.title}
    >
      {(list) => <PaymentList receipts={list} now={clock.now()} />}
    </LoadShell>
  );
}

/** The payments, newest first, or why there are none. */
function PaymentList({ receipts, now }: { receipts: readonly Receipt[]; now: Date }) {
  if (receipts.length === 0) {
    return (
      <div className="bookings__empty card">
        <h2>No payments yet</h2>
        <p>When you pay for sessions, each payment is listed here.</p>
        <a className="btn" href="/booking">
          Book Sessions
        </a>
      </div>
    );
  }
  return (
    <ul className="bookings-list">
      {receipts.map((receipt) => (
        <PaymentRecord key={receipt.paymentId} receipt={receipt} now={now} />
      ))}
    </ul>
  );
}

function PaymentRecord({ receipt, now }: { receipt: Receipt; now: Date }) {
  return (
    <li className="bookings-card card payment-record">
      <div className="bookings-card__head">
        <h2 className="bookings-card__date">Paid {paidOn(receipt)}</h2>
        <span className="payment-record__amount">{amountPaid(receipt)}</span>
      </div>
      <p className="bookings-card__service">{sessionsPaidFor(receipt)}</p>
      <ul className="payment-record__sessions">
        {receipt.lines.map((line) => (
          <PaidSeat key={`${line.startsAt} ${line.pupil.id}`} line={line} now={now} />
        ))}
      </ul>
      <div className="bookings-card__actions">
        <a className="btn btn--outline" href={receiptHref(receipt.paymentId)}>
          View receipt
          <span className="visually-hidden">
            {' '}
            for {amountPaid(receipt)} paid {paidOn(receipt)}
          </span>
        </a>
      </div>
    </li>
  );
}

function PaidSeat({ line, now }: { line: ReceiptLine; now: Date }) {
  const state = seatState(line, now);
  return (
    <li className="payment-record__seat">
      <span>
        {formatLondonDate(new Date(line.startsAt))}, {line.time} · {line.label} · for{' '}
        {line.pupil.name}
      </span>{' '}
      <Badge color={state.tone} variant="soft" size="1" highContrast>
        {state.text}
      </Badge>
      {state.detail && <span className="payment-record__moved">{state.detail}</span>}
    </li>
  );
}

export function PaymentHistory({
  queryClient,
  ...props
}: PaymentHistoryProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <PaymentHistoryContent {...props} />
    </AppProviders>
  );
}

export default PaymentHistory;
