/**
 * Password length limits, shared by the forms, the service's schemas and better-auth's
 * configuration. 8 everywhere: see docs/decisions/005-password-minimum-8.md.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** better-auth's own default maximum; a longer password would pass the form and fail there. */
export const PASSWORD_MAX_LENGTH = 128;
