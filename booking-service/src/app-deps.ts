import type { ContentLoader } from '@tuition/content';
import type { Auth } from './auth/auth.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { Database, DbHandle } from './db/client.ts';
import type { Logger } from './logging/logger.ts';
import type { MailOutbox } from './mail/outbox.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';

/**
 * Everything the app needs from outside, built once by server.ts or the test harness. Features
 * never import this: each declares the narrow dependencies it uses (e.g. CheckoutDeps), and
 * createApp hands this object to each, which the compiler checks structurally
 * (docs/decisions/044).
 */
export interface AppDeps {
  config: Config;
  db: Database;
  dbHandle: DbHandle;
  clock: Clock;
  content: ContentLoader;
  logger: Logger;
  /** better-auth (src/auth): sessions, sign-up/in, verification, resets, admin plugin. */
  auth: Auth;
  /** The mail outbox (src/mail): queue in Postgres, delivered by the configured mailer. */
  mail: MailOutbox;
  /**
   * The payment provider (src/payments): Stripe Checkout, or the local checkout page
   * (paymentProviderFromConfig). One instance starts payments and verifies their webhooks.
   */
  payments: PaymentProvider;
  /**
   * True once server.ts has been asked to stop; /api/health then answers 503 while in-flight
   * requests finish (decision 089). Tests and the bench leave it out: never draining.
   */
  isDraining?: () => boolean;
}
