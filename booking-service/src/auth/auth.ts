import { AsyncLocalStorage } from 'node:async_hooks';
import {
  accountTypeSchema,
  nameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
} from '@tuition/domain';
import {
  type AuthContext,
  type BetterAuthAdvancedOptions,
  type BetterAuthOptions,
  type BetterAuthRateLimitOptions,
  betterAuth,
} from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import type { ContentLoader } from '@tuition/content';
import type { Config } from '../config/env.ts';
import {
  betterAuthRateLimitKey,
  consumeRateLimit,
  RATE_LIMIT_SCOPES,
  rateLimitKey,
} from '../http/rate-limit.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { isDatabaseUnreachable } from '../db/connection-errors.ts';
import { CLIENT_ADDRESS_HEADER, IPV6_BUCKET_PREFIX } from '../http/client-address.ts';
import type { Logger } from '../logging/logger.ts';
import type { MailBrand } from '../mail/layout.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { type Clock, clockFromConfig } from '../clock.ts';
import {
  passwordChangedEmail,
  type PasswordChangeWay,
  passwordResetEmail,
  RESET_LINK_HOURS,
  VERIFICATION_LINK_HOURS,
  verificationEmail,
} from './auth-emails.ts';
import { checkAdminPluginRequest } from './admin-plugin-rules.ts';
import { isAdminEmail } from './admin-roles.ts';
import {
  afterAdminEndpoint,
  beforeAdminEndpoint,
  recordSystemRoleGrant,
} from '../audit/auth-audit.ts';
import {
  clearFailedSignIns,
  recordFailedSignIn,
  signInPause,
  signInPausedMessage,
  type ThrottleStore,
} from './sign-in-throttle.ts';
import {
  invalidateResetLinks,
  replaceUnverifiedAccount,
  takeContestedMark,
} from './unverified-sign-up.ts';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * Per-IP limits on the endpoints that send e-mail: a stranger must not be able to make us
 * mail-bomb an inbox. No limit looks back further than an hour: the retention job removes
 * `rate_limit` rows idle for longer (LONGEST_RATE_LIMIT_WINDOW_SECONDS).
 */
export const MAIL_SENDING_RATE_LIMIT = { window: 60 * 60, max: 5 } as const;

/**
 * The same limit per e-mail address, so a stranger changing client addresses still cannot
 * fill one inbox: requests to the mail-sending endpoints answer 429 beyond it (counted for
 * every address typed, so the answer says nothing about which accounts exist), and
 * verification mails (also sent on sign-up and on a sign-in before verification) stop being
 * sent beyond it.
 */
export const MAIL_PER_ADDRESS_LIMIT = MAIL_SENDING_RATE_LIMIT;

/** Endpoints whose requests send mail to the address in the body. */
const MAIL_REQUEST_PATHS = new Set(['/request-password-reset', '/send-verification-email']);

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

/** Lets an admin-triggered reset carry the admin's name into the mail better-auth asks us to send. */
const resetRequestedBy = new AsyncLocalStorage<{ adminName: string }>();

/** Runs `fn` (a call to auth.api.requestPasswordReset) so the reset mail names the admin. */
export function asAdminTriggeredReset<T>(adminName: string, fn: () => Promise<T>): Promise<T> {
  return resetRequestedBy.run({ adminName }, fn);
}

