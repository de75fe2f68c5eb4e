import type { Pack, StartedPackCheckout } from '@tuition/api-contract';
import { creditExpiresAt } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import {
  type CheckoutDeps,
  type CheckoutRow,
  HOLD_MINUTES,
  openPaymentPage,
} from '../checkout/checkout.ts';
import type { Transaction } from '../db/client.ts';
import { checkouts, user } from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { addLot, lotOfCheckout } from '../credit/credit-ledger.ts';
import { packBoughtEmail } from './wallet-emails.ts';

/*
 * Buying a session pack (docs/decisions/077): a checkout with no seats, paid through the same
 * provider, page and webhook as seats; its payment adds a lot of credit.
 */

/** The packs on sale, as the CMS orders them. */
export async function packsOnSale(deps: Pick<CheckoutDeps, 'content'>): Promise<Pack[]> {
  return (await deps.content.packs())
    .filter((pack) => pack.onSale)
    .map(({ id, name, sessions, pricePence, validityMonths }) => ({
      id,
      name,
      sessions,
      pricePence,
      validityMonths,
    }));
}

/**
 * Opens the payment page for a pack on sale, priced from the CMS (never from the client). A
 * pack that is unknown or off sale is a 404.
 */
export async function startPackCheckout(
  deps: CheckoutDeps,
  request: { user: { id: string; email: string }; packId: string },
): Promise<StartedPackCheckout> {
  const pack = (await packsOnSale(deps)).find((p) => p.id === request.packId);
  if (!pack) throw new NotFoundError('No such pack on sale.');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const [created] = await deps.db
    .insert(checkouts)
    .values({
      userId: request.user.id,
      status: 'pending',
      provider: deps.payments.kind,
      amountPence: pack.pricePence,
      sessionCount: pack.sessions,
      packId: pack.id,
      packName: pack.name,
      expiresAt,
    })
    .returning({ id: checkouts.id });
  if (!created) throw new Error('the checkout row was not created');
  const page = await openPaymentPage(deps, {
    checkoutId: created.id,
    customerEmail: request.user.email,
    lines: [{ name: pack.name, unitAmountPence: pack.pricePence, quantity: 1 }],
    amountPence: pack.pricePence,
    holdExpiresAt: expiresAt,
  });
  return { checkoutId: created.id, url: page.url, amountPence: pack.pricePence };
}

/**
 * Inside the payment's transaction: adds the pack's lot of credit (valid for the pack's months
 * from the payment, as the CMS said when it was bought) and queues the confirmation. A pack
 * since taken off sale or changed in the CMS still gives what was paid for: its sessions and
 * name were kept on the checkout, and only its validity is read again (from the pack or, if it
 * is gone, six months).
 */
export async function creditPaidPack(
  deps: CheckoutDeps,
  tx: Transaction,
  checkout: CheckoutRow,
  now: Date,
): Promise<void> {
  if (await lotOfCheckout(tx, checkout.id)) return;
  const pack = (await deps.content.packs()).find((p) => p.id === checkout.packId);
  const validityMonths = pack?.validityMonths ?? DEFAULT_VALIDITY_MONTHS;
  const name = checkout.packName ?? pack?.name ?? 'Session pack';
  const expiresAt = creditExpiresAt(now, validityMonths);
  await addLot(tx, {
    userId: checkout.userId,
    name,
    packId: checkout.packId,
    checkoutId: checkout.id,
    sessions: checkout.sessionCount,
    pricePaidPence: checkout.amountPence,
    purchasedAt: now,
    expiresAt,
    reason: 'purchase',
  });
  const [customer] = await tx
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, checkout.userId));
  if (!customer) return;
  await deps.mail.enqueue(
    packBoughtEmail(await mailBrand(deps), {
      to: customer.email,
      name: customer.name,
      packName: name,
      sessions: checkout.sessionCount,
      amountPence: checkout.amountPence,
      expiresAt,
    }),
    { tx },
  );
}

/** Used only if a paid pack has vanished from the CMS: the seed's pack validity. */
const DEFAULT_VALIDITY_MONTHS = 6;
