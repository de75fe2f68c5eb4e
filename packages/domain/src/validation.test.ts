import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PASSWORD_MIN_LENGTH,
  PHONE_CHARACTERS_TEXT,
  PHONE_MAX_CHARS,
  PHONE_TOO_LONG_TEXT,
  phoneTypingProblem,
} from './validation.ts';
import {
  basketSchema,
  changePasswordSchema,
  contactEnquirySchema,
  forgotPasswordSchema,
  passwordSchema,
  phoneSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  rescheduleSchema,
  signInSchema,
  signUpSchema,
} from './validation-schemas.ts';

/** The messages a form would show, as [field, message]. */
function errorsOf(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('phoneTypingProblem', () => {
  it('accepts digits, plus, hyphen, space and brackets as typed', () => {
    expect(phoneTypingProblem('+44 (0)20-7946')).toBeNull();
  });

  it('names a letter or other character instead of dropping it', () => {
    expect(phoneTypingProblem('07a7.00/90#0x123')).toBe(PHONE_CHARACTERS_TEXT);
  });

  it('never cuts a real formatted number short, and names one that is too long', () => {
    // The walk-through's number: the old 15-character cap saved "+44 (0)7700 900".
    expect(phoneTypingProblem('+44 (0)7700 900123')).toBeNull();
    expect(phoneTypingProblem('+44 (0) 7700 900 123')).toBeNull();
    expect(phoneTypingProblem('0'.repeat(PHONE_MAX_CHARS + 1))).toBe(PHONE_TOO_LONG_TEXT);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (typed) => {
        const problem = phoneTypingProblem(typed);
        const fine = /^[0-9+\- ()]*$/.test(typed.trim()) && typed.trim().length <= PHONE_MAX_CHARS;
        expect(problem === null).toBe(fine);
      }),
    );
  });
});

describe('phoneSchema', () => {
  it('saves an empty phone, spaces only or null as none', () => {
    expect(phoneSchema.parse('')).toBeNull();
    expect(phoneSchema.parse('   ')).toBeNull();
    expect(phoneSchema.parse(null)).toBeNull();
  });

  it('accepts 10 to 15 digits, keeping the formatting typed', () => {
    expect(phoneSchema.parse('07700 900123')).toBe('07700 900123');
    expect(phoneSchema.parse('+44 7700 900123')).toBe('+44 7700 900123');
    expect(phoneSchema.parse('(020) 7946-0018')).toBe('(020) 7946-0018');
    expect(phoneSchema.parse('0123456789')).toBe('0123456789');
    expect(phoneSchema.parse('123456789012345')).toBe('123456789012345');
  });

  it('refuses fewer than 10 digits', () => {
    expect(errorsOf(phoneSchema, '012345678')).toEqual([
      ['', 'Phone number must contain 10-15 digits'],
    ]);
    expect(errorsOf(phoneSchema, '(0) 12-34 5678')).toEqual([
      ['', 'Phone number must contain 10-15 digits'],
    ]);
  });

  it('refuses more than 15 digits, and more than 25 characters', () => {
    expect(errorsOf(phoneSchema, '1234567890123456')).toEqual([
      ['', 'Phone number must contain 10-15 digits'],
    ]);
    expect(errorsOf(phoneSchema, '+44 (0) 7700 - 900 - 123 - 4')).toEqual([
      ['', 'Phone number must be at most 25 characters.'],
    ]);
  });

  it('keeps the whole formatted number the old 15-character cap cut short', () => {
    expect(phoneSchema.parse('+44 (0)7700 900123')).toBe('+44 (0)7700 900123');
  });

  it('refuses letters and other characters', () => {
    expect(errorsOf(phoneSchema, '07700 9001 ext')).toEqual([
      ['', 'Phone number may only contain digits, +, -, spaces and brackets.'],
    ]);
  });
});

