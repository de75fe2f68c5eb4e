import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isFictionalUkNumber, toE164 } from './phone.ts';
import { accountPhoneSchema } from './phone-schemas.ts';
import { PHONE_INVALID_TEXT } from './validation.ts';

describe('toE164', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+44 (0) 7700 900123', '+447700900123'],
    ['(07700) 900-123', '+447700900123'],
    ['(+44) 7700-900-123', '+447700900123'],
    ['020 7946 0958', '+442079460958'],
    ['(020) 7946-0018', '+442079460018'],
    ['07911 123456', '+447911123456'],
  ])('reads the UK number %s as %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each([
    ['+33 1 23 45 67 89', '+33123456789'],
    ['0033 1 23 45 67 89', '+33123456789'],
    ['+1 (202) 555-0143', '+12025550143'],
    ['+49 30 901820', '+4930901820'],
  ])('keeps a number abroad, typed with its country code: %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each([
    ['a UK number one digit short', '0770 900123'],
    ['a UK number one digit long', '077009001234'],
    ['a UK range nobody has been given', '0000000000'],
    ['a mobile one digit short of the drama range', '0770090012'],
    ['a country code that does not exist', '+999 1234 567890'],
    ['a French number too short', '+33 1 23 45 67'],
    ['nothing but layout', ' ( ) - '],
  ])('refuses %s', (_what, typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it("accepts Ofcom's drama numbers, which the demo and the tests type", () => {
    expect(toE164('01632 960001')).toBe('+441632960001');
    expect(isFictionalUkNumber('+447700900999')).toBe(true);
    expect(isFictionalUkNumber('+44770090099')).toBe(false);
    expect(isFictionalUkNumber('+447700901000')).toBe(false);
  });

  it('gives E.164 that reads back to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), (n) => {
        const e164 = toE164(`07700 900${String(n).padStart(3, '0')}`);
        expect(e164).toMatch(/^\+447700900\d{3}$/);
        expect(toE164(e164!)).toBe(e164);
      }),
    );
  });
});

describe('formatPhone', () => {
  it('shows a UK number in national format', () => {
    expect(formatPhone('+447700900123')).toBe('07700 900123');
    expect(formatPhone('+442079460958')).toBe('020 7946 0958');
  });

  it('shows any other number in international format', () => {
    expect(formatPhone('+33123456789')).toBe('+33 1 23 45 67 89');
    expect(formatPhone('+12025550143')).toBe('+1 202 555 0143');
  });

  it('shows numbers saved as typed before E.164 the same way', () => {
    expect(formatPhone('07700-900-123')).toBe('07700 900123');
    expect(formatPhone('+44 (0)7700 900123')).toBe('07700 900123');
    expect(formatPhone('0033 1 23 45 67 89')).toBe('+33 1 23 45 67 89');
  });

  it('shows what it cannot read as it was stored', () => {
    expect(formatPhone(' 123456789012345 ')).toBe('123456789012345');
  });

  it('round-trips: what it shows reads back to the stored number', () => {
    for (const stored of ['+447700900123', '+442079460958', '+33123456789', '+12025550143']) {
      expect(toE164(formatPhone(stored))).toBe(stored);
    }
  });
});

describe('accountPhoneSchema', () => {
  const messagesOf = (input: unknown) => {
    const result = accountPhoneSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('stores the phone in E.164 (decision 069)', () => {
    expect(accountPhoneSchema.parse('07700 900123')).toBe('+447700900123');
    expect(accountPhoneSchema.parse('0033 1 23 45 67 89')).toBe('+33123456789');
    expect(accountPhoneSchema.parse('')).toBeNull();
  });

  it('refuses a number with the right digit count that is not a real number', () => {
    expect(messagesOf('0000000000')).toEqual([PHONE_INVALID_TEXT]);
    // The spec's digit rule still speaks first.
    expect(messagesOf('0770 900')).toEqual(['Phone number must contain 10-15 digits']);
  });
});
