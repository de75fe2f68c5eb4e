import { PHONE_INVALID_TEXT } from '@tuition/domain';
import { describe, expect, it } from 'vitest';
import { loadPhoneTools } from '../../lib/phone-numbers.ts';
import {
  changePasswordProblem,
  detailsChange as detailsChangeWith,
  phoneProblem as phoneProblemWith,
} from './account-rules.ts';

// The phone tools the page loads when it first shows a phone.
const tools = await loadPhoneTools();
const phoneProblem = (phone: string) => phoneProblemWith(phone, tools);
const detailsChange = (
  saved: Parameters<typeof detailsChangeWith>[0],
  form: Parameters<typeof detailsChangeWith>[1],
) => detailsChangeWith(saved, form, tools);

describe('account phone rule', () => {
  it('saves an empty phone as none and a 10-15 digit number, refuses fewer digits', () => {
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('020 7946 0958')).toBeNull();
    expect(phoneProblem('+44 (20) 7946')).toBe('Phone number must contain 10-15 digits');
    expect(phoneProblem('12345')).toBe('Phone number must contain 10-15 digits');
  });

  it('keeps a whole formatted UK mobile instead of saving a cut-down one', () => {
    expect(phoneProblem('+44 (0)7700 900123')).toBeNull();
  });

  it('refuses, as the service does, a number with enough digits that no country has given out', () => {
    expect(phoneProblem('0000 000000')).toBe(PHONE_INVALID_TEXT);
    expect(phoneProblem('+33 1 23 45 67 89')).toBeNull();
  });

  it('names letters instead of dropping them', () => {
    expect(phoneProblem('07700 9OO123')).toBe(
      'Phone number may only contain digits, +, -, spaces and brackets.',
    );
  });
});

describe('what saving the details would change', () => {
  const saved = { name: 'Ann Smith', phone: '07700 900123' };
  it('says nothing changed when the form matches what is saved (spaces aside)', () => {
    expect(detailsChange(saved, { name: ' Ann Smith ', phone: '07700 900123 ' })).toBe('nothing');
    expect(detailsChange({ name: 'Ann', phone: null }, { name: 'Ann', phone: '' })).toBe('nothing');
  });
  it('sees the stored E.164 number and the same number as shown or typed as unchanged', () => {
    const stored = { name: 'Ann Smith', phone: '+447700900123' };
    expect(detailsChange(stored, { name: 'Ann Smith', phone: '07700 900123' })).toBe('nothing');
    expect(detailsChange(stored, { name: 'Ann Smith', phone: '+44 7700 900123' })).toBe('nothing');
    expect(detailsChange(stored, { name: 'Ann Smith', phone: '07700 900124' })).toBe('updated');
  });

  it('tells a removed phone apart from an update', () => {
    expect(detailsChange(saved, { name: 'Ann Smith', phone: '' })).toBe('phone-removed');
    expect(detailsChange(saved, { name: 'Ann Jones', phone: '' })).toBe('updated');
    expect(detailsChange(saved, { name: 'Ann Smith', phone: '020 7946 0958' })).toBe('updated');
  });
});

describe('change password rules', () => {
  const base = { currentPassword: 'old-pass-1', newPassword: 'new-pass-22', confirmPassword: '' };
  it('asks for the current password first', () => {
    expect(changePasswordProblem({ ...base, currentPassword: '' })).toBe(
      'Current password is required.',
    );
  });
  it('refuses a confirmation that differs, then a password under 8 characters', () => {
    expect(changePasswordProblem({ ...base, confirmPassword: 'other-pass-3' })).toBe(
      'New passwords do not match.',
    );
    expect(changePasswordProblem({ ...base, newPassword: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(changePasswordProblem({ ...base, confirmPassword: 'new-pass-22' })).toBeNull();
  });
});
