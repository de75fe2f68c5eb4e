import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import type { MailBrand } from '../mail/layout.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import {
  passwordChangedEmail,
  type PasswordChangeWay,
  passwordResetEmail,
  verificationEmail,
} from './auth-emails.ts';
import { verificationMailAllowed } from './client-limits.ts';

/*
 * The account mails better-auth asks us to send (auth.ts), each queued in the outbox and logged
 * by user id, never by address; their words are in auth-emails.ts.
 */

/** What the senders share: the outbox, the brand the mails carry, the site their links open. */
export interface AuthMailDeps {
  db: Database;
  /** Rate-limit keys carry an HMAC of the address under this secret, never the address. */
  secret: string;
  siteUrl: string;
  brand: () => Promise<MailBrand>;
  mail: MailOutbox;
  log: Logger;
  /** The app's clock, for the time a password-changed mail states. */
  clock: Clock;
}

/** The account a mail goes to, as better-auth hands it over. */
interface MailedUser {
  id: string;
  email: string;
  name: string;
}

/** Lets an admin-triggered reset carry the admin's name into the mail better-auth asks us to send. */
const resetRequestedBy = new AsyncLocalStorage<{ adminName: string }>();

/** Runs `fn` (a call to auth.api.requestPasswordReset) so the reset mail names the admin. */
export function asAdminTriggeredReset<T>(adminName: string, fn: () => Promise<T>): Promise<T> {
  return resetRequestedBy.run({ adminName }, fn);
}

/** The reset link, naming the admin when one asked for it (asAdminTriggeredReset). */
export function passwordResetSender({ siteUrl, brand, mail, log }: AuthMailDeps) {
  return async ({ user, token }: { user: MailedUser; token: string }): Promise<void> => {
    const url = `${siteUrl}/reset-password-token?token=${encodeURIComponent(token)}`;
    const adminName = resetRequestedBy.getStore()?.adminName;
    const content = passwordResetEmail(await brand(), {
      name: user.name,
      url,
      requestedByAdmin: adminName,
    });
    await mail.enqueue({ to: user.email, ...content });
    log.info({ userId: user.id, byAdmin: Boolean(adminName) }, 'password reset mail queued');
  };
}

/** The verification link, at most MAIL_PER_ADDRESS_LIMIT an hour to one address. */
export function verificationSender({ db, secret, siteUrl, brand, mail, log }: AuthMailDeps) {
  return async ({ user, token }: { user: MailedUser; token: string }): Promise<void> => {
    if (!(await verificationMailAllowed(db, secret, user.email))) {
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
  };
}

export type SendPasswordChanged = (
  changed: { id: string; email: string; name?: string | null },
  way: PasswordChangeWay,
) => Promise<void>;

/** Tells the owner their password changed; never the password itself (auth-emails.ts). */
export function passwordChangedSender({
  brand,
  mail,
  log,
  clock,
}: AuthMailDeps): SendPasswordChanged {
  return async (changed, way) => {
    const content = passwordChangedEmail(await brand(), {
      name: changed.name,
      changedAt: clock.now(),
      way,
    });
    await mail.enqueue({ to: changed.email, ...content });
    log.info({ userId: changed.id, way }, 'password changed mail queued');
  };
}