describe('contactEnquirySchema', () => {
  const good = {
    parentName: '  Ann Smith ',
    email: 'Ann@Example.com',
    message: 'My son needs help with GCSE algebra.',
  };

  it('accepts the three required fields alone, trimmed', () => {
    expect(contactEnquirySchema.parse(good)).toEqual({
      parentName: 'Ann Smith',
      email: 'ann@example.com',
      message: 'My son needs help with GCSE algebra.',
    });
  });

  it('accepts every optional field filled in', () => {
    const full = {
      ...good,
      phone: '07700 900123',
      yearGroup: 'y10',
      subject: 'maths',
      preference: 'online',
    };
    expect(contactEnquirySchema.parse(full)).toMatchObject({
      phone: '07700 900123',
      yearGroup: 'y10',
      subject: 'maths',
      preference: 'online',
    });
  });

  it('treats an unchosen select ("") as not given', () => {
    const parsed = contactEnquirySchema.parse({
      ...good,
      phone: '',
      yearGroup: '',
      subject: '',
      preference: '',
    });
    expect(parsed).toMatchObject({ phone: null, yearGroup: undefined, preference: undefined });
  });

  it('names each missing required field', () => {
    expect(errorsOf(contactEnquirySchema, { parentName: ' ', email: '', message: '' })).toEqual([
      ['parentName', 'Parent name is required.'],
      ['email', 'Email is required.'],
      ['message', 'Message is required.'],
    ]);
    expect(errorsOf(contactEnquirySchema, {})).toEqual([
      ['parentName', 'Parent name is required.'],
      ['email', 'Email is required.'],
      ['message', 'Message is required.'],
    ]);
  });

  it('refuses a malformed email, an over-long name or message, and a bad phone', () => {
    expect(
      errorsOf(contactEnquirySchema, {
        parentName: 'x'.repeat(101),
        email: 'ann@',
        phone: '123',
        message: 'x'.repeat(5001),
      }),
    ).toEqual([
      ['parentName', 'Parent name must be at most 100 characters.'],
      ['email', 'Please enter a valid email address.'],
      ['phone', 'Phone number must contain 10-15 digits'],
      ['message', 'Message must be at most 5000 characters.'],
    ]);
  });

  it('accepts a message of exactly 5000 characters', () => {
    expect(contactEnquirySchema.safeParse({ ...good, message: 'x'.repeat(5000) }).success).toBe(
      true,
    );
  });

  it('refuses in-person tutoring as coming soon', () => {
    expect(errorsOf(contactEnquirySchema, { ...good, preference: 'inperson' })).toEqual([
      ['preference', 'In-person tutoring is coming soon. Please choose online.'],
    ]);
  });

  it('refuses unknown year groups and subjects', () => {
    expect(
      errorsOf(contactEnquirySchema, { ...good, yearGroup: 'y14', subject: 'english' }),
    ).toEqual([
      ['yearGroup', 'Year group must be one of Year 6 to Year 13.'],
      ['subject', 'Subject must be maths.'],
    ]);
  });
});

describe('profileUpdateSchema', () => {
  it('trims the name and removes the phone when it is emptied', () => {
    expect(profileUpdateSchema.parse({ name: ' Ann ', phone: '' })).toEqual({
      name: 'Ann',
      phone: null,
    });
  });

  it('leaves the phone out when it is not sent', () => {
    expect(profileUpdateSchema.parse({ name: 'Ann' })).toEqual({ name: 'Ann' });
  });

  it('keeps the phone as typed: the real-number check and E.164 belong to the service', () => {
    expect(profileUpdateSchema.parse({ name: 'Ann', phone: '07700 900123' })).toEqual({
      name: 'Ann',
      phone: '07700 900123',
    });
    // The spec's digit rule is checked here, on every page.
    expect(errorsOf(profileUpdateSchema, { name: 'Ann', phone: '0770 900' })).toEqual([
      ['phone', 'Phone number must contain 10-15 digits'],
    ]);
  });

  it('refuses an empty or over-long name and a short phone', () => {
    expect(errorsOf(profileUpdateSchema, { name: '', phone: '0770' })).toEqual([
      ['name', 'Name is required.'],
      ['phone', 'Phone number must contain 10-15 digits'],
    ]);
    expect(errorsOf(profileUpdateSchema, { name: 'x'.repeat(101) })).toEqual([
      ['name', 'Name must be at most 100 characters.'],
    ]);
  });
});

