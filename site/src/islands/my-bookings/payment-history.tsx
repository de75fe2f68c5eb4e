// /payments-invoices: the customer's paid checkouts, newest first, each seat with how it stands
// now (upcoming, completed, cancelled, or moved and where to) and a link to its printable
// receipt (decision 053). The spec shows only a placeholder here; a list of payments is what a
// customer expects; each refund of a payment is named with its amount and London date (from the
// receipts). Above it, "Your credit" (docs/decisions/077); a pack bought names the pack, and a
// payment partly or wholly paid with credit says so, from GET /api/me/payments (receipts do not
// carry either).
import { Badge } from '@radix-ui/themes';
import { type Clock, formatLondonDate, MESSAGES, systemClock } from '@tuition/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, type Payment } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { LoadShell } from '../shared/load-shell.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { CreditPanel } from '../shared/wallet/credit-panel.tsx';
import { paidWithWords, sessionsOf } from '../shared/wallet/credit-words.ts';
import { BookingsSkeleton } from './bookings-card.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import {
  amountPaid,
  paidOn,
  type Receipt,
  type ReceiptLine,
  receiptHref,
  receiptsApi,
  refundLines,
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

  // What receipts do not say: the pack bought and the seats credit paid for. Until it answers
  // (or if it fails) each payment reads as before.
  const payments = useQuery({ queryKey: ['payments'], queryFn: api.payments, enabled: signedIn });
  const byId = new Map((payments.data ?? []).map((p) => [p.id, p]));

  useErrorToast(receipts.isError, MESSAGES.bookingsLoadFailed);

  if (session.isPending) return <BookingsSkeleton />;
  if (!signedIn) return <BookingsLoginPrompt what="see your payments" />;
  return (
    <LoadShell
      query={receipts}
      loading={<BookingsSkeleton />}
      failedText={MESSAGES.bookingsLoadFailed.title}
    >
      {(list) => (
        <div className="payment-history">
          <CreditPanel clock={clock} />
          <PaymentList receipts={list} payments={byId} now={clock.now()} />
        </div>
      )}
    </LoadShell>
  );
}

/** The payments, newest first, or why there are none. */
function PaymentList({
  receipts,
  payments,
  now,
}: {
  receipts: readonly Receipt[];
  payments: ReadonlyMap<string, Payment>;
  now: Date;
}) {
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
        <PaymentRecord
          key={receipt.paymentId}
          receipt={receipt}
          payment={payments.get(receipt.paymentId)}
          now={now}
        />
      ))}
    </ul>
  );
}

/** "Bought: 10-session pack (10 sessions of credit)", or the seats and how they were paid. */
function whatWasPaidFor(receipt: Receipt, payment: Payment | undefined): string {
  if (payment?.pack) {
    return `Bought: ${payment.pack.name} (${sessionsOf(payment.pack.sessions)} of credit)`;
  }
  if (!payment || payment.creditUsed === 0) return sessionsPaidFor(receipt);
  const how = paidWithWords(amountPaid(receipt), receipt.amountPence, payment.creditUsed);
  return `${sessionsOf(receipt.sessionCount)} · ${how}`;
}

/** Seats a session of credit paid for, by start and pupil. */
const creditSeatKeys = (payment: Payment | undefined) =>
  new Set(
    (payment?.sessions ?? [])
      .filter((s) => s.paidWithCredit)
      .map((s) => `${s.startsAt} ${s.pupil.id}`),
  );

function PaymentRecord({
  receipt,
  payment,
  now,
}: {
  receipt: Receipt;
  payment: Payment | undefined;
  now: Date;
}) {
  const byCredit = creditSeatKeys(payment);
  return (
    <li className="bookings-card card payment-record">
      <div className="bookings-card__head">
        <h2 className="bookings-card__date">Paid {paidOn(receipt)}</h2>
        <span className="payment-record__amount">{amountPaid(receipt)}</span>
      </div>
      <p className="bookings-card__service">{whatWasPaidFor(receipt, payment)}</p>
      <RefundList receipt={receipt} />
      <ul className="payment-record__sessions">
        {receipt.lines.map((line) => (
          <PaidSeat
            key={`${line.startsAt} ${line.pupil.id}`}
            line={line}
            now={now}
            byCredit={byCredit.has(`${line.startsAt} ${line.pupil.id}`)}
          />
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

/** What went back to the card, one line per refund with its London date. */
function RefundList({ receipt }: { receipt: Receipt }) {
  const lines = refundLines(receipt);
  if (lines.length === 0) return null;
  return (
    <ul className="payment-record__refunds">
      {lines.map((line, i) => (
        // Two refunds of one amount on one day read alike, so the position tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={`${i} ${line}`}>{line}</li>
      ))}
    </ul>
  );
}

function PaidSeat({ line, now, byCredit }: { line: ReceiptLine; now: Date; byCredit: boolean }) {
  const state = seatState(line, now);
  return (
    <li className="payment-record__seat">
      <span>
        {formatLondonDate(new Date(line.startsAt))}, {line.time} · {line.label} · for{' '}
        {line.pupil.name}
        {byCredit ? ' · paid with credit' : ''}
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
