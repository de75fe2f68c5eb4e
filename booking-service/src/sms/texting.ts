import type { ContentLoader } from '@tuition/content';
import {
  fillSmsWording,
  formatCalendarDate,
  formatTime12h,
  londonDate,
  type SmsPlaceholder,
  type SmsWordingKind,
  textSendTime,
  toLondonWallClock,
} from '@tuition/domain';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database, DbExecutor, Transaction } from '../db/client.ts';
import {
  phoneVerifications,
  type SmsKind,
  type SmsStatus,
  smsConsents,
  smsDailyUsage,
  smsMessages,
  smsSettings,
  user,
} from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { textLimitAlertEmail, unreachableNumberEmail } from './text-emails.ts';
import { SMS_STATUS_PATH, SmsRejectedError, type SmsProvider } from './sms-provider.ts';

/*
 * The text outbox (docs/decisions/103). A text is written as one sms_messages row per
 * (message, recipient) in the transaction of the event that causes it, under a unique key, so
 * a retry, a restart or a second instance adds nothing. A sender claims due rows in one
 * statement (pending/held → queued, SKIP LOCKED) before calling the provider, so no row is sent
 * twice; receipts then move it to sent, delivered, undelivered or failed.
 */

export interface TextingDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Pick<Config, 'publicUrl' | 'sms'>;
  mail: MailOutbox;
  sms: SmsProvider;
  logger: Logger;
}

/** The family kinds and their wording in content. */
export const WORDING_OF: Record<SmsKind, SmsWordingKind> = {
  reminders: 'reminder',
  changes: 'change',
  waitingListOffers: 'waitingListOffer',
  lessonReports: 'lessonReport',
};

/** Kinds whose failed text is e-mailed when no e-mail of it went. */
const FALLBACK_KINDS: readonly string[] = ['reminders', 'waitingListOffers'];
/** Failures in a row after which the number is marked unreachable. */
export const UNREACHABLE_AFTER_FAILURES = 3;
/** Rows a sender claims per pass. */
const CLAIM_BATCH = 50;

/** "Tuesday 3 March, 5:00 PM": a session's time as a text writes it (London). */
export function textTime(at: Date): string {
  const day = formatCalendarDate(toLondonWallClock(at).date).replace(/ \d{4}$/, '');
  return `${day}, ${formatTime12h(at)}`;
}

/** The wording and limits content sets for texts. */
export async function textContent(content: Pick<ContentLoader, 'siteSettings'>) {
  const settings = await content.siteSettings();
  return {
    wording: settings.smsWording,
    perAccountDay: settings.smsPerAccountDay,
    business: settings.brandName,
    contactEmail: settings.contactEmail,
    contactPhone: settings.contactPhone,
  };
}

