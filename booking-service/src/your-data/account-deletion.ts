import { DELETED_CUSTOMER_NAME } from '@tuition/api-contract';
import { eraseTexting } from '../sms/texting.ts';
import { and, eq, gt, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Auth } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database, Transaction } from '../db/client.ts';
import {
  account,
  bookings,
  calendarFeeds,
  checkoutItems,
  creditLots,
  enquiries,
  lessonReportNotes,
  pupils,
  recordingViews,
  session,
  user,
  verification,
} from '../db/schema.ts';
import { withdrawRecordings } from '../lessons/lesson-recordings.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../http/problem.ts';
import { forgetAddressLimits } from '../http/rate-limit.ts';
import { closeHostedPage, type CheckoutDeps } from '../checkout/checkout.ts';
import { releaseAccountSeats, type WaitlistDeps } from '../sessions/seat-ledger/seat-ledger.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { lockWallet } from '../credit/credit-ledger.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import { sendPendingRefunds } from '../payments/payment-refunds.ts';
import { coolingOffRefundDue } from '../wallet/wallet.ts';
import { refundUnusedPackIn } from '../wallet/wallet-changes.ts';
import { accountDeletedEmail } from './account-deleted-email.ts';
import {
  chargedSeats,
  creditAtStake,
  type DeletionPreviewDeps,
  waitingPlacesOf,
} from './deletion-preview.ts';
import { eraseMailNaming } from './mail-bodies.ts';

/*
 * Deleting an account (docs/decisions/058). The user row stays, anonymised
 * as "Deleted customer" with an address nobody can own, so every booking and payment keeps a
 * valid owner and the figures do not move; everything that names or reaches the person goes:
 * name, e-mail, phone, pupils' names and e-mails, sign-in credentials, sessions, calendar feed,
 * enquiries from that address, the mail sent to it or naming it (an enquiry forwarded to the
 * business), the rate-limit counts kept under it and the tutors' notes about its pupils (the
 * lesson report itself is about the class and stays, docs/decisions/079).
 * Future bookings are cancelled (no refund, per the terms) and their seats freed. Packs still in
 * their cooling-off window are refunded to the card for their unused sessions first, through the
 * wallet's own pack refund; the rest of the credit is forfeited (docs/decisions/101). Retention
 * purges the kept records 7 years after payment.
 * Only the account's own address is searched: a pupil's address is whatever a parent typed,
 * never verified, so erasing by it could erase another person's enquiries and mail (decision
 * 048, addendum).
 */

/**
 * The waiting list's needs (freed seats are offered in the deleting transaction), and the
 * payment provider, whose pages of the released checkouts are closed afterwards.
 */
export type AccountDeletionDeps = WaitlistDeps &
  DeletionPreviewDeps &
  Pick<CheckoutDeps, 'payments' | 'logger'> & {
    db: Database;
    clock: Clock;
    /** The auth secret: rate-limit counts are keyed by the address's HMAC under it. */
    config: Pick<Config, 'auth'>;
  };

export type DeletionActor = { kind: 'customer' } | { kind: 'admin'; adminId: string };

/** The address a deleted account keeps: unique, and in a domain that can never receive mail. */
export const deletedAddress = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * 409 for a tutor's account: staff accounts are closed by an admin (deactivating the tutor), so
 * the lessons, reports and pay lines they hold keep their name (docs/decisions/079).
 */
export function staffAccountConflict(actor: DeletionActor): ConflictError {
  return new ConflictError(
    'staff-account',
    undefined,
    actor.kind === 'customer'
      ? 'Staff accounts are closed by an admin. Please ask the office.'
      : 'Tutor accounts are not deleted: deactivate the tutor instead.',
  );
}

export interface DeletionOutcome {
  cancelledBookings: number;
  releasedCheckouts: number;
  /** Unused pack sessions refunded to the card, and what the card gets back for them. */
  refundedSessions: number;
  refundedPence: number;
  /** Sessions of credit left unused and not refunded: forfeited with the account. */
  forfeitedSessions: number;
}

