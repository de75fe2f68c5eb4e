import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { type BetterAuthAdvancedOptions, type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { type Clock, clockFromConfig } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { CLIENT_ADDRESS_HEADER, IPV6_BUCKET_PREFIX } from '../http/client-address.ts';
import type { Logger } from '../logging/logger.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from './auth-emails.ts';
import { afterAuthEndpoint, afterPasswordReset, beforeAuthEndpoint } from './auth-hooks.ts';
import {
  type AuthMailDeps,
  passwordChangedSender,
  passwordResetSender,
  verificationSender,
} from './auth-mail-senders.ts';
import { sharedRateLimits } from './client-limits.ts';
import { quickPasswordHashing } from './quick-password-hashing.ts';
import { settleVerifiedAddress } from './verified-address.ts';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * better-auth names its cookies `${prefix}.session_token` and so on; in production
 * (useSecureCookies) each name gets the browser-enforced `__Secure-` prefix in front.
 */
export const AUTH_COOKIE_PREFIX = 'tuition';

/** The session cookie's two names, as the OpenAPI document's security schemes say them. */
export const SESSION_COOKIE_NAMES = {
  development: `${AUTH_COOKIE_PREFIX}.session_token`,
  production: `__Secure-${AUTH_COOKIE_PREFIX}.session_token`,
} as const;

export interface AuthOptions {
  config: Config;
  db: Database;
  mail: MailOutbox;
  content: ContentLoader;
  logger: Logger;
  /** The app's clock, for the time a password-changed mail states; default from the config. */
  clock?: Clock;
}

/**
 * better-auth as the service uses it: accounts verified by e-mail before any session, the mails
 * (auth-mail-senders.ts), the request hooks (auth-hooks.ts), the limits (client-limits.ts) and
 * the staff plugin.
 */
export function createAuth(options: AuthOptions) {
  const { config, db } = options;
  const secret = config.auth.secret;
  const log = options.logger.child({ component: 'auth' });
  const mailDeps: AuthMailDeps = {
    db,
    secret,
    siteUrl: config.publicUrl,
    brand: () => mailBrand({ content: options.content, config }),
    mail: options.mail,
    log,
    clock: options.clock ?? clockFromConfig(config),
  };
  const sendPasswordChanged = passwordChangedSender(mailDeps);
  // Rate-limit keys carry an HMAC of the address under this secret, never the address.
  const throttle = { db, secret };
  const hookDeps = { db, secret, throttle, log, sendPasswordChanged };

  const auth = betterAuth({
    appName: 'booking-service',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    telemetry: { enabled: false },
    // An unexpected error inside an endpoint (a failed query, a bug) is rethrown to the app's
    // error handler, which logs it through the redacting logger and answers a problem body with
    // the request id; better-auth's own fallback printed the raw error, SQL parameters included,
    // to stderr and answered an empty 500. Its APIErrors (4xx) still become its usual answers.
    onAPIError: { throw: true },
    logger: intoServiceLog(log),
    trustedOrigins: config.trustedOrigins,
    user: {
      additionalFields: {
        // Set through PATCH /api/me (with the shared phone rule), never at sign-up.
        phone: { type: 'string', required: false, input: false },
        // "I am a parent or guardian" (the default) or "a student aged 16 or over"; checked
        // against the domain's list in the sign-up hook (auth-hooks.ts, docs/decisions/048).
        accountType: { type: 'string', required: false, input: true, defaultValue: 'parent' },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // No session until the address is verified (requireEmailVerification); say so explicitly.
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // better-auth's scrypt, except for test accounts (docs/decisions/120).
      ...(config.passwordHashing === 'quick' ? { password: quickPasswordHashing } : {}),
      onPasswordReset: afterPasswordReset(hookDeps),
      sendResetPassword: passwordResetSender(mailDeps),
    },
    emailVerification: {
      sendOnSignUp: true,
      // A second chance for someone whose first link expired: signing in sends a fresh one.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
      sendVerificationEmail: verificationSender(mailDeps),
      async afterEmailVerification(user) {
        await settleVerifiedAddress(
          {
            db,
            adminEmails: config.auth.adminEmails,
            log,
            authContext: () => auth.$context,
            sendPasswordReset: (email) => auth.api.requestPasswordReset({ body: { email } }),
          },
          user,
        );
      },
    },
    hooks: { before: beforeAuthEndpoint(hookDeps), after: afterAuthEndpoint(hookDeps) },
    rateLimit: sharedRateLimits(db, secret),
    advanced: cookieAndAddressSettings(config),
    databaseHooks: {
      session: {
        create: {
          // A session keeps no client address or browser: nothing here reads them, and the
          // limits key on the address per request (decision 058). Collect only what is used.
          before: async (row) => ({ data: { ...row, ipAddress: null, userAgent: null } }),
        },
      },
    },
    plugins: [admin(ADMIN_PLUGIN_OPTIONS)],
  });
  return auth;
}

/** Staff roles, and the refusal a banned account (a deactivated tutor, decision 079) meets. */
const ADMIN_PLUGIN_OPTIONS = {
  defaultRole: 'user',
  adminRoles: ['admin'],
  bannedUserMessage:
    'This account is no longer active. Please contact us if you think this is a mistake.',
};

/**
 * better-auth's own messages go to our pino logger (JSON, redaction, LOG_LEVEL), not stderr.
 * Only the message and any Error: the extra arguments can hold request data.
 */
function intoServiceLog(log: Logger): BetterAuthOptions['logger'] {
  return {
    level: 'info',
    log(level, message, ...args) {
      const err = args.find((arg) => arg instanceof Error);
      log[level]({ ...(err ? { err } : {}) }, `better-auth: ${message}`);
    },
  };
}

/** Cookies, cross-site checks and the client address better-auth keys its limits on. */
function cookieAndAddressSettings(config: Config): BetterAuthAdvancedOptions {
  return {
    // Cross-site POSTs carrying our cookie are refused; explicit because better-auth
    // relaxes both checks under NODE_ENV=test, and tests must see production behaviour.
    disableOriginCheck: false,
    disableCSRFCheck: false,
    useSecureCookies: config.isProduction,
    defaultCookieAttributes: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction,
      path: '/',
    },
    cookiePrefix: AUTH_COOKIE_PREFIX,
    // The address every limit keys on: resolved once from the socket and TRUSTED_PROXIES
    // by the auth route (src/http/client-address.ts), which always sets this header and
    // drops any copy the client sent. Never X-Forwarded-For as the client wrote it.
    ipAddress: {
      ipAddressHeaders: [CLIENT_ADDRESS_HEADER],
      ipv6Subnet: IPV6_BUCKET_PREFIX,
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type AuthUser = AuthSession['user'];