/** An account's texting row, or the defaults when it never touched texting. */
export async function textingStateOf(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ settings: smsSettings, phone: user.phone, email: user.email, name: user.name })
    .from(user)
    .leftJoin(smsSettings, eq(smsSettings.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return undefined;
  const verified =
    row.phone !== null && row.settings !== null && row.settings.verifiedPhone === row.phone;
  return { ...row, verified };
}

/** Whether a family kind may be texted to this account now: verified, chosen, not stopped. */
function mayText(
  state: Awaited<ReturnType<typeof textingStateOf>>,
  kind: SmsKind,
): state is NonNullable<typeof state> & { phone: string } {
  return Boolean(
    state?.verified &&
      state.settings?.[kind] &&
      !state.settings.stoppedAt &&
      !state.settings.unreachableAt,
  );
}

export interface FamilyText {
  userId: string;
  kind: SmsKind;
  /** What the message is about, unique per event: `reminder:<booking>:<kind>` … */
  key: string;
  values: Partial<Record<SmsPlaceholder, string>>;
  /** After this the text is useless (the lesson's start, the offer's end); null: never. */
  uselessAfter: Date | null;
  /** The e-mail to send if the text fails; omit when an e-mail of it went with it. */
  fallbackMail?: OutgoingMail;
}

/**
 * Writes a family's text of `kind` in the caller's transaction, if the account has a verified
 * number and chose that kind: due now, held until their quiet hours end, or recorded `dropped`
 * when it would be useless by then. Answers what was written, or `none`.
 */
export async function queueFamilyText(
  deps: { clock: Clock; content: Pick<ContentLoader, 'siteSettings'> },
  tx: Transaction,
  text: FamilyText,
): Promise<SmsStatus | 'none'> {
  const state = await textingStateOf(tx, text.userId);
  if (!mayText(state, text.kind) || !state.settings) return 'none';
  const now = deps.clock.now();
  const content = await textContent(deps.content);
  const body = fillSmsWording(content.wording[WORDING_OF[text.kind]], {
    business: content.business,
    ...text.values,
  });
  const quiet = { from: state.settings.quietFrom, to: state.settings.quietTo };
  const when = textSendTime(now, quiet, text.uselessAfter);
  const status: SmsStatus = 'dropped' in when ? 'dropped' : when.held ? 'held' : 'pending';
  const [row] = await tx
    .insert(smsMessages)
    .values({
      key: `${text.key}:${state.phone}`,
      userId: text.userId,
      to: state.phone,
      kind: text.kind,
      body,
      status,
      notBefore: 'dropped' in when ? now : when.at,
      uselessAfter: text.uselessAfter,
      fallbackMail: text.fallbackMail ?? null,
      note: status === 'dropped' ? 'quiet hours: no use by the time they end' : null,
      createdAt: now,
      statusAt: now,
    })
    .onConflictDoNothing()
    .returning({ status: smsMessages.status });
  return row?.status ?? 'none';
}

/** A text that is not a family choice (a code, a STOP/HELP answer), written in `db`. */
export async function queueServiceText(
  deps: Pick<TextingDeps, 'clock'>,
  db: DbExecutor,
  text: {
    key: string;
    userId: string | null;
    to: string;
    kind: 'verification' | 'reply';
    body: string;
  },
): Promise<string | undefined> {
  const now = deps.clock.now();
  const [row] = await db
    .insert(smsMessages)
    .values({ ...text, status: 'pending', notBefore: now, createdAt: now, statusAt: now })
    .onConflictDoNothing()
    .returning({ id: smsMessages.id });
  return row?.id;
}

type ClaimedText = typeof smsMessages.$inferSelect;

/**
 * Claims due texts (all, or only `ids`) and sends them: each row moves pending/held → queued in
 * one statement that skips rows another sender holds, so each text goes once however many
 * instances run this. Answers what became of the claimed rows.
 */
export async function sendDueTexts(
  deps: TextingDeps,
  options: { ids?: readonly string[] } = {},
): Promise<Record<string, number>> {
  if (options.ids && options.ids.length === 0) return {};
  const now = deps.clock.now();
  const due = and(
    inArray(smsMessages.status, ['pending', 'held']),
    lte(smsMessages.notBefore, now),
    options.ids ? inArray(smsMessages.id, [...options.ids]) : undefined,
  );
  const claimed = await deps.db.transaction(async (tx) => {
    const ids = await tx
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(due)
      .orderBy(asc(smsMessages.notBefore))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (ids.length === 0) return [];
    return tx
      .update(smsMessages)
      .set({ status: 'queued', statusAt: now })
      .where(
        and(
          inArray(
            smsMessages.id,
            ids.map((r) => r.id),
          ),
          due,
        ),
      )
      .returning();
  });
  const outcomes: Record<string, number> = {};
  for (const row of claimed) {
    const outcome = await sendClaimed(deps, row, now);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

async function settle(db: DbExecutor, id: string, set: Partial<ClaimedText>, now: Date) {
  await db
    .update(smsMessages)
    .set({ ...set, statusAt: now })
    .where(eq(smsMessages.id, id));
}

/** One claimed row: checked once more, counted against the limits, then handed to the provider. */
async function sendClaimed(deps: TextingDeps, row: ClaimedText, now: Date): Promise<string> {
  if (row.uselessAfter && row.uselessAfter <= now) {
    await settle(deps.db, row.id, { status: 'dropped', note: 'too late to be of use' }, now);
    return 'dropped';
  }
  if (isFamilyKind(row.kind) && row.userId) {
    const state = await textingStateOf(deps.db, row.userId);
    if (!mayText(state, row.kind) || state.phone !== row.to) {
      await settle(
        deps.db,
        row.id,
        { status: 'dropped', note: 'texts turned off or number changed' },
        now,
      );
      return 'dropped';
    }
  }
  if (row.kind !== 'reply') {
    const over = await takeDailyAllowance(deps, row.userId, now);
    if (over) {
      await settle(
        deps.db,
        row.id,
        { status: 'limited', note: `daily limit of the ${over} reached` },
        now,
      );
      await afterLimited(deps, row, now);
      return 'limited';
    }
  }
  try {
    const accepted = await deps.sms.send({
      to: row.to,
      body: row.body,
      statusCallback: `${deps.config.publicUrl}${SMS_STATUS_PATH}`,
    });
    await settle(deps.db, row.id, { providerId: accepted.providerId }, now);
    // The number's last digits only: numbers are personal data.
    deps.logger.info({ textId: row.id, kind: row.kind, toEnd: row.to.slice(-3) }, 'text sent');
    return 'sent';
  } catch (error) {
    const errorCode = error instanceof SmsRejectedError ? error.errorCode : 'send-error';
    deps.logger.warn({ textId: row.id, errorCode }, 'text refused by the provider');
    await deps.db.transaction(async (tx) => {
      await settle(tx, row.id, { status: 'failed', errorCode }, now);
      await afterFailure(deps, tx, { ...row, status: 'failed', errorCode }, now);
    });
    return 'failed';
  }
}

const isFamilyKind = (kind: string): kind is SmsKind => kind in WORDING_OF;

/**
 * Counts one text against today's (London) allowance of the account and of the business, in
 * one transaction: answers which limit refused it, or undefined when both had room. Each
 * counter moves in one statement that only adds while under the limit, so two instances never
 * pass it together.
 */
async function takeDailyAllowance(
  deps: TextingDeps,
  userId: string | null,
  now: Date,
): Promise<'account' | 'business' | undefined> {
  const day = londonDate(now);
  const { perAccountDay } = await textContent(deps.content);
  const limits: [string, number, 'account' | 'business'][] = [
    ...(userId
      ? [[`user:${userId}`, perAccountDay, 'account'] as [string, number, 'account']]
      : []),
    ['business', deps.config.sms.dailyLimit, 'business'],
  ];
  try {
    await deps.db.transaction(async (tx) => {
      for (const [scope, limit, name] of limits) {
        const taken =
          limit > 0
            ? await tx
                .insert(smsDailyUsage)
                .values({ scope, day, count: 1 })
                .onConflictDoUpdate({
                  target: [smsDailyUsage.scope, smsDailyUsage.day],
                  set: { count: sql`${smsDailyUsage.count} + 1` },
                  setWhere: sql`${smsDailyUsage.count} < ${limit}`,
                })
                .returning({ count: smsDailyUsage.count })
            : [];
        if (taken.length === 0) throw new OverLimit(name);
      }
    });
    return undefined;
  } catch (error) {
    if (error instanceof OverLimit) return error.limit;
    throw error;
  }
}

class OverLimit extends Error {
  constructor(readonly limit: 'account' | 'business') {
    super(`over the ${limit} limit`);
  }
}

/** A limited text: its e-mail goes instead (if none went), and the admins hear once a day. */
async function afterLimited(deps: TextingDeps, row: ClaimedText, now: Date) {
  await deps.db.transaction(async (tx) => {
    if (row.fallbackMail) await deps.mail.enqueue(row.fallbackMail as OutgoingMail, { tx });
    const [first] = await tx
      .insert(smsDailyUsage)
      .values({ scope: 'alert', day: londonDate(now), count: 1, alertedAt: now })
      .onConflictDoNothing()
      .returning({ day: smsDailyUsage.day });
    if (!first) return;
    const admins = await tx
      .select({ email: user.email })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.emailVerified, true)));
    const brand = await mailBrand(deps);
    const { perAccountDay } = await textContent(deps.content);
    const mail = textLimitAlertEmail(brand, {
      perAccountDay,
      businessDaily: deps.config.sms.dailyLimit,
    });
    for (const admin of admins) await deps.mail.enqueue({ to: admin.email, ...mail }, { tx });
  });
}