/** Checks the account's password (DELETE /api/me); 400 naming `password` when it is wrong. */
export async function verifyAccountPassword(
  deps: { db: Database; auth: Auth },
  userId: string,
  password: string,
): Promise<void> {
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  const context = await deps.auth.$context;
  const matches = credential?.hash
    ? await context.password.verify({ hash: credential.hash, password })
    : false;
  if (!matches) {
    throw new ValidationError([{ field: 'password', message: 'Password is incorrect.' }]);
  }
}

/**
 * Deletes (anonymises) one account in one transaction. 404 for an unknown or already deleted
 * account; 403 for an admin account (its role is removed first, so no one deletes the last
 * admin by accident); 409 for a tutor's.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  request: { userId: string; actor: DeletionActor },
): Promise<DeletionOutcome> {
  const now = deps.clock.now();
  const brand = await mailBrand(deps);
  const { outcome, released, refundIds } = await deps.db.transaction(async (tx) => {
    // NO KEY UPDATE, not UPDATE: a checkout being written for this account holds KEY SHARE on
    // this row (its foreign key) while it waits for the session rows this deletion may hold;
    // FOR UPDATE would wait for it in turn, a deadlock.
    const [target] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(and(eq(user.id, request.userId), isNull(user.deletedAt)))
      .for('no key update');
    if (!target) throw new NotFoundError('User profile not found.');
    if (target.role === 'admin') {
      throw new ForbiddenError(
        'Admin accounts cannot be deleted: another admin removes the admin role first.',
      );
    }
    if (target.role === 'tutor') throw staffAccountConflict(request.actor);

    // The payments of packs the deletion may refund are locked now, before the seats: the hold
    // door's order (checkouts, sessions, wallets; docs/decisions/086).
    await lockHoldRows(tx, { checkoutIds: await refundablePackPayments(tx, target.id, now) });
    const waitingPlaces = await waitingPlacesOf(tx, target.id);
    // Every seat the account holds goes back, to the waiting lists first (the seat ledger).
    const freed = await releaseAccountSeats(deps, tx, target.id, now);
    const released = freed.releasedCheckouts;
    const cancelled = freed.cancelledBookingIds;
    // Read before the pupils' names go: the confirmation names the seats it cancelled.
    const cancelledSeats =
      cancelled.length > 0 ? await chargedSeats(deps, tx, inArray(bookings.id, cancelled)) : [];
    // Before anything is erased: the packs still in cooling-off are refunded as the wallet's
    // refund button does, the rest of the credit is forfeited (docs/decisions/101).
    const credit = await settleCredit(tx, target.id, now);

    // The tutors' notes about its children go; the class's report stays (decision 079).
    await tx
      .delete(lessonReportNotes)
      .where(
        inArray(
          lessonReportNotes.pupilId,
          tx.select({ id: pupils.id }).from(pupils).where(eq(pupils.userId, target.id)),
        ),
      );
    await erasePupils(tx, target.id, now);
    const addresses = [target.email];
    await tx.delete(enquiries).where(inArray(sql`lower(${enquiries.email})`, lowered(addresses)));
    await eraseMailNaming(tx, addresses);
    // After the erasure, so it is not erased with the rest; sent only if the deletion commits.
    await deps.mail.enqueue(
      accountDeletedEmail(brand, {
        to: target.email,
        cancelled: cancelledSeats,
        waitingPlaces,
        refunded: credit.refunded,
        forfeited: credit.forfeited,
      }),
      { tx },
    );
    await forgetAddressLimits(tx, deps.config.auth.secret, target.email);

    await eraseSignIn(tx, target);
    await tx
      .update(user)
      .set({
        name: DELETED_CUSTOMER_NAME,
        email: deletedAddress(target.id),
        emailVerified: false,
        image: null,
        phone: null,
        banned: true,
        banReason: 'deleted',
        deletedAt: now,
      })
      .where(eq(user.id, target.id));

    const outcome = {
      cancelledBookings: cancelled.length,
      releasedCheckouts: released.length,
      refundedSessions: credit.refunded.sessions,
      refundedPence: credit.refunded.pence,
      forfeitedSessions: credit.forfeited.sessions,
    };
    await recordAudit(tx, {
      ...(request.actor.kind === 'admin'
        ? { actorId: request.actor.adminId, actorRole: 'admin' as const }
        : { actorId: target.id, actorRole: 'customer' as const }),
      subjectUserId: target.id,
      action: 'user.delete',
      target: `user:${target.id}`,
      before: { deleted: false },
      after: { deleted: true, cancelledBookingIds: cancelled, ...outcome },
      at: now,
    });
    return { outcome, released, refundIds: credit.refundIds };
  });
  // After commit, as the wallet's refund sends them (a failed one waits for the refund job).
  await sendPendingRefunds(deps, refundIds);
  // After commit, as a Release does: the provider's pages stop taking money (a payment that
  // still lands on one is refunded, its checkout being cancelled).
  await Promise.all(released.map((checkout) => closeHostedPage(deps, checkout)));
  return outcome;
}

/** The payments of the account's packs whose cooling-off refund is due at `now`. */
async function refundablePackPayments(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<string[]> {
  const lots = await tx
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), gt(creditLots.remaining, 0)));
  return lots.flatMap((lot) => coolingOffRefundDue(lot, now)?.checkoutId ?? []);
}

