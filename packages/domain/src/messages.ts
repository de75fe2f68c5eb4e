/**
 * The user-facing texts of docs/product-rules.md#messages (and the validation texts of
 * docs/product-rules.md#accounts-and-roles), word for word, so that the site's toasts and the
 * service's errors say the same thing. Password-length texts say 8 (docs/decisions/005). A `{name}`
 * in a text is a placeholder: fill it with fillMessage.
 *
 * Where the spec writes "Title: text", the part before the colon is the toast title.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.ts';
import { RESCHEDULE_CUTOFF_HOURS } from './policies.ts';

export interface Message {
  title: string;
  description?: string;
}

const passwordTooShortText =
  `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` as const;

export const MESSAGES = {
  // Booking and payment
  sessionFull: {
    title: 'Session Full',
    description: 'This session is full, please select another session.',
  },
  alreadyBooked: {
    title: 'Already Booked',
    description: "You've already booked this session. Please select a different session.",
  },
  singleSessionOnly: {
    title: 'Single Session Only',
    description: 'Please select only one session for rescheduling.',
  },
  availabilityError: {
    title: 'Error checking availability',
    description: 'Unable to verify session availability. Please try again.',
  },
  duplicateBooking: {
    title: 'Duplicate Booking',
    description:
      "You've already booked one or more of these sessions. Please select different sessions.",
  },
  sessionsNowFull: {
    title: 'Session Full',
    description: 'One or more selected sessions are now full. Please select different sessions.',
  },
  /** Fallback when the payment step returns no message of its own (see withServerText). */
  paymentError: {
    title: 'Payment Error',
    description: 'Failed to start payment process. Please try again.',
  },
  noActiveSession: { title: 'No active session. Please log in again.' },
  paymentUrlMissing: { title: 'Payment session URL not received.' },
  loginToPay: { title: 'Please log in to complete payment' },

  // Reschedule page
  rescheduleDuplicate: {
    title: 'Duplicate',
    description: "You've already booked this session. Please select a different session.",
  },
  rescheduleFull: { title: 'Full', description: 'Session is full. Please select another session.' },
  rescheduleFailed: { title: 'Failed to reschedule session.' },
  rescheduleSuccess: { title: 'Session rescheduled successfully' },
  sessionDataMissing: { title: 'Session data not available.' },
  invalidDate: { title: 'Invalid Date' },
  // Reschedule
  sessionTimesUnparseable: { title: 'Failed to parse session times' },
  rescheduleUserUnknown: { title: 'Unable to determine user for booking' },

  // Account and passwords
  profileUpdateFailed: { title: 'Failed to update profile. Please try again.' },
  passwordUpdateFailed: { title: 'Failed to update password. Please try again.' },
  userEmailUnavailable: { title: 'User email not available.' },
  resetEmailFailed: { title: 'Failed to send reset email.' },
  profileUpdated: { title: 'Profile Updated' },
  passwordUpdated: { title: 'Password Updated' },
  resetLinkSent: {
    title: 'Reset Link Sent',
    description: 'Check your email for password reset instructions.',
  },
  passwordResetSuccess: {
    title: 'Success',
    description: 'Your password has been updated successfully.',
  },
  resetEmailSent: { title: 'Reset Email Sent' },
  resetEmailFailedRetry: { title: 'Failed to send reset email. Please try again.' },
  forgotPasswordFailed: { title: 'Failed to send password reset email.' },
  tokenResetSuccess: { title: 'Password updated successfully!', description: 'Logging you in...' },
  welcomeBack: { title: 'Welcome back!' },
  tokenResetLoginFailed: {
    title: 'Password updated!',
    description: 'Please log in with your new password.',
  },
  tokenResetFailed: {
    title: 'Failed to update password',
    description: 'Please try again or contact support.',
  },
  resetLinkInvalid: { title: 'Invalid or Expired Link' },
  emailVerified: { title: 'Email verified successfully!' },
  verificationLinkExpired: { title: 'Link Expired' },
  verificationFailed: { title: 'Verification Failed' },

  // Validation rules (password texts say 8, docs/decisions/005)
  currentPasswordRequired: { title: 'Current password is required.' },
  currentPasswordIncorrect: { title: 'Current password is incorrect' },
  newPasswordsDoNotMatch: { title: 'New passwords do not match.' },
  passwordTooShort: { title: 'Password too short', description: passwordTooShortText },
  passwordTooLong: {
    title: 'Password too long',
    description: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  },
  passwordsDoNotMatch: { title: 'Passwords do not match.' },
  passwordsDontMatch: {
    title: "Passwords don't match",
    description: 'Please ensure both password fields match.',
  },
  enterBothPasswords: { title: 'Please enter both password fields.' },
  enterEmail: { title: 'Please enter your email address.' },
  phoneDigits: { title: 'Phone number must contain 10-15 digits' },

  // Authentication
  loginSuccess: { title: 'Logged in successfully!' },
  registrationSuccess: {
    title: 'Registration successful!',
    description: 'Please check your email to verify your account.',
  },
  logoutSuccess: { title: 'Logged out successfully!' },
  authSessionMissing: { title: 'Auth session missing!' },
  bookingConfirmationEmailFailed: { title: 'Failed to send booking confirmation email' },
  contactEmailFailed: { title: 'Failed to send contact form email' },
  verificationEmailFailed: { title: 'Failed to send verification email' },

  // Contact form
  contactSuccess: { title: "Thank you! We'll get back to you within 24 hours." },
  /** Fallback when the service returns no message of its own (see withServerText). */
  contactFailure: { title: 'Failed to send message. Please try again.' },

  // Admin (and the admin confirm text)
  usersLoadFailed: { title: 'Error', description: 'Failed to load users.' },
  adminAccessDenied: { title: 'Error', description: 'Access denied: Admin privileges required' },
  userDetailsLoadFailed: { title: 'Failed to load user details.' },
  userProfileNotFound: { title: 'User profile not found.' },
  adminPasswordResetFailed: { title: 'Failed to send password reset email.' },
  adminPasswordResetSent: {
    title: 'Password Reset Sent',
    description: 'Password reset email sent to {email}.',
  },
  adminBookingCancelled: { title: 'Booking cancelled successfully' },
  adminCancelFailed: { title: 'Failed to cancel booking.' },
  adminCancelConfirm: {
    title: 'Are you sure you want to cancel this booking? This action cannot be undone.',
  },

  // Customer bookings
  bookingsLoadFailed: { title: 'Failed to load your bookings. Please try again.' },
  bookingCancelled: { title: 'Booking Cancelled' },
  cancelFailed: { title: 'Failed to cancel booking. Please try again.' },
  bookingRescheduled: { title: 'Booking Rescheduled' },
  rescheduleBookingFailed: { title: 'Failed to reschedule booking. Please try again.' },

  // Not in the spec (decision 041): a customer's own unpaid checkout, which they can resume or
  // release, and the payment outcome page when it has no paid checkout of theirs to show.
  paymentPending: {
    title: 'Payment pending',
    description: 'Nothing is booked or paid yet. Resume the payment, or release the sessions.',
  },
  paymentReleased: {
    title: 'Payment released',
    description: 'The sessions are free again. Nothing was paid.',
  },
  paymentReleaseFailed: { title: 'Failed to release the payment. Please try again.' },
  reschedulePending: {
    title: 'Payment pending',
    description:
      'This session is held by a payment that has not been finished. Please select a different session.',
  },
  paymentConfirming: { title: 'We are confirming your payment' },

  // Not in the spec: the service's 409 texts when a booking can no longer be cancelled or moved
  // (the site shows them as the returned message, docs/product-rules.md#seats-and-bookings).
  notCancellable: { title: 'Only upcoming, confirmed bookings can be cancelled.' },
  rescheduleTooLate: {
    title: `Sessions can be rescheduled up to ${RESCHEDULE_CUTOFF_HOURS} hours before they start.`,
  },
  notReschedulable: { title: 'Only upcoming, confirmed bookings can be rescheduled.' },
  noPaymentToShow: {
    title: 'No payment to show',
    description:
      'We could not find a payment of yours for this page. Your bookings, and any payment still in progress, are listed in Upcoming Bookings.',
  },

  // Other. The spec gives no words for the verification toast, only its meaning.
  requestNewVerification: {
    title: 'Please contact support by email to request a new verification link.',
  },
  // Not in the spec (it had no resend): /verify-email's Request New Verification for a
  // signed-in visitor, and the request's failure.
  verificationEmailResent: {
    title: 'Verification Email Sent',
    description: 'Check your email for a new verification link.',
  },
  notFound: { title: 'Oops! Page not found' },
  unexpectedError: { title: 'Unexpected Application Error!' },
} as const satisfies { readonly [key: string]: Message };

