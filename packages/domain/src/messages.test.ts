import { describe, expect, it } from 'vitest';
import { fillMessage, MESSAGES, type Message, withServerText } from './messages.ts';

describe('MESSAGES', () => {
  it('words the booking toasts as docs/product-rules.md#messages does', () => {
    expect(MESSAGES.sessionFull).toEqual({
      title: 'Session Full',
      description: 'This session is full, please select another session.',
    });
    expect(MESSAGES.alreadyBooked.description).toBe(
      "You've already booked this session. Please select a different session.",
    );
    expect(MESSAGES.duplicateBooking.description).toBe(
      "You've already booked one or more of these sessions. Please select different sessions.",
    );
    expect(MESSAGES.sessionsNowFull).toEqual({
      title: 'Session Full',
      description: 'One or more selected sessions are now full. Please select different sessions.',
    });
    expect(MESSAGES.noActiveSession.title).toBe('No active session. Please log in again.');
    expect(MESSAGES.paymentUrlMissing.title).toBe('Payment session URL not received.');
  });

  it('words the account, contact and admin toasts as docs/product-rules.md#messages does', () => {
    expect(MESSAGES.loginSuccess.title).toBe('Logged in successfully!');
    expect(MESSAGES.logoutSuccess.title).toBe('Logged out successfully!');
    expect(
      `${MESSAGES.registrationSuccess.title} ${MESSAGES.registrationSuccess.description}`,
    ).toBe('Registration successful! Please check your email to verify your account.');
    expect(MESSAGES.contactSuccess.title).toBe("Thank you! We'll get back to you within 24 hours.");
    expect(MESSAGES.contactFailure.title).toBe('Failed to send message. Please try again.');
    expect(MESSAGES.profileUpdated.title).toBe('Profile Updated');
    expect(MESSAGES.resetLinkSent.description).toBe(
      'Check your email for password reset instructions.',
    );
    expect(MESSAGES.adminAccessDenied).toEqual({
      title: 'Error',
      description: 'Access denied: Admin privileges required',
    });
    expect(MESSAGES.rescheduleBookingFailed.title).toBe(
      'Failed to reschedule booking. Please try again.',
    );
    expect(MESSAGES.unexpectedError.title).toBe('Unexpected Application Error!');
  });

  it('states the password minimum as 8 wherever a text mentions it', () => {
    const texts = Object.values(MESSAGES as Record<string, Message>).flatMap((m) => [
      m.title,
      m.description ?? '',
    ]);
    const lengthTexts = texts.filter((t) => /at least \d+ characters/.test(t));
    expect(lengthTexts).toEqual(['Password must be at least 8 characters long.']);
    expect(MESSAGES.passwordTooShort.title).toBe('Password too short');
  });

  it('keeps the other password rule texts of docs/product-rules.md#accounts-and-roles', () => {
    expect(MESSAGES.currentPasswordRequired.title).toBe('Current password is required.');
    expect(MESSAGES.newPasswordsDoNotMatch.title).toBe('New passwords do not match.');
    expect(MESSAGES.passwordsDoNotMatch.title).toBe('Passwords do not match.');
    expect(MESSAGES.passwordsDontMatch).toEqual({
      title: "Passwords don't match",
      description: 'Please ensure both password fields match.',
    });
    expect(MESSAGES.enterBothPasswords.title).toBe('Please enter both password fields.');
  });

  it('leaves no message without a title', () => {
    for (const [key, message] of Object.entries(MESSAGES as Record<string, Message>)) {
      expect(message.title.trim(), key).not.toBe('');
    }
  });
});

describe('fillMessage', () => {
  it('puts the e-mail address into the admin password-reset toast', () => {
    expect(fillMessage(MESSAGES.adminPasswordResetSent, { email: 'ann@example.com' })).toEqual({
      title: 'Password Reset Sent',
      description: 'Password reset email sent to ann@example.com.',
    });
  });

  it('is refused by the compiler without the placeholder, and then leaves it visible', () => {
    // @ts-expect-error the text has an {email} placeholder, so `email` is required
    const unfilled = fillMessage(MESSAGES.adminPasswordResetSent, {});
    expect(unfilled.description).toBe('Password reset email sent to {email}.');
  });

  it('returns a message without placeholders unchanged', () => {
    expect(fillMessage(MESSAGES.sessionFull, {})).toEqual(MESSAGES.sessionFull);
  });

  it('does not read placeholders out of the filled-in value', () => {
    expect(
      fillMessage(MESSAGES.adminPasswordResetSent, { email: '{email}@example.com' }).description,
    ).toBe('Password reset email sent to {email}@example.com.');
  });
});

describe('withServerText', () => {
  it("shows the server's message in place of the fallback text, keeping the title", () => {
    expect(withServerText(MESSAGES.paymentError, 'Your card was declined.')).toEqual({
      title: 'Payment Error',
      description: 'Your card was declined.',
    });
    expect(withServerText(MESSAGES.contactFailure, 'Too many requests')).toEqual({
      title: 'Too many requests',
    });
  });

  it('falls back to the spec text when the server says nothing', () => {
    expect(withServerText(MESSAGES.paymentError, undefined)).toBe(MESSAGES.paymentError);
    expect(withServerText(MESSAGES.contactFailure, '  ')).toBe(MESSAGES.contactFailure);
  });

  it('words the re-sent verification e-mail toast (site addition, not in docs/product-rules.md#messages)', () => {
    expect(MESSAGES.verificationEmailResent).toEqual({
      title: 'Verification Email Sent',
      description: 'Check your email for a new verification link.',
    });
  });

  it("words the service's 409s for a booking that can no longer be cancelled or moved", () => {
    expect(MESSAGES.notCancellable.title).toBe(
      'Only upcoming, confirmed bookings can be cancelled.',
    );
    expect(MESSAGES.rescheduleTooLate.title).toBe(
      'Sessions can be rescheduled up to 24 hours before they start.',
    );
    expect(MESSAGES.notReschedulable.title).toBe(
      'Only upcoming, confirmed bookings can be rescheduled.',
    );
  });
});