const STATUS_RANK: Record<string, number> = {
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
};

/** Twilio's statuses as ours: accepted and sending are still on the way. */
const RECEIPT_STATUS: Record<string, SmsStatus> = {
  accepted: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/**
 * A delivery receipt (already verified): moves the text's status forward only (a late `sent`
 * never undoes `delivered`); a text that failed brings its e-mail fallback and counts towards
 * the number's failures in a row; a delivered one resets them.
 */
export async function recordReceipt(
  deps: TextingDeps,
  receipt: { providerId: string; status: string; errorCode?: string | undefined },
): Promise<'updated' | 'ignored'> {
  const status = RECEIPT_STATUS[receipt.status];
  if (!status) return 'ignored';
  const now = deps.clock.now();
  const lower = Object.keys(STATUS_RANK).filter(
    (s) => (STATUS_RANK[s] ?? 0) < (STATUS_RANK[status] ?? 0),
  ) as SmsStatus[];
  if (lower.length === 0) return 'ignored';
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(smsMessages)
      .set({ status, errorCode: receipt.errorCode ?? null, statusAt: now })
      .where(
        and(eq(smsMessages.providerId, receipt.providerId), inArray(smsMessages.status, lower)),
      )
      .returning();
    if (!row) return 'ignored';
    if (status === 'delivered' && row.userId) {
      await tx
        .update(smsSettings)
        .set({ failuresInRow: 0 })
        .where(and(eq(smsSettings.userId, row.userId), eq(smsSettings.verifiedPhone, row.to)));
    }
    if (status === 'undelivered' || status === 'failed') await afterFailure(deps, tx, row, now);
    return 'updated';
  });
}