export type MessageKey = keyof typeof MESSAGES;

/** Names of the `{placeholders}` in a text type. */
type PlaceholderNames<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholderNames<Rest>
  : never;

export type MessageValues<M extends Message> = Record<
  PlaceholderNames<M['title']> | PlaceholderNames<NonNullable<M['description']>>,
  string
>;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Fills the placeholders of a message; the compiler asks for exactly the names it uses:
 * `fillMessage(MESSAGES.adminPasswordResetSent, { email })`.
 */
export function fillMessage<M extends Message>(message: M, values: MessageValues<M>): Message {
  const record = values as Record<string, string>;
  return message.description === undefined
    ? { title: fill(message.title, record) }
    : { title: fill(message.title, record), description: fill(message.description, record) };
}

/**
 * The catalogue shows the server's own message where there is one ("the returned message, or
 * Failed to ..."): this puts it in place of the fallback text, keeping the title if the
 * message has a separate description.
 */
export function withServerText(fallback: Message, serverText: string | null | undefined): Message {
  const text = serverText?.trim();
  if (!text) return fallback;
  return fallback.description === undefined
    ? { title: text }
    : { title: fallback.title, description: text };
}

/**
 * Staff moving a family's booking onto a session its pupil already has: the words name the
 * pupil ("Arjun already has this session"), as "You've already booked" would mislead the
 * admin reading them (decision 070).
 */
export function staffDuplicateDescription(pupilName: string): string {
  return `${pupilName} already has this session. Please choose a different one.`;
}
