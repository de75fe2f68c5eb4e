import { grantedCreditExpiresAt } from '@tuition/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Clock } from '../clock.ts';
import { addLot, recordLotRefund } from '../credit/credit-ledger.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import type { Database, Transaction } from '../db/client.ts';
import { creditLots, user } from '../db/schema.ts';
import type { Config } from '../config/env.ts';
import type { ContentLoader } from '@tuition/content';
import { ConflictError, NotFoundError, ValidationError } from '../http/problem.ts';
import type { Logger } from '../logging/logger.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { recordRefund, sendPendingRefunds } from '../payments/payment-refunds.ts';
import { coolingOffRefundDue } from './wallet.ts';
import { coolingOffRefundEmail } from './wallet-emails.ts';

/*
 * Changes to a wallet that are not seats (docs/decisions/077): staff's goodwill credit, and a
 * pack's unused sessions refunded within the cooling-off days.
 */

export interface WalletChangeDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  payments: Parameters<typeof sendPendingRefunds>[0]['payments'];
}

/** The refund button's needs: the wallet's, and the outbox for its e-mail. */
export interface PackRefundDeps extends WalletChangeDeps {
  mail: MailOutbox;
  content: Pick<ContentLoader, 'siteSettings'>;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * Staff give an account sessions of credit (valued at nothing: no one paid for them), lapsing
 * when they say or GRANTED_CREDIT_MONTHS on (grantedCreditExpiresAt); audited.
 */
export async function grantCredit(
  deps: Pick<WalletChangeDeps, 'db' | 'clock'>,
  grant: { adminId: string; userId: string; sessions: number; reason: string; expiresAt?: string },
): Promise<{ lotId: string; expiresAt: string }> {
  const now = deps.clock.now();
  const expiresAt = grant.expiresAt ? new Date(grant.expiresAt) : grantedCreditExpiresAt(now);
  if (expiresAt <= now) {
    throw new ValidationError([
      { field: 'expiresAt', message: 'expiresAt must be in the future.' },
    ]);
  }
  const [customer] = await deps.db
    .select({ id: user.id, deletedAt: user.deletedAt })
    .from(user)
    .where(eq(user.id, grant.userId));
  if (!customer || customer.deletedAt) throw new NotFoundError('No such user.');
  const lotId = await deps.db.transaction(async (tx) => {
    const id = await addLot(tx, {
      userId: grant.userId,
      name: 'Credit from us',
      packId: null,
      checkoutId: null,
      sessions: grant.sessions,
      pricePaidPence: 0,
      purchasedAt: now,
      expiresAt,
      reason: 'grant',
      note: grant.reason,
    });
    await recordAudit(tx, {
      actorId: grant.adminId,
      actorRole: 'admin',
      subjectUserId: grant.userId,
      action: 'credit.grant',
      target: `credit-lot:${id}`,
      before: null,
      after: { sessions: grant.sessions, reason: grant.reason, expiresAt: expiresAt.toISOString() },
    });
    return id;
  });
  return { lotId, expiresAt: expiresAt.toISOString() };
}

/**
 * The buyer cancels a pack's unused sessions within 14 days of buying it: they leave the
 * wallet (`refund` entry) and the card gets the pack's own price for them back, never the
 * single-session price (packRefundPence). Another account's lot is a 404; a grant, a spent
 * lot or one past its 14 days is a 409.
 */
export async function refundUnusedPack(
  deps: PackRefundDeps,
  request: { userId: string; lotId: string },
): Promise<{ refundedPence: number; sessionsCancelled: number }> {
  const now = deps.clock.now();
  const brand = await mailBrand(deps);
  const done = await deps.db.transaction(async (tx) => {
    const refunded = await refundUnusedPackIn(tx, { ...request, now });
    // Told like every other money event, in the refund's transaction (docs/decisions/105).
    const [owner] = await tx
      .select({ email: user.email, name: user.name, lotName: creditLots.name })
      .from(creditLots)
      .innerJoin(user, eq(user.id, creditLots.userId))
      .where(eq(creditLots.id, request.lotId));
    if (owner) {
      const mail = coolingOffRefundEmail(brand, {
        to: owner.email,
        name: owner.name,
        lotName: owner.lotName,
        sessions: refunded.sessionsCancelled,
        refundedPence: refunded.refundedPence,
      });
      await deps.mail.enqueue(mail, { tx });
    }
    return refunded;
  });
  await sendPendingRefunds(deps, done.refundIds);
  return { refundedPence: done.refundedPence, sessionsCancelled: done.sessionsCancelled };
}

/** A pack's cooling-off refund written in the caller's transaction; its card refunds are sent
 * after commit by the caller (sendPendingRefunds with `refundIds`). The account's deletion
 * refunds its packs through here too (docs/decisions/101). */
export async function refundUnusedPackIn(
  tx: Transaction,
  request: { userId: string; lotId: string; now: Date },
): Promise<{ refundedPence: number; sessionsCancelled: number; refundIds: string[] }> {
  const { now } = request;
  const ownLot = and(eq(creditLots.id, request.lotId), eq(creditLots.userId, request.userId));
  const [bought] = await tx
    .select({ checkoutId: creditLots.checkoutId })
    .from(creditLots)
    .where(ownLot);
  // The pack's payment, then the wallet: the hold door's order, since the refund is written
  // under the payment's lock (docs/decisions/086).
  await lockHoldRows(tx, {
    checkoutIds: bought?.checkoutId ? [bought.checkoutId] : [],
    walletUserIds: [request.userId],
  });
  const [lot] = await tx.select().from(creditLots).where(ownLot);
  if (!lot) throw new NotFoundError('No such credit.');
  const due = coolingOffRefundDue(lot, now);
  if (!due) {
    throw new ConflictError(
      'not-refundable',
      undefined,
      'Only the unused sessions of a pack bought in the last 14 days can be refunded.',
    );
  }
  await recordLotRefund(tx, { userId: request.userId, lotId: lot.id, sessions: due.sessions, now });
  const refundIds =
    due.pence > 0
      ? [
          await recordRefund(tx, {
            checkoutId: due.checkoutId,
            amountPence: due.pence,
            reason: 'cooling-off',
            lotId: lot.id,
            now,
          }),
        ]
      : [];
  return { refundedPence: due.pence, sessionsCancelled: due.sessions, refundIds };
}
