import type { Config } from '../config/env.ts';
import { LocalPaymentProvider } from './local-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

/** Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the local checkout page. */
export function paymentProviderFromConfig(
  config: Pick<Config, 'stripe' | 'isProduction'>,
): PaymentProvider {
  // loadConfig already refuses this; a hand-built config must not take fake payments either.
  if (config.isProduction && !config.stripe) {
    throw new Error('The local checkout page is refused in production: set STRIPE_SECRET_KEY.');
  }
  return config.stripe
    ? new StripePaymentProvider({
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
      })
    : new LocalPaymentProvider();
}
