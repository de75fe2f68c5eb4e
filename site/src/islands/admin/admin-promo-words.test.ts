// Promo codes in words and the promo form's request (docs/decisions/082): pounds as written, the
// last valid London day across the clock change, and an edit that changes nothing sends nothing.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  EMPTY_PROMO_FORM,
  formOfCode,
  patchOf,
  promoErrorsOf,
  requestOfForm,
} from './admin-promo-form-state.ts';
import type { AdminPromoCode } from './admin-promotions-api.ts';
import {
  perAccountText,
  poundsOff,
  promoGivesText,
  usesText,
  validWindowText,
} from './admin-promo-words.ts';

const CODE: AdminPromoCode = {
  id: 'p1',
  code: 'AUTUMN',
  kind: 'fixed',
  value: 250,
  // 26 Oct 2026 London (GMT) to 29 Mar 2027, the day the clocks go forward.
  validFrom: '2026-10-26T00:00:00.000Z',
  validTo: '2027-03-29T23:00:00.000Z',
  maxRedemptions: 10,
  perAccountLimit: null,
  firstTimePupilsOnly: true,
  services: ['ks3'],
  active: true,
  redemptions: 3,
  createdAt: '2026-10-01T00:00:00Z',
};

describe('promo words', () => {
  it('writes amounts as pounds, whole pounds without pence', () => {
    expect(poundsOff(500)).toBe('£5');
    expect(poundsOff(250)).toBe('£2.50');
    expect(poundsOff(100000)).toBe('£1,000');
    expect(promoGivesText({ kind: 'percent', value: 10 })).toBe('10% off');
    expect(promoGivesText({ kind: 'fixed', value: 500 })).toBe('£5 off');
    expect(promoGivesText({ kind: 'free-session', value: 0 })).toBe('Free session');
  });

  it('counts uses against the limit', () => {
    expect(usesText({ redemptions: 3, maxRedemptions: 10 })).toBe('3 of 10');
    expect(usesText({ redemptions: 0, maxRedemptions: null })).toBe('0, no limit');
  });

  it('names the last day a code works on, in London', () => {
    expect(validWindowText(CODE)).toBe('26 Oct 2026 to 29 Mar 2027');
    expect(validWindowText({ validFrom: null, validTo: CODE.validTo })).toBe('Until 29 Mar 2027');
  });
});

describe('the promo form', () => {
  it('fills from a code and gives back the same request, so an untouched edit sends nothing', () => {
    const form = formOfCode(CODE);
    expect(form).toMatchObject({ value: '2.50', firstDay: '2026-10-26', lastDay: '2027-03-29' });
    const made = requestOfForm(form);
    if (made.errors) throw new Error(`refused: ${JSON.stringify(made.errors)}`);
    expect(made.request).toMatchObject({
      value: 250,
      validFrom: CODE.validFrom,
      validTo: CODE.validTo,
      services: ['ks3'],
    });
    expect(patchOf(made.request, made.request)).toEqual({});
  });

  it('refuses what cannot be sent as typed, by field', () => {
    const made = requestOfForm({
      ...EMPTY_PROMO_FORM,
      code: 'X1',
      kind: 'fixed',
      value: 'five',
      maxRedemptions: '2.5',
    });
    expect(made.errors).toEqual({
      value: 'Enter an amount in pounds, such as 5 or 2.50.',
      maxRedemptions: 'Enter a whole number, or leave it empty for no limit.',
    });
  });

  it('puts the service’s messages by field, and the rest under the form', () => {
    const refusal = new ApiError({
      status: 400,
      title: 'Bad Request',
      detail: 'Invalid input.',
      errors: [
        { field: 'services.0', message: 'services lists course codes.' },
        { field: 'validTo', message: 'validTo must be after validFrom.' },
        { field: 'somethingElse', message: 'Something else.' },
      ],
    });
    expect(promoErrorsOf(refusal)).toEqual({
      services: 'services lists course codes.',
      validTo: 'validTo must be after validFrom.',
      form: 'Something else.',
    });
  });
});

describe('perAccountText', () => {
  it('says a free-session code left without a limit is once per account', () => {
    expect(perAccountText(CODE)).toBe('No limit');
    expect(perAccountText({ ...CODE, perAccountLimit: 2 })).toBe('2 per account');
    expect(perAccountText({ ...CODE, kind: 'free-session', perAccountLimit: null })).toBe(
      '1 per account',
    );
    expect(perAccountText({ ...CODE, kind: 'free-session', perAccountLimit: 3 })).toBe(
      '3 per account',
    );
  });
});