describe('passwordSchema', () => {
  it(`accepts ${PASSWORD_MIN_LENGTH} characters and refuses 7`, () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordSchema.safeParse('abcd1234').success).toBe(true);
    expect(errorsOf(passwordSchema, 'abc1234')).toEqual([
      ['', 'Password must be at least 8 characters long.'],
    ]);
  });

  it('refuses more than 128 characters, which the auth service would refuse', () => {
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(errorsOf(passwordSchema, 'x'.repeat(129))).toEqual([
      ['', 'Password must be at most 128 characters long.'],
    ]);
  });
});

describe('signUpSchema and signInSchema', () => {
  const good = {
    name: 'Ann Smith',
    email: 'ann@example.com',
    password: 'correct horse',
    acceptTerms: true,
  };

  it('accepts a complete registration', () => {
    expect(signUpSchema.parse(good)).toEqual(good);
  });

  it('requires the terms to be accepted', () => {
    expect(errorsOf(signUpSchema, { ...good, acceptTerms: false })).toEqual([
      ['acceptTerms', 'Please agree to the Terms and Conditions and Privacy Policy.'],
    ]);
  });

  it('names every missing registration field', () => {
    expect(errorsOf(signUpSchema, {}).map(([field]) => field)).toEqual([
      'name',
      'email',
      'password',
      'acceptTerms',
    ]);
  });

  it('refuses a short password at registration', () => {
    expect(errorsOf(signUpSchema, { ...good, password: 'short' })).toEqual([
      ['password', 'Password must be at least 8 characters long.'],
    ]);
  });

  it('signs in with any non-empty password but requires both fields', () => {
    expect(signInSchema.parse({ email: 'ANN@example.com', password: 'x' })).toEqual({
      email: 'ann@example.com',
      password: 'x',
    });
    expect(errorsOf(signInSchema, { email: '', password: '' })).toEqual([
      ['email', 'Email is required.'],
      ['password', 'Password is required.'],
    ]);
  });
});

describe('changePasswordSchema', () => {
  const good = {
    currentPassword: 'old-pass',
    newPassword: 'new-pass-1',
    confirmPassword: 'new-pass-1',
  };

  it('accepts a matching new password of 8 or more characters', () => {
    expect(changePasswordSchema.parse(good)).toEqual(good);
  });

  it('requires the current password', () => {
    expect(errorsOf(changePasswordSchema, { ...good, currentPassword: '' })).toEqual([
      ['currentPassword', 'Current password is required.'],
    ]);
  });

  it('refuses a confirmation that does not match', () => {
    expect(errorsOf(changePasswordSchema, { ...good, confirmPassword: 'new-pass-2' })).toEqual([
      ['confirmPassword', 'New passwords do not match.'],
    ]);
  });

  it('refuses a new password under 8 characters', () => {
    expect(
      errorsOf(changePasswordSchema, { ...good, newPassword: 'short', confirmPassword: 'short' }),
    ).toEqual([['newPassword', 'Password must be at least 8 characters long.']]);
  });
});

