import { runsIfText } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { type checkouts, termEnrolments, user } from '../db/schema.ts';
import type { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { ConfirmedSeats } from '../sessions/seat-ledger/seat-ledger.ts';
import { pupilCopyAddress } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';
import { classMinimums, publishedMinimum, sessionMinimum } from '../sessions/class-minimums.ts';
import { type BookedSession, bookingConfirmationEmail } from './checkout-emails.ts';

/**
 * The booking confirmation for a paid checkout, one per address: the account's, and that of
 * each pupil of 16 or over with their own address (a copy, as if copied in).
 */
export async function mailConfirmation(
  deps: { mail: MailOutbox },
  tx: Transaction,
  input: {
    brand: Awaited<ReturnType<typeof mailBrand>>;
    timetable: Parameters<typeof describeSession>[0];
    checkout: Pick<
      typeof checkouts.$inferSelect,
      'id' | 'userId' | 'amountPence' | 'isSpecialOffer' | 'creditUsed'
    >;
    confirmed: ConfirmedSeats;
    now: Date;
  },
): Promise<void> {
  const { checkout, confirmed } = input;
  const [customer] = await tx
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, checkout.userId));
  if (!customer) return;
  // A session still waiting for its class's minimum says so (docs/decisions/100).
  const minimums = await classMinimums(tx, [
    ...new Set([...confirmed.sessions.values()].map((row) => row.service)),
  ]);
  const bookingIdOf = new Map(confirmed.created.map((b) => [`${b.sessionId} ${b.pupilId}`, b.id]));
  // Seats are in pupil-name order; a stable sort by start keeps that within a session.
  const sessions: BookedSession[] = confirmed.seats
    .flatMap((seat) => {
      const row = confirmed.sessions.get(seat.sessionId);
      return row ? [{ seat, row }] : [];
    })
    .sort((a, b) => a.row.startsAt.getTime() - b.row.startsAt.getTime())
    .map(({ seat, row }) => ({
      ...describeSession(input.timetable, row),
      bookingId: bookingIdOf.get(`${row.id} ${seat.pupilId}`) ?? row.id,
      pupilName: seat.pupilName,
      paidWithCredit: seat.paidWithCredit,
      ...runsIfNote(publishedMinimum(sessionMinimum(minimums, row), input.now)),
    }));
  // A term's checkout says so in its one e-mail (docs/decisions/083).
  const [term] = await tx
    .select({ termName: termEnrolments.termName })
    .from(termEnrolments)
    .where(eq(termEnrolments.checkoutId, checkout.id))
    .limit(1);
  const mail = {
    name: customer.name,
    ...(term ? { termName: term.termName } : {}),
    sessions,
    amountPence: checkout.amountPence,
    isSpecialOffer: checkout.isSpecialOffer,
    creditUsed: checkout.creditUsed,
  };
  const copies = new Set(
    confirmed.seats.flatMap((seat) => {
      const to = pupilCopyAddress(
        { email: seat.pupilEmail, yearGroup: seat.pupilYearGroup },
        customer.email,
      );
      return to ? [to] : [];
    }),
  );
  for (const to of [customer.email, ...copies]) {
    await deps.mail.enqueue(bookingConfirmationEmail(input.brand, { to, ...mail }), { tx });
  }
}

/** The condition in words, for the seat's line and calendar entry (docs/decisions/100). */
function runsIfNote(published: ReturnType<typeof publishedMinimum>): { runsIf?: string } {
  return published.runsIf
    ? { runsIf: runsIfText(published.runsIf.minPupils, published.runsIf.decidedAt) }
    : {};
}
