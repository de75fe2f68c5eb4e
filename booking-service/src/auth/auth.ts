import { AsyncLocalStorage } from 'node:async_hooks';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tuition/domain';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import type { ContentLoader } from '@tuition/content';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import {
  passwordResetEmail,
  RESET_LINK_HOURS,
  VERIFICATION_LINK_HOURS,
  verificationEmail,
} from '../mail/templates.ts';
import { isAdminEmail } from './admin-roles.ts';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * Per-IP limits on the endpoints that send e-mail: a stranger must not be able to make us
 * mail-bomb an inbox. The hour-long window also keeps better-auth's pruning of `rate_limit`
 * rows from cutting shorter windows stored in the same table (the contact form's, see
 * docs/decisions/019).
 */
export const MAIL_SENDING_RATE_LIMIT = { window: 60 * 60, max: 5 } as const;

export interface AuthOptions {
  config: Config;
  db: Database;
  mail: MailOutbox;
  content: ContentLoader;
  logger: Logger;
}

/** Lets an admin-triggered reset carry the admin's name into the mail better-auth asks us to send. */
const resetRequestedBy = new AsyncLocalStorage<{ adminName: string }>();

/** Runs `fn` (a call to auth.api.requestPasswordReset) so the reset mail names the admin. */
export function asAdminTriggeredReset<T>(adminName: string, fn: () => Promise<T>): Promise<T> {
  return resetRequestedBy.run({ adminName }, fn);
}

export function createAuth(options: AuthOptions) {
  const { config, db, mail } = options;
  const siteUrl = config.publicUrl;
  const log = options.logger.child({ component: 'auth' });
  const brand = () => mailBrand({ content: options.content, config });

  return betterAuth({
    appName: 'booking-service',
    baseURL: siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.auth.secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    telemetry: { enabled: false },
    // better-auth's own messages go to our pino logger (JSON, redaction, LOG_LEVEL), not stderr.
    // Only the message and any Error: the extra arguments can hold request data.
    logger: {
      level: 'info',
      log(level, message, ...args) {
        const err = args.find((arg) => arg instanceof Error);
        log[level]({ ...(err ? { err } : {}) }, `better-auth: ${message}`);
      },
    },
    trustedOrigins: config.trustedOrigins,
    user: {
      additionalFields: {
        // Set through PATCH /api/me (with the shared phone rule), never at sign-up.
        phone: { type: 'string', required: false, input: false },
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
      async sendResetPassword({ user, token }) {
        const url = `${siteUrl}/reset-password-token?token=${encodeURIComponent(token)}`;
        const adminName = resetRequestedBy.getStore()?.adminName;
        const content = passwordResetEmail(await brand(), {
          name: user.name,
          url,
          requestedByAdmin: adminName,
        });
        await mail.enqueue({ to: user.email, ...content });
        log.info({ userId: user.id, byAdmin: Boolean(adminName) }, 'password reset mail queued');
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A second chance for someone whose first link expired: signing in sends a fresh one.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
      async sendVerificationEmail({ user, token }) {
        // The site's page calls GET /api/auth/verify-email?token=… and shows the outcome.
        const url = `${siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await mail.enqueue({
          to: user.email,
          ...verificationEmail(await brand(), { name: user.name, url }),
        });
        log.info({ userId: user.id }, 'verification mail queued');
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            // ADMIN_EMAILS accounts are admins from the moment they sign up.
            if (isAdminEmail(config.auth.adminEmails, user.email)) {
              return { data: { ...user, role: 'admin' } };
            }
            return { data: user };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      // Shared by every instance of the service, unlike the in-memory default.
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/request-password-reset': MAIL_SENDING_RATE_LIMIT,
        '/send-verification-email': MAIL_SENDING_RATE_LIMIT,
      },
    },
    advanced: {
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
      cookiePrefix: 'tuition',
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type AuthUser = AuthSession['user'];
