import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { promoRefusal } from './use-basket-quote.ts';

describe('promoRefusal', () => {
  it('reads the code field of a 400 and the words of a 429, nothing else', () => {
    const refused = new ApiError({
      status: 400,
      title: 'Invalid request',
      detail: 'promoCode: That code has expired.',
      errors: [{ field: 'promoCode', message: 'That code has expired.' }],
    });
    expect(promoRefusal(refused)).toBe('That code has expired.');
    const guessing = new ApiError({
      status: 429,
      title: 'Too Many Requests',
      detail:
        'Too many codes that do not exist were tried. Please wait a few minutes and try again.',
    });
    expect(promoRefusal(guessing)).toMatch(/^Too many codes that do not exist/);
    const otherField = new ApiError({
      status: 400,
      title: 'Invalid request',
      detail: 'startsAt.0: not a session',
      errors: [{ field: 'startsAt.0', message: 'not a session' }],
    });
    expect(promoRefusal(otherField)).toBeUndefined();
    expect(promoRefusal(new ApiError({ status: 503, title: 'x', detail: 'busy' }))).toBeUndefined();
    expect(promoRefusal(new Error('network'))).toBeUndefined();
  });
});
