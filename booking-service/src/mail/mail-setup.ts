import type { ContentLoader } from '@tuition/content';
import type { Config } from '../config/env.ts';
import type { Database, DbHandle } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import type { MailBrand } from './layout.ts';
import { LocalMailboxMailer } from './local-mailbox.ts';
import type { Mailer } from './mailer.ts';
import { OutboundRate, type OutboundRateLimit } from './outbound-rate.ts';
import { MailOutbox } from './outbox.ts';
import { RESEND_REQUESTS_PER_SECOND, ResendMailer } from './resend-mailer.ts';

/** Resend when RESEND_API_KEY is set, otherwise the local mailbox (config refuses that in production). */
export function mailerFromConfig(config: Config, db: Database): Mailer {
  return config.resend
    ? new ResendMailer({ apiKey: config.resend.apiKey, from: config.mailFrom })
    : new LocalMailboxMailer(db);
}

/**
 * The rate mail leaves at, all instances together (docs/decisions/090): MAIL_RATE_PER_SECOND,
 * else Resend's default limit for Resend; the local mailbox has no provider to protect, so it
 * is limited only when MAIL_RATE_PER_SECOND asks. One bucket per provider, sends spaced evenly.
 */
export function mailRateLimit(
  config: Pick<Config, 'mailRatePerSecond'>,
  mailer: Pick<Mailer, 'kind'>,
): OutboundRateLimit | undefined {
  const perSecond =
    config.mailRatePerSecond ?? (mailer.kind === 'resend' ? RESEND_REQUESTS_PER_SECOND : undefined);
  return perSecond === undefined ? undefined : { key: `mail:${mailer.kind}`, perSecond, burst: 1 };
}

/** Builds the outbox the features enqueue mail on (server.ts and the test harness). */
export function createMailOutbox(options: {
  config: Config;
  dbHandle: DbHandle;
  /** Where pg-boss works the queue (openJobQueueDb); default the app's handle. */
  queueHandle?: DbHandle;
  logger: Logger;
  /** Replaces the configured mailer (tests inject failing ones). */
  mailer?: Mailer;
  maintenance?: boolean;
  pollingIntervalSeconds?: number;
}): Promise<MailOutbox> {
  const mailer = options.mailer ?? mailerFromConfig(options.config, options.dbHandle.db);
  const rate = mailRateLimit(options.config, mailer);
  return MailOutbox.start({
    dbHandle: options.dbHandle,
    ...(options.queueHandle ? { queueHandle: options.queueHandle } : {}),
    mailer,
    logger: options.logger.child({ component: 'mail' }),
    ...(rate ? { rate: new OutboundRate(options.dbHandle.db, rate) } : {}),
    ...(options.maintenance !== undefined ? { maintenance: options.maintenance } : {}),
    ...(options.pollingIntervalSeconds !== undefined
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
  });
}

/** Starts delivering queued mail in the background (server.ts). */
export function startMailWorker(deps: { mail: MailOutbox }): Promise<void> {
  return deps.mail.startWorker();
}

/** Stops the worker and pg-boss; call before closing the database. */
export async function stopMailWorker(deps: { mail: MailOutbox }): Promise<void> {
  await deps.mail.stopWorker();
  await deps.mail.stop();
}

/**
 * Delivers everything queued, now, in one pass (tests). `includeDelayed` also tries messages
 * waiting out a retry delay, so a retry can be exercised without waiting.
 */
export function deliverPendingMail(
  deps: { mail: MailOutbox },
  options: { includeDelayed?: boolean } = {},
): Promise<{ delivered: number; failed: number }> {
  return deps.mail.deliverPending(options);
}

/** The brand every mail carries, from the CMS site settings (cached by the content loader). */
export async function mailBrand(deps: {
  content: Pick<ContentLoader, 'siteSettings'>;
  config: Pick<Config, 'publicUrl'>;
}): Promise<MailBrand> {
  const settings = await deps.content.siteSettings();
  return {
    name: settings.brandName,
    siteUrl: deps.config.publicUrl,
    contactEmail: settings.contactEmail,
    ...(settings.contactPhone ? { contactPhone: settings.contactPhone } : {}),
  };
}