export function createAuth(options: AuthOptions) {
  const { config, db, mail } = options;
  const secret = config.auth.secret;
  // Rate-limit keys carry an HMAC of the address under this secret, never the address.
  const throttle = { db, secret };
  const siteUrl = config.publicUrl;
  const log = options.logger.child({ component: 'auth' });
  const brand = () => mailBrand({ content: options.content, config });
  const clock = options.clock ?? clockFromConfig(config);
  const sendPasswordChanged = passwordChangedSender({ brand, mail, log, clock });
  const hookDeps: AuthHookDeps = { db, secret, throttle, log, sendPasswordChanged };

  const auth = betterAuth({
    appName: 'booking-service',
    baseURL: siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.auth.secret,
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
        // against the domain's list in the sign-up hook below (docs/decisions/048).
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
      // A reset by any link ends every other outstanding link, lifts a sign-in pause, and is
      // told to the owner by e-mail (also the set-password link of decision 039's addendum).
      async onPasswordReset({ user }) {
        await invalidateResetLinks(db, user.id);
        await clearFailedSignIns(throttle, user.email);
        await sendPasswordChanged(user, 'reset');
      },
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
        const budget = await consumeRateLimit(
          db,
          rateLimitKey(secret, RATE_LIMIT_SCOPES.verificationMail, user.email),
          MAIL_PER_ADDRESS_LIMIT,
        );
        if (!budget.allowed) {
          log.info({ userId: user.id }, 'verification mail not sent: hourly limit for the address');
          return;
        }
        // The site's page calls GET /api/auth/verify-email?token=… and shows the outcome.
        const url = `${siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await mail.enqueue({
          to: user.email,
          ...verificationEmail(await brand(), { name: user.name, url }),
        });
        log.info({ userId: user.id }, 'verification mail queued');
      },
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
    hooks: {
      before: beforeAuthEndpoint(hookDeps),
      after: afterAuthEndpoint(hookDeps),
    },
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

/** Tells the owner their password changed; never the password itself (auth-emails.ts). */
function passwordChangedSender(deps: {
  brand: () => Promise<MailBrand>;
  mail: MailOutbox;
  log: Logger;
  clock: Clock;
}): SendPasswordChanged {
  return async (changed, way) => {
    const content = passwordChangedEmail(await deps.brand(), {
      name: changed.name,
      changedAt: deps.clock.now(),
      way,
    });
    await deps.mail.enqueue({ to: changed.email, ...content });
    deps.log.info({ userId: changed.id, way }, 'password changed mail queued');
  };
}

/** What settling a just-verified address needs (afterEmailVerification). */
interface VerifiedAddressDeps {
  db: Database;
  adminEmails: readonly string[];
  log: Logger;
  authContext: () => Promise<Pick<AuthContext, 'internalAdapter'>>;
  sendPasswordReset: (email: string) => Promise<unknown>;
}

/**
 * Once an address is verified: ADMIN_EMAILS grants admin only to an address its owner has proved
 * they read. If more than one sign-up used the address, or it becomes an admin, the password may
 * be a stranger's (the owner clicks whatever link arrives), so none is kept and the owner, who
 * just proved they read this inbox, chooses one (docs/decisions/039 and its addendum).
 */
async function settleVerifiedAddress(
  { db, adminEmails, log, authContext, sendPasswordReset }: VerifiedAddressDeps,
  user: { id: string; email: string },
): Promise<void> {
  const ctx = await authContext();
  const adminAddress = isAdminEmail(adminEmails, user.email);
  if (adminAddress) {
    const before = (user as { role?: string }).role ?? 'user';
    await ctx.internalAdapter.updateUser(user.id, { role: 'admin' });
    await recordSystemRoleGrant(db, { userId: user.id, before });
    log.info({ userId: user.id }, 'ADMIN_EMAILS address verified: admin role granted');
  }
  const contested = await takeContestedMark(ctx, user.email);
  if (contested || adminAddress) {
    await ctx.internalAdapter.deleteAccounts(user.id);
    await sendPasswordReset(user.email);
    log.info({ userId: user.id, contested }, 'verified: the owner must choose a password');
  }
}

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

/** better-auth's per-client limits, stored in the shared database table. */
function sharedRateLimits(db: Database, secret: string): BetterAuthRateLimitOptions {
  return {
    enabled: true,
    // Shared by every instance of the service, unlike the in-memory default: the same table,
    // but each client's IP kept as its HMAC (better-auth's own storage wrote it in the clear).
    storage: 'database',
    customStorage: {
      consume: (key, rule) => consumeRateLimit(db, betterAuthRateLimitKey(secret, key), rule),
    },
    window: 60,
    max: 100,
    customRules: {
      '/request-password-reset': MAIL_SENDING_RATE_LIMIT,
      '/send-verification-email': MAIL_SENDING_RATE_LIMIT,
      // Every page load reads the session (several islands each); a family, or a school
      // behind one address, must never meet a 429 for that. It only reads a cookie.
      '/get-session': false,
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

type SendPasswordChanged = (
  changed: { id: string; email: string; name?: string | null },
  way: PasswordChangeWay,
) => Promise<void>;

/** What the request hooks share: the database, the rate-limit secret, the auth log, the mail. */
interface AuthHookDeps {
  db: Database;
  secret: string;
  throttle: ThrottleStore;
  log: Logger;
  sendPasswordChanged: SendPasswordChanged;
}

/**
 * Before better-auth answers: staff actions through the admin plugin checked, sign-up fields
 * held to the account form's rules, paused sign-ins refused, mail requests limited per address.
 */
function beforeAuthEndpoint({ db, secret, throttle, log }: AuthHookDeps) {
  return createAuthMiddleware(async (ctx) => {
    // Staff actions through the admin plugin: the product's rules (roles, session tokens),
    // remove-user refused, role changes audited.
    if (ctx.path.startsWith('/admin/')) {
      await checkAdminPluginRequest(db, ctx);
      await beforeAdminEndpoint(db, ctx);
    }
    const email = typeof ctx.body?.email === 'string' ? ctx.body.email.toLowerCase() : null;
    if (ctx.path === '/sign-up/email') {
      // The account form's rule (and length cap) for names, as a clear 400.
      const name = nameSchema.safeParse(ctx.body?.name);
      if (!name.success) {
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_NAME',
          message: name.error.issues[0]?.message ?? 'Name is invalid.',
          errors: [{ field: 'name', message: name.error.issues[0]?.message }],
        });
      }
      const accountType = accountTypeSchema.optional().safeParse(ctx.body?.accountType);
      if (!accountType.success) {
        const message = accountType.error.issues[0]?.message ?? 'Account type is invalid.';
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_ACCOUNT_TYPE',
          message,
          errors: [{ field: 'accountType', message }],
        });
      }
      // A sign-up better-auth will refuse anyway must not remove the pending account.
      if (email && passwordSchema.safeParse(ctx.body?.password).success) {
        const earlier = await replaceUnverifiedAccount(ctx.context, db, email);
        if (earlier === 'replaced') log.info('sign-up replaced an unverified account');
        if (earlier === 'kept-with-bookings')
          log.warn('sign-up of an unverified address that holds bookings: account kept');
      }
      return {
        context: {
          body: { ...ctx.body, name: name.data, accountType: accountType.data ?? 'parent' },
        },
      };
    }
    if (ctx.path === '/sign-in/email' && email) {
      const pause = await signInPause(throttle, email);
      if (pause !== null) {
        throw new APIError(
          'TOO_MANY_REQUESTS',
          { code: 'SIGN_IN_PAUSED', message: signInPausedMessage(pause) },
          { 'Retry-After': String(pause) },
        );
      }
    }
    // Only requests from outside: an admin's reset for a customer is not a stranger's.
    if (MAIL_REQUEST_PATHS.has(ctx.path) && email && ctx.request) {
      const decision = await consumeRateLimit(
        db,
        rateLimitKey(secret, `${RATE_LIMIT_SCOPES.authMail}:${ctx.path}`, email),
        MAIL_PER_ADDRESS_LIMIT,
      );
      if (!decision.allowed) {
        const wait = decision.retryAfter ?? MAIL_PER_ADDRESS_LIMIT.window;
        throw new APIError(
          'TOO_MANY_REQUESTS',
          {
            code: 'TOO_MANY_MAILS',
            message:
              'Several e-mails have been sent to this address recently. Please check your inbox or try again later.',
          },
          { 'Retry-After': String(wait) },
        );
      }
    }
  });
}

/**
 * After better-auth answered: sign-in failures counted, reset links ended, a changed password
 * told to its owner, staff actions audited.
 */
function afterAuthEndpoint({ db, throttle, sendPasswordChanged }: AuthHookDeps) {
  return createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    // better-auth turns a failure inside some endpoints (get-session) into its own 500, the
    // real error kept as the cause: an outage goes on to the app's handler, which answers 503
    // with Retry-After like every other route (app.ts, db/connection-errors.ts).
    if (failed && returned.statusCode >= 500 && isDatabaseUnreachable(returned)) {
      throw new Error('database unreachable inside better-auth', { cause: returned });
    }
    if (ctx.path === '/sign-in/email' && typeof ctx.body?.email === 'string') {
      if (failed && returned.statusCode === 401) {
        await recordFailedSignIn(throttle, ctx.body.email);
      } else if (!failed) await clearFailedSignIns(throttle, ctx.body.email);
      return;
    }
    if (failed) return;
    // A changed password ends every outstanding reset link and is told to the owner (a reset
    // does both in onPasswordReset). Only a success gets here: a wrong current password is an
    // APIError above, and sends nothing.
    if (ctx.path === '/change-password') {
      const changed = (returned as { user?: Partial<AuthUser> } | undefined)?.user;
      if (typeof changed?.id === 'string') {
        await invalidateResetLinks(db, changed.id);
        if (typeof changed.email === 'string') {
          await sendPasswordChanged(
            { id: changed.id, email: changed.email, name: changed.name ?? null },
            'changed',
          );
        }
      }
    }
    if (ctx.path === '/admin/set-user-password' && typeof ctx.body?.userId === 'string') {
      await invalidateResetLinks(db, ctx.body.userId);
      const [target] = await db
        .select({ id: schema.user.id, email: schema.user.email, name: schema.user.name })
        .from(schema.user)
        .where(eq(schema.user.id, ctx.body.userId));
      if (target) await sendPasswordChanged(target, 'set-by-admin');
    }
    if (ctx.path.startsWith('/admin/')) await afterAdminEndpoint(db, ctx);
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type AuthUser = AuthSession['user'];
