// The customer's receipts (decision 053): /payments-invoices lists them, the receipt page prints
// one. Fetched with the contract-typed apiFetch; the wording of each seat's state lives here
// once, so the list and the printed receipt say the same thing.
import type { Receipt } from '@tuition/api-contract';
import { type BookingStatus, bookingBadge, formatLondonDate, formatPounds } from '@tuition/domain';
import { apiFetch } from '../../lib/api-client.ts';

export type { Receipt };
export type ReceiptLine = Receipt['lines'][number];

export const receiptsApi = {
  list: () => apiFetch('/api/me/receipts', 'ReceiptListSchema'),
  one: (paymentId: string) =>
    apiFetch(`/api/me/receipts/${encodeURIComponent(paymentId)}`, 'ReceiptSchema'),
};

/** Where the printable receipt of a payment lives. */
export function receiptHref(paymentId: string): string {
  return `/payments-invoices/receipt?payment=${encodeURIComponent(paymentId)}`;
}

export type SeatTone = 'green' | 'gray' | 'red' | 'blue';

export interface SeatState {
  /** The badge: Upcoming, Completed, Cancelled or Moved. */
  text: string;
  tone: SeatTone;
  /** For a moved seat: where it is now, e.g. "Moved to Tuesday 17 November 2026, 5-6pm". */
  detail: string | null;
}

const BADGE_TEXT = {
  upcoming: { text: 'Upcoming', tone: 'green' },
  completed: { text: 'Completed', tone: 'gray' },
  cancelled: { text: 'Cancelled', tone: 'red' },
  rescheduled: { text: 'Moved', tone: 'blue' },
} as const;

function badgeOf(status: BookingStatus, startsAt: string, now: Date) {
  return BADGE_TEXT[bookingBadge({ status, startsAt: new Date(startsAt) }, now)];
}

/**
 * A seat a payment bought, as it stands now. A moved seat says where it went and how that
 * session stands (upcoming, taken place, or cancelled after the move).
 */
export function seatState(line: ReceiptLine, now: Date): SeatState {
  const badge = badgeOf(line.status, line.startsAt, now);
  if (line.status !== 'rescheduled' || !line.movedTo) return { ...badge, detail: null };
  const moved = line.movedTo;
  const there = badgeOf(moved.status, moved.startsAt, now);
  const when = `${formatLondonDate(new Date(moved.startsAt))}, ${moved.time}`;
  return { ...badge, detail: `Moved to ${when} (${there.text.toLowerCase()})` };
}

/**
 * "3 sessions · 10-session offer applied", "10-session pack: 10 sessions of credit", or
 * "4 sessions · 2 paid with credit" (decision 077).
 */
export function sessionsPaidFor(
  receipt: Pick<Receipt, 'sessionCount' | 'isSpecialOffer'> &
    Partial<Pick<Receipt, 'pack' | 'creditUsed'>>,
) {
  if (receipt.pack) return `${receipt.pack.name}: ${receipt.pack.sessions} sessions of credit`;
  const count = receipt.sessionCount === 1 ? '1 session' : `${receipt.sessionCount} sessions`;
  const parts = [count];
  if (receipt.isSpecialOffer) parts.push('10-session offer applied');
  if (receipt.creditUsed) parts.push(`${receipt.creditUsed} paid with credit`);
  return parts.join(' · ');
}

/** The receipt's VAT line: the VAT number from content, else that there is none. */
export function vatLine(seller: Receipt['seller']): string {
  return seller.vatNumber ? `VAT number: ${seller.vatNumber}` : 'Not VAT registered';
}

export const paidOn = (receipt: Pick<Receipt, 'paidAt'>) =>
  formatLondonDate(new Date(receipt.paidAt));

export const amountPaid = (receipt: Pick<Receipt, 'amountPence'>) =>
  formatPounds(receipt.amountPence);

/**
 * Each refund of a payment, oldest first: "Refunded £50.00 on Thursday 3 December 2026" (London
 * date, docs/product-rules.md "Admin figures"). None from a service that does not list them.
 */
export const refundLines = (receipt: Pick<Receipt, 'refunds'>): string[] =>
  (receipt.refunds ?? []).map(
    (r) => `Refunded ${formatPounds(r.amountPence)} on ${formatLondonDate(new Date(r.refundedAt))}`,
  );
