import { accountTypeSchema, nameSchema, passwordSchema } from '@tuition/domain';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAdminEndpoint, beforeAdminEndpoint } from '../audit/auth-audit.ts';
import type { Database } from '../db/client.ts';
import { isDatabaseUnreachable } from '../db/connection-errors.ts';
import * as schema from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { checkAdminPluginRequest } from './admin-plugin-rules.ts';
import type { SendPasswordChanged } from './auth-mail-senders.ts';
import { limitMailRequests } from './client-limits.ts';
import {
  clearFailedSignIns,
  recordFailedSignIn,
  signInPause,
  signInPausedMessage,
  type ThrottleStore,
} from './sign-in-throttle.ts';
import { invalidateResetLinks, replaceUnverifiedAccount } from './unverified-sign-up.ts';

/** What the request hooks share: the database, the rate-limit secret, the auth log, the mail. */
export interface AuthHookDeps {
  db: Database;
  secret: string;
  throttle: ThrottleStore;
  log: Logger;
  sendPasswordChanged: SendPasswordChanged;
}

/** The user a successful /change-password answers with. */
type ChangedPasswordAnswer = { user?: { id?: unknown; email?: unknown; name?: string | null } };

/**
 * Before better-auth answers: staff actions through the admin plugin checked, sign-up fields
 * held to the account form's rules, paused sign-ins refused, mail requests limited per address.
 */
export function beforeAuthEndpoint({ db, secret, throttle, log }: AuthHookDeps) {
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
    if (email && ctx.request) await limitMailRequests(db, secret, { path: ctx.path, email });
  });
}

/**
 * After better-auth answered: sign-in failures counted, reset links ended, a changed password
 * told to its owner, staff actions audited.
 */
export function afterAuthEndpoint({ db, throttle, sendPasswordChanged }: AuthHookDeps) {
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
      const changed = (returned as ChangedPasswordAnswer | undefined)?.user;
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

/**
 * A reset by any link ends every other outstanding link, lifts a sign-in pause, and is told to
 * the owner by e-mail (also the set-password link of decision 039's addendum).
 */
export function afterPasswordReset({ db, throttle, sendPasswordChanged }: AuthHookDeps) {
  return async ({ user }: { user: { id: string; email: string; name: string } }) => {
    await invalidateResetLinks(db, user.id);
    await clearFailedSignIns(throttle, user.email);
    await sendPasswordChanged(user, 'reset');
  };
}
