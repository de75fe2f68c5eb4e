import { MESSAGES } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Logger } from '../logging/logger.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { dropUnopenedHold } from '../sessions/seat-ledger/seat-ledger.ts';

/*
 * What every checkout (seats, a term, a pack) shares: its dependencies, how long it holds its
 * seats, and the provider's payment page it opens and closes.
 */

/** How long a pending checkout holds its seats while the customer pays. */
export const HOLD_MINUTES = 30;

/** docs/product-rules.md#messages "Payment Error" fallback text; the site shows it as the toast. */
export const PAYMENT_START_FAILED = MESSAGES.paymentError.description;

/** What checkout needs from the composition root; each function takes only its part. */
export interface CheckoutDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Config;
  logger: Logger;
  payments: PaymentProvider;
  /** A checkout paid wholly with credit is booked and confirmed at once (decision 077). */
  mail: MailOutbox;
}

/**
 * Opens the provider's payment page for a checkout holding its seats. When the provider
 * refuses, the seats are given back at once rather than after HOLD_MINUTES, and the customer
 * gets the spec's Payment Error (502).
 */
export async function openPaymentPage(
  deps: CheckoutDeps,
  page: Omit<Parameters<PaymentProvider['createHostedPage']>[0], 'successUrl' | 'cancelUrl'>,
): Promise<{ providerSessionId: string; url: string }> {
  const { checkoutId } = page;
  let opened: { providerSessionId: string; url: string };
  try {
    opened = await deps.payments.createHostedPage({
      ...page,
      successUrl: `${deps.config.publicUrl}/payment-success?checkout=${checkoutId}`,
      cancelUrl: `${deps.config.publicUrl}/payment-canceled?checkout=${checkoutId}`,
    });
  } catch (error) {
    // No page, no payment: give the seats back at once rather than after HOLD_MINUTES.
    await dropUnopenedHold(deps, checkoutId);
    deps.logger.error(
      { err: error, checkoutId, provider: deps.payments.kind },
      'payment provider refused to start a checkout',
    );
    throw new HttpProblem(502, 'Payment Error', PAYMENT_START_FAILED, { code: 'payment-error' });
  }
  await deps.db
    .update(checkouts)
    .set({ providerSessionId: opened.providerSessionId, providerUrl: opened.url })
    .where(eq(checkouts.id, checkoutId));
  return opened;
}

/** Best effort: a page left open is covered by the late-payment path. */
export async function closeHostedPage(
  deps: Pick<CheckoutDeps, 'payments' | 'logger'>,
  checkout: { id: string; providerSessionId: string | null },
): Promise<void> {
  if (!checkout.providerSessionId) return;
  await deps.payments.closeHostedPage(checkout.providerSessionId).catch((error: unknown) => {
    deps.logger.warn(
      { err: error, checkoutId: checkout.id },
      'could not close the hosted payment page',
    );
  });
}
