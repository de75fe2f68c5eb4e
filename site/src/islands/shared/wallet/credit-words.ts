// The family wallet in words (docs/decisions/077): what a lot has left and until when, each
// history entry as a sentence, and how a basket splits between credit and card. Pure, so the
// panel, the basket and the payment pages say the same thing and tests need no browser.
import { formatLondonDate, formatTime12h } from '@tuition/domain';
import type { Wallet } from '../../../lib/api-client.ts';

export type CreditLot = Wallet['lots'][number];
export type CreditHistoryEntry = Wallet['history'][number];
export type CreditHold = Wallet['held'][number];

/** "1 session", "4 sessions". */
export const sessionsOf = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);

/** "7 of 10 left". */
export const lotLeft = (lot: Pick<CreditLot, 'remaining' | 'sessions'>) =>
  `${lot.remaining} of ${lot.sessions} left`;

/** Sessions the ledger entries of one reason took out of a lot (e.g. refunded, lapsed). */
export function sessionsTaken(
  lotId: string,
  history: readonly CreditHistoryEntry[],
  reason: CreditHistoryEntry['reason'],
): number {
  return history
    .filter((e) => e.lotId === lotId && e.reason === reason && e.change < 0)
    .reduce((sum, e) => sum - e.change, 0);
}

/**
 * How a lot with nothing left ended, when part of it went back to the card: "5 used · 5
 * refunded" (docs/product-rules.md "Admin figures": refunds shown where families look), with
 * "· 2 lapsed" when some lapsed too; null when none was refunded.
 */
export function refundedLotText(
  lot: Pick<CreditLot, 'id' | 'sessions' | 'remaining'>,
  history: readonly CreditHistoryEntry[],
): string | null {
  const refunded = sessionsTaken(lot.id, history, 'refund');
  if (lot.remaining > 0 || refunded === 0) return null;
  const lapsed = sessionsTaken(lot.id, history, 'expire');
  const used = Math.max(0, lot.sessions - refunded - lapsed);
  return [`${used} used`, `${refunded} refunded`, ...(lapsed > 0 ? [`${lapsed} lapsed`] : [])].join(
    ' · ',
  );
}

/**
 * The last London day the lot's credit can be used: it lapses at the end of that day, so the
 * instant it lapses belongs to the next day and one millisecond earlier is the day to name.
 */
export const lastUseDay = (expiresAt: string) =>
  formatLondonDate(new Date(Date.parse(expiresAt) - 1));

/** "Use by Wednesday 26 May 2027". */
export const lastUseText = (lot: Pick<CreditLot, 'expiresAt'>) =>
  `Use by ${lastUseDay(lot.expiresAt)}`;

/** "Tuesday 10 November": a session date in the history, near enough not to need the year. */
export const shortLondonDate = (iso: string) =>
  formatLondonDate(new Date(iso)).replace(/ \d{4}$/, '');

/** "GCSE Higher, Tuesday 10 November", or '' for an entry about no session. */
function sessionWords(entry: CreditHistoryEntry): string {
  return entry.session ? `${entry.session.label}, ${shortLondonDate(entry.session.startsAt)}` : '';
}

/** One history entry in words, e.g. "Maya used 1 session: GCSE Higher, Tuesday 10 November". */
export function historyWords(entry: CreditHistoryEntry, lots: readonly CreditLot[]): string {
  const n = Math.abs(entry.change);
  const session = sessionWords(entry);
  switch (entry.reason) {
    case 'book': {
      const who = entry.pupil ? entry.pupil.name : 'You';
      return `${who} used ${sessionsOf(n)}${session ? `: ${session}` : ''}`;
    }
    case 'return': {
      const why = entry.note ?? 'payment not completed';
      const what = [entry.pupil?.name, session].filter(Boolean).join(', ');
      return `Returned: ${why}${what ? ` (${what})` : ''}`;
    }
    case 'expire':
      return `Lapsed: ${sessionsOf(n)}`;
    case 'purchase': {
      const lot = lots.find((l) => l.id === entry.lotId);
      return `Bought: ${lot?.name ?? sessionsOf(n)}`;
    }
    case 'refund':
      return `Refunded: ${sessionsOf(n)}`;
    case 'grant':
      return `Added by us: ${sessionsOf(n)}${entry.note ? ` (${entry.note})` : ''}`;
    case 'hold-ended':
      // One line for a payment that was not finished (docs/decisions/105).
      return `Held for a payment that was not finished, then given back: ${sessionsOf(entry.held ?? 0)}`;
    default:
      return `${entry.change > 0 ? '+' : ''}${entry.change}`;
  }
}

/** "+10", "−1": the change beside each entry; nothing for a hold that gave back what it took. */
export const changeText = (change: number) =>
  change === 0 ? '' : change > 0 ? `+${change}` : `−${Math.abs(change)}`;

/** "Maya", "Maya and Arjun", "Maya, Arjun and Leo". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Credit an unfinished card payment holds, in words (docs/decisions/105): "5 sessions held for
 * an unfinished payment until 5:50 PM", in the site's one time format (decision 071).
 */
export const holdWords = (hold: Pick<CreditHold, 'sessions' | 'expiresAt'>) =>
  `${sessionsOf(hold.sessions)} held for an unfinished payment until ${formatTime12h(new Date(hold.expiresAt))}`;

/** "For Maya and Arjun". */
export const holdForWords = (hold: Pick<CreditHold, 'pupils'>) =>
  hold.pupils.length > 0 ? `For ${namesInWords(hold.pupils.map((p) => p.name))}` : '';

/** A seat of the basket as the service orders them: by start, then by pupil name. */
export interface SeatKey {
  startsAt: string;
  pupilName: string;
}

export interface CreditSplit {
  /** Seats the credit pays for (0 when the family has none or chose not to use it). */
  creditSeats: number;
  /** Sessions of credit left once this basket is paid for. */
  leftAfter: number;
  /** The rest, for the card to pay at the usual prices (bundle included). */
  cardSeats: number;
}

/**
 * How the service will split a basket (decision 077): credit pays for the first seats, earliest
 * start first, then by pupil; the card pays for the rest at the usual prices, bundle included.
 * For display only: the checkout's answer is the truth.
 */
export function splitBasket(
  seatCount: number,
  creditAvailable: number,
  useCredit: boolean,
): CreditSplit {
  const available = Math.max(0, creditAvailable);
  const creditSeats = useCredit ? Math.min(available, seatCount) : 0;
  return {
    creditSeats,
    leftAfter: available - creditSeats,
    cardSeats: seatCount - creditSeats,
  };
}

/** Which seats credit pays for: the first `creditSeats` in start order, then pupil name. */
export function creditPaidSeats(seats: readonly SeatKey[], creditSeats: number): Set<string> {
  const ordered = [...seats].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a.pupilName.localeCompare(b.pupilName),
  );
  return new Set(ordered.slice(0, creditSeats).map(seatKeyOf));
}

export const seatKeyOf = (seat: SeatKey) => `${seat.startsAt} ${seat.pupilName}`;

/** "Paid with 4 sessions of credit", "£30.00 by card and 6 sessions of credit". */
export function paidWithWords(amount: string, amountPence: number, creditUsed: number): string {
  if (creditUsed === 0) return amount;
  if (amountPence === 0) return `Paid with ${sessionsOf(creditUsed)} of credit`;
  return `${amount} by card and ${sessionsOf(creditUsed)} of credit`;
}
