/** At most 5 enquiries an hour from one e-mail address, and 5 from one client IP. */
export const CONTACT_RATE_LIMIT = { window: 60 * 60, max: 5 } as const;