describe('forgotPasswordSchema and resetPasswordSchema', () => {
  it('asks for the email address when it is empty', () => {
    expect(errorsOf(forgotPasswordSchema, { email: ' ' })).toEqual([
      ['email', 'Please enter your email address.'],
    ]);
    expect(errorsOf(forgotPasswordSchema, { email: 'nope' })).toEqual([
      ['email', 'Please enter a valid email address.'],
    ]);
    expect(forgotPasswordSchema.parse({ email: ' Ann@Example.com' })).toEqual({
      email: 'ann@example.com',
    });
  });

  it('asks for both password fields, then a match, then 8 characters', () => {
    expect(errorsOf(resetPasswordSchema, { newPassword: '', confirmPassword: 'x' })).toEqual([
      ['newPassword', 'Please enter both password fields.'],
    ]);
    expect(
      errorsOf(resetPasswordSchema, { newPassword: 'abcdefgh', confirmPassword: 'abcdefgi' }),
    ).toEqual([['confirmPassword', 'Passwords do not match.']]);
    expect(errorsOf(resetPasswordSchema, { newPassword: 'abc', confirmPassword: 'abc' })).toEqual([
      ['newPassword', 'Password must be at least 8 characters long.'],
    ]);
    expect(
      resetPasswordSchema.safeParse({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })
        .success,
    ).toBe(true);
  });
});

describe('basketSchema', () => {
  const start = (day: number) => `2026-11-${String(day).padStart(2, '0')}T17:00:00Z`;

  it('accepts one service with 1 to 30 distinct session starts', () => {
    expect(basketSchema.parse({ service: 'gcse', startsAt: [start(3)] })).toEqual({
      service: 'gcse',
      startsAt: [start(3)],
    });
    const thirty = Array.from({ length: 30 }, (_, i) => start(i + 1));
    expect(basketSchema.safeParse({ service: 'gcse-higher', startsAt: thirty }).success).toBe(true);
  });

  it('accepts starts written with an offset', () => {
    expect(
      basketSchema.safeParse({ service: 'ks3', startsAt: ['2026-07-07T18:00:00+01:00'] }).success,
    ).toBe(true);
  });

  it('refuses an empty basket and one of 31 sessions', () => {
    expect(errorsOf(basketSchema, { service: 'gcse', startsAt: [] })).toEqual([
      ['startsAt', 'Please select at least one session.'],
    ]);
    const thirtyOne = Array.from({ length: 31 }, (_, i) =>
      new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
    );
    expect(errorsOf(basketSchema, { service: 'gcse', startsAt: thirtyOne })).toEqual([
      ['startsAt', 'You can book at most 30 sessions at once.'],
    ]);
  });

  it('refuses the same session twice, even written two ways', () => {
    expect(errorsOf(basketSchema, { service: 'gcse', startsAt: [start(3), start(3)] })).toEqual([
      ['startsAt', 'Each session can only be selected once.'],
    ]);
    expect(
      errorsOf(basketSchema, {
        service: 'gcse',
        startsAt: ['2026-07-07T17:00:00Z', '2026-07-07T18:00:00+01:00'],
      }),
    ).toEqual([['startsAt', 'Each session can only be selected once.']]);
  });

  it('refuses an unknown service and starts that are not ISO instants', () => {
    expect(
      errorsOf(basketSchema, {
        service: 'science',
        startsAt: ['3 Nov 2026 5pm', '2026-11-03T17:00:00'],
      }),
    ).toEqual([
      ['service', 'Please choose a service.'],
      ['startsAt.0', 'Session start must be a date and time such as 2027-03-21T10:00:00Z.'],
      ['startsAt.1', 'Session start must be a date and time such as 2027-03-21T10:00:00Z.'],
    ]);
  });
});

describe('rescheduleSchema', () => {
  it('accepts one ISO start and refuses anything else', () => {
    expect(rescheduleSchema.parse({ startsAt: '2026-11-03T17:00:00.000Z' })).toEqual({
      startsAt: '2026-11-03T17:00:00.000Z',
    });
    expect(errorsOf(rescheduleSchema, { startsAt: 'tomorrow' })).toEqual([
      ['startsAt', 'Session start must be a date and time such as 2027-03-21T10:00:00Z.'],
    ]);
    expect(errorsOf(rescheduleSchema, {})).toEqual([
      ['startsAt', 'Session start must be a date and time such as 2027-03-21T10:00:00Z.'],
    ]);
  });
});
