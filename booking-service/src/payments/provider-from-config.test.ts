import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { LocalPaymentProvider } from './local-provider.ts';
import { paymentProviderFromConfig } from './provider-from-config.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

describe('paymentProviderFromConfig', () => {
  it('uses the local checkout page when no Stripe keys are set', () => {
    expect(paymentProviderFromConfig(loadConfig({ NODE_ENV: 'test' }))).toBeInstanceOf(
      LocalPaymentProvider,
    );
  });

  it('uses Stripe when both Stripe variables are set', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(paymentProviderFromConfig(config).kind).toBe('stripe');
    expect(paymentProviderFromConfig(config)).toBeInstanceOf(StripePaymentProvider);
  });

  it('refuses the local checkout in production', () => {
    expect(() => paymentProviderFromConfig({ isProduction: true, stripe: undefined })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });
});
