/**
 * The values the booking service stores in its text columns for roles and checkout states,
 * declared here once so the Drizzle schema, the API and the site read the same lists (the
 * booking statuses live with their policies, in policies.ts).
 */

/** An account's role; only admins reach /admin and the admin API. */
export const USER_ROLES = ['user', 'admin', 'tutor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * A checkout's life: `pending` while it holds seats and waits for payment, then `paid`,
 * `expired` (the hold lapsed) or `cancelled` (released, replaced or refused by the provider).
 */
export const CHECKOUT_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