interface CreditSettled {
  refunded: { sessions: number; pence: number };
  forfeited: { sessions: number; pence: number };
  /** The card refunds to send after commit. */
  refundIds: string[];
}

/**
 * Under the wallet lock, refunds every pack of the account due a cooling-off refund at `now`,
 * each through the wallet's refund (refundUnusedPackIn); what credit is left is forfeited.
 */
async function settleCredit(tx: Transaction, userId: string, now: Date): Promise<CreditSettled> {
  await lockWallet(tx, userId);
  const lots = await tx
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), gt(creditLots.remaining, 0)));
  const total = { sessions: 0, pence: 0, refundIds: [] as string[] };
  for (const lot of lots) {
    if (!coolingOffRefundDue(lot, now)) continue;
    const done = await refundUnusedPackIn(tx, { userId, lotId: lot.id, now });
    total.sessions += done.sessionsCancelled;
    total.pence += done.refundedPence;
    total.refundIds.push(...done.refundIds);
  }
  const left = await creditAtStake(tx, userId, now);
  return {
    refunded: { sessions: total.sessions, pence: total.pence },
    forfeited: { sessions: left.sessions, pence: left.valuePence },
    refundIds: total.refundIds,
  };
}

/** The ways into the account go: sessions, credentials, calendar feed, tokens. */
async function eraseSignIn(tx: Transaction, target: { id: string; email: string }) {
  await tx.delete(session).where(eq(session.userId, target.id));
  await tx.delete(account).where(eq(account.userId, target.id));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, target.id));
  // Its texts, verified number and text choices (docs/decisions/103).
  await eraseTexting(tx, target.id);
  // Verification and reset tokens are keyed by address (verification) or hold the id (reset).
  await tx
    .delete(verification)
    .where(
      or(
        inArray(sql`lower(${verification.identifier})`, lowered([target.email])),
        eq(verification.value, target.id),
      ),
    );
}

const lowered = (addresses: readonly string[]) => addresses.map((a) => a.toLowerCase());

/**
 * Pupils without history are removed; those with bookings or checkout lines stay (their rows
 * carry the seats) with nothing that names them.
 */
async function erasePupils(tx: Transaction, userId: string, now: Date): Promise<void> {
  const withoutHistory = and(
    eq(pupils.userId, userId),
    notExists(tx.select().from(bookings).where(eq(bookings.pupilId, pupils.id))),
    notExists(tx.select().from(checkoutItems).where(eq(checkoutItems.pupilId, pupils.id))),
  );
  await tx.delete(pupils).where(withoutHistory);
  await tx
    .update(pupils)
    .set({
      name: DELETED_CUSTOMER_NAME,
      email: null,
      yearGroup: null,
      consentRecordedAt: null,
      consentPolicyVersion: null,
      recordingConsentAt: null,
      recordingConsentVersion: null,
      archivedAt: now,
    })
    .where(eq(pupils.userId, userId));
  // Consent ends with the account: the recordings its pupils were in go, and so do its views
  // of any recording (docs/decisions/099).
  for (const { id } of await tx
    .select({ id: pupils.id })
    .from(pupils)
    .where(eq(pupils.userId, userId))) {
    await withdrawRecordings(tx, id, now);
  }
  await tx.delete(recordingViews).where(eq(recordingViews.viewerUserId, userId));
}