/**
 * A text that did not arrive: a reminder's or offer's e-mail goes if none went with it; the
 * number's failures in a row grow, and the third marks it unreachable and tells the family by
 * e-mail, once.
 */
async function afterFailure(deps: TextingDeps, tx: Transaction, row: ClaimedText, now: Date) {
  if (row.fallbackMail && FALLBACK_KINDS.includes(row.kind)) {
    await deps.mail.enqueue(row.fallbackMail as OutgoingMail, { tx });
  }
  if (!row.userId || !isFamilyKind(row.kind)) return;
  const [counted] = await tx
    .update(smsSettings)
    .set({ failuresInRow: sql`${smsSettings.failuresInRow} + 1` })
    .where(and(eq(smsSettings.userId, row.userId), eq(smsSettings.verifiedPhone, row.to)))
    .returning({ failures: smsSettings.failuresInRow });
  if (!counted || counted.failures < UNREACHABLE_AFTER_FAILURES) return;
  const [marked] = await tx
    .update(smsSettings)
    .set({ unreachableAt: now })
    .where(and(eq(smsSettings.userId, row.userId), isNull(smsSettings.unreachableAt)))
    .returning({ userId: smsSettings.userId });
  if (!marked) return;
  const [family] = await tx
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, row.userId));
  if (!family) return;
  const brand = await mailBrand(deps);
  await deps.mail.enqueue(
    { to: family.email, ...unreachableNumberEmail(brand, { name: family.name, phone: row.to }) },
    { tx },
  );
}

/**
 * A number as the admin's page shows it: every digit but the last 3 hidden, the rest kept
 * (docs/decisions/112). Enough to tell numbers apart; the whole number stays in the database.
 */
export function maskedNumber(to: string): string {
  const digits = to.replace(/\D/g, '').length;
  let seen = 0;
  return to.replace(/\d/g, (digit) => (++seen > digits - 3 ? digit : '•'));
}

/**
 * The last texts to an account, newest first, for the admin's user page (an index on user,
 * time): never the body, which may hold a code or a link only its family may use, and the
 * number masked (docs/decisions/112).
 */
export async function lastTextsOf(db: DbExecutor, userId: string, limit = 10) {
  const rows = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .orderBy(sql`${smsMessages.createdAt} desc`, sql`${smsMessages.id} desc`)
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: maskedNumber(row.to),
    status: row.status,
    errorCode: row.errorCode,
    note: row.note,
    at: row.createdAt.toISOString(),
    statusAt: row.statusAt.toISOString(),
  }));
}

/**
 * A deleted account's texting goes with it (docs/decisions/058, 103): its texts, verified
 * number, choices, consent records and codes.
 */
export async function eraseTexting(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(smsMessages).where(eq(smsMessages.userId, userId));
  await tx.delete(smsSettings).where(eq(smsSettings.userId, userId));
  await tx.delete(smsConsents).where(eq(smsConsents.userId, userId));
  await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
}
