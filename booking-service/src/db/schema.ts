import {
  type AccountType,
  type AvailabilityException,
  type AvailabilityWindow,
  BOOKING_STATUSES,
  CHECKOUT_STATUSES,
  type ServiceCode,
  type UserRole,
  type Weekday,
  type YearGroup,
} from '@tuition/domain';
import type {
  AttendanceStatus,
  AuditAction,
  AuditActorRole,
  CreditReason,
  WaitlistStatus,
} from '@tuition/api-contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * better-auth tables. The TypeScript property names equal better-auth's field names
 * (camelCase), so the drizzle adapter needs no field mapping; the SQL columns are snake_case.
 * Includes the admin plugin's fields (role, banned, banReason, banExpires, impersonatedBy)
 * and our own `phone`.
 *
 * Text columns holding one of the domain's lists (role, service, statuses) are typed from those
 * lists, so reads need no casts; the service is the only writer of these values.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').default(false).notNull(),
    image: text('image'),
    phone: text('phone'),
    role: text('role').$type<UserRole>().default('user').notNull(),
    /** parent (the default) or student; set at sign-up (docs/decisions/048). */
    accountType: text('account_type').$type<AccountType>().default('parent').notNull(),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: instant('ban_expires'),
    /**
     * Set when the account was deleted (docs/decisions/058): the row stays, anonymised as
     * "Deleted customer", so its bookings and payments keep their owner until retention purges them.
     */
    deletedAt: instant('deleted_at'),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    // The admin user list's keyset pages, newest first (docs/decisions/075).
    index('user_created_at_id_idx').on(t.createdAt, t.id),
    // Search by any part of a name or address (pg_trgm, docs/decisions/075).
    index('user_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('user_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's database rate-limit storage (rateLimit.storage = 'database'). */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/* Product tables. */

/** One bookable group class at one instant; created on demand from the timetable. */
export const classSessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    service: text('service').$type<ServiceCode>().notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    pricePence: integer('price_pence').notNull(),
    capacity: integer('capacity').default(10).notNull(),
    /** This one session's meeting link, overriding its weekly class's (decision 056). Secret. */
    meetingUrl: text('meeting_url'),
    /**
     * Confirmed seats, kept by a database trigger on bookings so it always equals a recount;
     * the admin figures read it instead of counting history (docs/decisions/075), and every
     * seat count reads it as a session's confirmed seats (seatsTakenSql, docs/decisions/122).
     */
    confirmedCount: integer('confirmed_count').default(0).notNull(),
    /**
     * Set when the business cancelled this one session (docs/decisions/077): nobody can book,
     * join its waiting list or move onto it again, and a payment for it is refunded.
     */
    cancelledAt: instant('cancelled_at'),
    /** The reason staff gave, told to the families. */
    cancelReason: text('cancel_reason'),
    /** Who teaches this one session instead of the class's lead (docs/decisions/079). */
    coverTutorId: uuid('cover_tutor_id').references(() => tutors.id),
    /**
     * How its class's minimum decided it (docs/decisions/100): `runs` or `cancelled`, once,
     * under the session's lock; null while undecided or without a minimum.
     */
    decision: text('decision', { enum: ['runs', 'cancelled'] }),
    decidedAt: instant('decided_at'),
    /** The admin who decided early; null when the clock decided. */
    decidedBy: text('decided_by'),
    /**
     * `group`: a timetable session, one per (service, start). `one-to-one`: a lesson booked
     * from a tutor's free hour (docs/decisions/106), capacity 1, taught by `tutor_id`.
     */
    kind: text('kind', { enum: ['group', 'one-to-one'] })
      .default('group')
      .notNull(),
    /** A 1-to-1 lesson's tutor (their hour); null for a group session (its class's lead). */
    tutorId: uuid('tutor_id').references(() => tutors.id),
    createdAt: instant('created_at').defaultNow().notNull(),
  },
  (t) => [
    // One group session per timetable slot; 1-to-1 lessons of a course can start at the same
    // time as its class, and one row is made per hold of a tutor's hour (docs/decisions/106).
    uniqueIndex('sessions_service_starts_at_key')
      .on(t.service, t.startsAt)
      .where(sql`${t.kind} = 'group'`),
    // A tutor's 1-to-1 lessons in a time range: free slots and the hour's lock check.
    index('sessions_one_to_one_tutor_starts_at_idx')
      .on(t.tutorId, t.startsAt)
      .where(sql`${t.kind} = 'one-to-one'`),
    // The admin session lists' keyset pages by date, and by bookings (docs/decisions/075).
    index('sessions_starts_at_id_idx').on(t.startsAt, t.id),
    // The same pages of 1-to-1 lessons only (docs/decisions/112): rare among group sessions,
    // so a walk of the date index would pass most of history to fill a page.
    index('sessions_one_to_one_starts_at_id_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.kind} = 'one-to-one'`),
    index('sessions_confirmed_count_starts_at_id_idx').on(t.confirmedCount, t.startsAt, t.id),
  ],
);

/**
 * A weekly class: one service's timetable slot (London weekday and start time), created on
 * demand from the CMS timetable like session rows. Holds what the CMS must not: the meeting
 * link (operational and secret, docs/decisions/056).
 */
export const weeklyClasses = pgTable(
  'weekly_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    service: text('service').$type<ServiceCode>().notNull(),
    day: text('day').$type<Weekday>().notNull(),
    /** HH:mm, London wall clock. */
    startTime: text('start_time').notNull(),
    meetingUrl: text('meeting_url'),
    /** The tutor who teaches the class week by week (docs/decisions/079). */
    leadTutorId: uuid('lead_tutor_id').references(() => tutors.id),
    /** The admin records this class's lessons (docs/decisions/099); off by default. */
    recordLessons: boolean('record_lessons').default(false).notNull(),
    /**
     * The fewest confirmed pupils a session of this class runs with (docs/decisions/100); null
     * for none. It governs the sessions whose decision time, decisionHoursBefore hours before
     * the start on London clocks, is after minimumSetAt.
     */
    minPupils: integer('min_pupils'),
    decisionHoursBefore: integer('decision_hours_before').default(48).notNull(),
    minimumSetAt: instant('minimum_set_at'),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [uniqueIndex('weekly_classes_slot_key').on(t.service, t.day, t.startTime)],
);

/**
 * A pupil of an account: who a seat is for (docs/decisions/048). A pupil with bookings or
 * checkout items is archived, never deleted, so history keeps its name.
 */
export const pupils = pgTable(
  'pupils',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** y6…y13; null while unknown (accounts from before pupils, or created on first booking). */
    yearGroup: text('year_group').$type<YearGroup>(),
    email: text('email'),
    consentRecordedAt: instant('consent_recorded_at'),
    /** The privacy policy version (its last-updated date) current when consent was given. */
    consentPolicyVersion: text('consent_policy_version'),
    /**
     * The parent's consent to this pupil's lessons being recorded (docs/decisions/099): when it
     * was given and the wording's version; null while not given or after it was withdrawn.
     */
    recordingConsentAt: instant('recording_consent_at'),
    recordingConsentVersion: text('recording_consent_version'),
    createdAt: instant('created_at').defaultNow().notNull(),
    archivedAt: instant('archived_at'),
  },
  (t) => [
    index('pupils_user_id_idx').on(t.userId),
    index('pupils_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CHECKOUT_STATUSES }).default('pending').notNull(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    /** The provider's payment page, kept so the customer can resume it while the hold lasts. */
    providerUrl: text('provider_url'),
    amountPence: integer('amount_pence').notNull(),
    sessionCount: integer('session_count').notNull(),
    isSpecialOffer: boolean('is_special_offer').default(false).notNull(),
    /** Seats paid with sessions of credit (docs/decisions/077); `amountPence` is the rest. */
    creditUsed: integer('credit_used').default(0).notNull(),
    /** Set when the checkout buys a session pack (the CMS pack id) rather than seats. */
    packId: text('pack_id'),
    /** The pack's name when it was bought, as receipts and payments show it. */
    packName: text('pack_name'),
    /** What the discount took off the card price (docs/decisions/082), and its label. */
    discountPence: integer('discount_pence').default(0).notNull(),
    discountLabel: text('discount_label'),
    expiresAt: instant('expires_at').notNull(),
    /** The provider's payment (Stripe payment intent), known once paid; refunds name it. */
    paymentIntentId: text('payment_intent_id'),
    paidAt: instant('paid_at'),
    /** Set when a payment that arrived after its seats were gone was refunded. */
    refundedAt: instant('refunded_at'),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    index('checkouts_user_id_idx').on(t.userId),
    index('checkouts_provider_session_id_idx').on(t.providerSessionId),
    // Revenue by when it was paid (docs/decisions/075).
    index('checkouts_revenue_paid_at_idx')
      .on(sql`coalesce(${t.paidAt}, ${t.updatedAt})`)
      .where(sql`${t.status} = 'paid' and ${t.refundedAt} is null`),
    // The lapsed-checkout sweep reads only pending holds (docs/decisions/075).
    index('checkouts_pending_expires_at_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const checkoutItems = pgTable(
  'checkout_items',
  {
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id),
    /** Who the seat is for: one item per (session, pupil). */
    pupilId: uuid('pupil_id')
      .notNull()
      .references(() => pupils.id),
    /** True when a session of credit pays for this seat (docs/decisions/077). */
    paidWithCredit: boolean('paid_with_credit').default(false).notNull(),
    /**
     * What the card pays for this seat after any discount (docs/decisions/082); null on seats
     * bought before prices were kept per seat, which seatLinePrices shares out instead.
     */
    pricePence: integer('price_pence'),
    /**
     * A 1-to-1 lesson's recording choice as the parent made it at checkout, copied to the
     * booking when paid (docs/decisions/106); null for a group seat.
     */
    adultNearby: boolean('adult_nearby'),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutId, t.sessionId, t.pupilId] }),
    index('checkout_items_session_id_idx').on(t.sessionId),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id),
    /** Who attends; the account (userId) is who booked and pays. */
    pupilId: uuid('pupil_id')
      .notNull()
      .references(() => pupils.id),
    status: text('status', { enum: BOOKING_STATUSES }).default('confirmed').notNull(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id),
    rescheduledFrom: uuid('rescheduled_from'),
    /**
     * The seat's calendar UID, kept through every reschedule so calendar apps move the event;
     * null means `booking-{id}@tuition-bookings` (the UID of the booking that started the seat).
     */
    calendarUid: text('calendar_uid'),
    /** iCalendar SEQUENCE: one higher after each move, so the newer file wins. */
    calendarSequence: integer('calendar_sequence').default(0).notNull(),
    /** The register's mark for this seat, null while unmarked. */
    attendance: text('attendance').$type<AttendanceStatus>(),
    attendanceMarkedAt: instant('attendance_marked_at'),
    /** The credit lot that paid for this seat, when credit did (docs/decisions/077). */
    creditLotId: uuid('credit_lot_id'),
    /**
     * Until when the family may cancel this seat for credit because the business merged its
     * session into this one (docs/decisions/100); null for any other seat.
     */
    mergeCancelUntil: instant('merge_cancel_until'),
    /**
     * A 1-to-1 lesson's recording choice (docs/decisions/106): true when the parent said an
     * adult will be nearby, so the lesson is not recorded; null for a group seat.
     */
    adultNearby: boolean('adult_nearby'),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    // One confirmed booking per pupil and session (siblings share a session); cancelled and
    // rescheduled rows stay as history.
    uniqueIndex('bookings_one_confirmed_per_pupil_session')
      .on(t.pupilId, t.sessionId)
      .where(sql`${t.status} = 'confirmed'`),
    index('bookings_session_id_idx').on(t.sessionId),
    // Seat counts read confirmed seats only (docs/decisions/075).
    index('bookings_confirmed_session_id_idx')
      .on(t.sessionId)
      .where(sql`${t.status} = 'confirmed'`),
    // A customer's booking lists (/api/me/bookings) read by user.
    index('bookings_user_id_idx').on(t.userId),
    index('bookings_pupil_id_idx').on(t.pupilId),
    // A payment's seats, to price them (refunds, what is still owed: docs/decisions/077).
    index('bookings_checkout_id_idx').on(t.checkoutId),
  ],
);

/**
 * One row per (booking, reminder kind) once that reminder was decided: `sent` (its mail was
 * queued in the same transaction) or `skipped` (its time had passed when the seat was booked,
 * or a later reminder superseded it). The primary key makes "exactly once" hold across
 * instances, retries and restarts (docs/decisions/056).
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    outcome: text('outcome').$type<'sent' | 'skipped'>().notNull(),
    decidedAt: instant('decided_at').defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.kind] })],
);

/**
 * An account's personal calendar feed. The token is never stored: it is an HMAC of `nonce`
 * under the server's secret (so the account page can show it again), and the feed is found by
 * the token's SHA-256. Rotating replaces the nonce, so every earlier address stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: instant('created_at').defaultNow().notNull(),
});

/** Contact-form submissions, kept even when the notification e-mail fails. */
export const enquiries = pgTable('enquiries', {
  id: uuid('id').primaryKey().defaultRandom(),
  parentName: text('parent_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  yearGroup: text('year_group'),
  subject: text('subject'),
  preference: text('preference'),
  message: text('message').notNull(),
  createdAt: instant('created_at').defaultNow().notNull(),
});

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/** The local mailbox (default mail adapter): what would have been sent, shown at /dev/mail. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().default([]).notNull(),
    /**
     * Lower-cased addresses of the people the message names besides its recipient (an enquiry
     * to the business names its sender): a deletion erases by them (docs/decisions/058).
     */
    about: text('about').array().default(sql`'{}'::text[]`).notNull(),
    /**
     * The outbox's key for the message, the same on every attempt: a retry after a crash stores
     * nothing twice, as Resend sends nothing twice for a key it has seen (docs/decisions/096).
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: instant('created_at').defaultNow().notNull(),
  },
  (t) => [
    index('mail_messages_to_idx').on(t.to),
    uniqueIndex('mail_messages_idempotency_key_idx').on(t.idempotencyKey),
    // The data export finds a person's mails by address, whatever its case (docs/decisions/075).
    index('mail_messages_lower_to_idx').on(sql`lower(${t.to})`),
    index('mail_messages_about_idx').using('gin', t.about),
  ],
);

/**
 * One row per message queued on the outbox, written in the same transaction as its job, in
 * both mail modes: who it went to and whom it names, its subject and when. The data export
 * lists a person's mail from here by an index, instead of scanning the mailbox or pg-boss's
 * job table by a JSON field; a deletion erases it with the rest of the person's mail, and
 * retention deletes the rows about someone after 90 days (docs/decisions/076).
 */
export const mailRecipients = pgTable(
  'mail_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The pg-boss job that carries the message; null for rows backfilled from the mailbox. */
    jobId: uuid('job_id'),
    /** The recipient's address, trimmed and lower-cased. */
    recipient: text('recipient').notNull(),
    /** Lower-cased addresses of the people it names besides its recipient (OutgoingMail.about). */
    about: text('about').array().default(sql`'{}'::text[]`).notNull(),
    subject: text('subject').notNull(),
    queuedAt: instant('queued_at').defaultNow().notNull(),
  },
  (t) => [
    index('mail_recipients_recipient_queued_at_idx').on(t.recipient, t.queuedAt),
    index('mail_recipients_about_idx').using('gin', t.about),
    // Retention deletes the rows about someone once 90 days old, in batches.
    index('mail_recipients_about_queued_at_idx')
      .on(t.queuedAt)
      .where(sql`${t.about} <> '{}'::text[]`),
  ],
);

/**
 * One token bucket per outbound provider (`mail:resend`, later a text-message provider), shared
 * by every instance so together they keep the provider's rate (docs/decisions/090). `tokens`
 * goes below zero while senders wait for tokens they have already taken.
 */
export const outboundRate = pgTable('outbound_rate', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  /** When `tokens` was last brought up to date, by the database's clock. */
  refilledAt: instant('refilled_at').notNull(),
});

/**
 * The one scheduler of record (docs/decisions/095): one row per periodic job, naming the
 * occurrence (`tick`, the app clock's time divided by the job's interval) last claimed, by which
 * instance, and until when its lease runs. An instance runs an occurrence only after claiming it
 * here in one statement, so each runs once however many instances there are; an unfinished
 * claim whose lease ran out (its instance died) is claimed again.
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  job: text('job').primaryKey(),
  tick: bigint('tick', { mode: 'number' }).notNull(),
  instance: text('instance').notNull(),
  startedAt: instant('started_at').notNull(),
  leaseUntil: instant('lease_until').notNull(),
  /** Null while the occurrence runs (or its instance died running it). */
  finishedAt: instant('finished_at'),
  /** Why the last occurrence failed, if it did; the next occurrence tries again. */
  lastError: text('last_error'),
  /** Occurrences claimed so far, retries included: what the cluster proofs count. */
  claims: integer('claims').notNull().default(1),
});

/**
 * Revenue per London calendar month (YYYY-MM, by when it was paid), kept by a deferred trigger
 * on checkouts so it always equals a recount of paid, unrefunded checkouts; the dashboard's
 * chart and all-time total read it instead of every payment ever taken (docs/decisions/075).
 * Beside it, the refunds decided that London month (by `requested_at`), kept by a deferred
 * trigger on payment_refunds, so cash received is read from at most one row a month
 * (docs/decisions/114).
 */
export const revenueMonths = pgTable('revenue_months', {
  month: text('month').primaryKey(),
  pence: bigint('pence', { mode: 'number' }).default(0).notNull(),
  refundedPence: bigint('refunded_pence', { mode: 'number' }).default(0).notNull(),
});

/**
 * The summary's two counts that only grow with history (docs/decisions/118): every account row
 * made and not removed, and the confirmed seats of every session (the sum of
 * `sessions.confirmed_count`). Kept by deferred triggers (migration 0029) in 1,024 shards, a
 * row's changes going to the shard of its id, so a transaction that changes many rows (the
 * retention sweep, a seed) spreads them over many rows instead of making one row a long chain
 * of versions; the summary sums the shards. Every figures trigger takes one advisory lock
 * first at commit, so commits that touch shards and revenue months never wait on each other in
 * a cycle.
 */
export const adminFigures = pgTable(
  'admin_figures',
  {
    shard: smallint('shard').primaryKey(),
    accounts: bigint('accounts', { mode: 'number' }).default(0).notNull(),
    bookedSeats: bigint('booked_seats', { mode: 'number' }).default(0).notNull(),
  },
  (t) => [check('admin_figures_shard', sql`${t.shard} between 0 and 1023`)],
);

/** Payment-provider webhook events already handled (idempotency). */
export const processedEvents = pgTable('processed_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').defaultNow().notNull(),
});

/**
 * The audit trail (docs/decisions/058): one row per staff action, and per customer's own cancel
 * or reschedule, written in the action's transaction. Append-only: a trigger (migration 0005)
 * refuses UPDATE and DELETE. No foreign keys, so an entry outlives the accounts it names.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: instant('at').defaultNow().notNull(),
    /** Who acted; null for the service itself (retention, ADMIN_EMAILS). */
    actorId: text('actor_id'),
    actorRole: text('actor_role').$type<AuditActorRole>().notNull(),
    /** Whose data it concerns, when one account's. */
    subjectUserId: text('subject_user_id'),
    action: text('action').$type<AuditAction>().notNull(),
    /** What was acted on, e.g. `booking:{id}`, `session:{id}`, `user:{id}`. */
    target: text('target').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_entries_subject_at_idx').on(t.subjectUserId, t.at),
    index('audit_entries_actor_idx').on(t.actorId),
    // The audit page's keyset paging, newest first (decision 073).
    index('audit_entries_at_id_idx').on(t.at, t.id),
  ],
);

/**
 * An offer from a session's waiting list (docs/decisions/060): the seat(s) of the entries that
 * point at it are held for their account until `expiresAt`, and count as taken for everyone
 * else (sessions/seats.ts). Siblings offered together share one offer.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('waitlist_offers_session_id_idx').on(t.sessionId),
    index('waitlist_offers_user_id_idx').on(t.userId),
  ],
);

/**
 * A place on a session's waiting list, one per pupil (docs/decisions/060). `seq` is the queue
 * order (first come, first served); pupils who joined together share `joinId`. Rows are
 * history once they leave `waiting`/`offered`.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    pupilId: uuid('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    joinId: uuid('join_id').notNull(),
    status: text('status').$type<WaitlistStatus>().default('waiting').notNull(),
    offerId: uuid('offer_id').references(() => waitlistOffers.id),
    joinedAt: instant('joined_at').notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    // One open place per pupil and session; left, lapsed and booked rows stay as history.
    uniqueIndex('waitlist_one_open_entry_per_pupil_session')
      .on(t.pupilId, t.sessionId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_session_status_idx').on(t.sessionId, t.status),
    index('waitlist_entries_user_id_idx').on(t.userId),
    index('waitlist_entries_offer_id_idx').on(t.offerId),
  ],
);

/**
 * One row per account that ever had credit: the fixed row every change of its credit locks
 * first, so concurrent debits of one balance serialise (docs/decisions/077).
 */
export const creditWallets = pgTable('credit_wallets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: instant('created_at').defaultNow().notNull(),
});

/**
 * A lot of credit: a bought pack or a grant. `remaining` always equals the sum of the lot's
 * ledger entries; it is kept on the lot so spending from the lot that expires first reads one
 * row per lot (docs/decisions/077).
 */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What the family sees: the pack's name at purchase, or the grant's. */
    name: text('name').notNull(),
    /** The CMS pack bought; null for a grant. */
    packId: text('pack_id'),
    /** The checkout that paid for the pack. */
    checkoutId: uuid('checkout_id').references(() => checkouts.id),
    sessions: integer('sessions').notNull(),
    remaining: integer('remaining').notNull(),
    /** What was paid for the whole lot; 0 for a grant. */
    pricePaidPence: integer('price_paid_pence').notNull(),
    purchasedAt: instant('purchased_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    index('credit_lots_user_expires_idx').on(t.userId, t.expiresAt),
    // The expiry sweep reads lots with credit left, by when they lapse.
    index('credit_lots_live_expires_idx').on(t.expiresAt).where(sql`${t.remaining} > 0`),
  ],
);

/**
 * The append-only credit ledger: each change of a lot, with why. A seat's `book` entry names
 * the checkout, session and pupil; its `return` names the same, so the net of a seat's entries
 * says whether credit pays for it now (docs/decisions/077).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => creditLots.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason').$type<CreditReason>().notNull(),
    at: instant('at').notNull(),
    checkoutId: uuid('checkout_id'),
    sessionId: uuid('session_id'),
    pupilId: uuid('pupil_id'),
    /** Staff's reason for a grant or a return. */
    note: text('note'),
  },
  (t) => [
    index('credit_ledger_user_at_idx').on(t.userId, t.at),
    index('credit_ledger_checkout_idx').on(t.checkoutId),
  ],
);

/**
 * One row per (lot, days before lapse) once that warning was queued: the primary key makes
 * "e-mailed once" hold across instances and restarts (docs/decisions/077).
 */
export const creditExpiryNotices = pgTable(
  'credit_expiry_notices',
  {
    lotId: uuid('lot_id')
      .notNull()
      .references(() => creditLots.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.daysBefore] })],
);

/**
 * Money given back to a card for part of a payment (docs/decisions/077): a seat the business
 * cancelled, a pack's unused sessions within the cooling-off days. Written in the transaction
 * that decides it, under the checkout's row lock, never beyond what the payment took; sent to
 * the provider after commit (`refundedAt` once the provider took it; retried until then with
 * the row id as the idempotency key).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    /** lesson-cancel: a 1-to-1 lesson cancelled by the family or the business (106). */
    reason: text('reason').$type<'business-cancel' | 'cooling-off' | 'lesson-cancel'>().notNull(),
    bookingId: uuid('booking_id'),
    lotId: uuid('lot_id'),
    requestedAt: instant('requested_at').notNull(),
    refundedAt: instant('refunded_at'),
  },
  (t) => [
    index('payment_refunds_checkout_id_idx').on(t.checkoutId),
    index('payment_refunds_unsent_idx').on(t.requestedAt).where(sql`${t.refundedAt} is null`),
  ],
);

/*
 * Tutors, who teaches what, lesson reports and pay lines (docs/decisions/079).
 */

/**
 * A tutor: an account with the `tutor` role, invited by an admin. Deactivating keeps the row
 * (and every session, report and pay line that names it); sign-in and the tutor pages stop.
 */
export const tutors = pgTable('tutors', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id),
  invitedBy: text('invited_by'),
  invitedAt: instant('invited_at').notNull(),
  deactivatedAt: instant('deactivated_at'),
  /** What a submitted register pays: per session taught, and per pupil present or late. */
  perSessionPence: integer('per_session_pence').default(0).notNull(),
  perPupilPence: integer('per_pupil_pence').default(0).notNull(),
});

/*
 * A tutor's 1-to-1 hours (docs/decisions/104): what they teach 1-to-1 and at what rate (set
 * by an admin), their weekly windows and dated exceptions (set by the tutor), and the busy
 * times read from their private calendar.
 */

/** What a tutor teaches 1-to-1 and their 1-to-1 pay rate; no row = no 1-to-1 lessons. */
export const tutorOneToOneSettings = pgTable('tutor_one_to_one_settings', {
  tutorId: uuid('tutor_id')
    .primaryKey()
    .references(() => tutors.id),
  services: jsonb('services').$type<ServiceCode[]>().default([]).notNull(),
  ratePencePerHour: integer('rate_pence_per_hour').default(0).notNull(),
  updatedAt: instant('updated_at')
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/**
 * The tutor's weekly windows (London wall clock) and dated exceptions, replaced whole on each
 * save. No row, or no windows, means the tutor is unavailable.
 */
export const tutorAvailability = pgTable('tutor_availability', {
  tutorId: uuid('tutor_id')
    .primaryKey()
    .references(() => tutors.id),
  windows: jsonb('windows').$type<AvailabilityWindow[]>().default([]).notNull(),
  exceptions: jsonb('exceptions').$type<AvailabilityException[]>().default([]).notNull(),
  updatedAt: instant('updated_at')
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/**
 * The tutor's private calendar feed. The address is a secret (it reads their whole calendar):
 * never logged, never shown back in full. Read by a scheduled job; only busy times are kept.
 */
export const tutorCalendars = pgTable('tutor_calendars', {
  tutorId: uuid('tutor_id')
    .primaryKey()
    .references(() => tutors.id),
  url: text('url').notNull(),
  lastReadAt: instant('last_read_at'),
  /** Why the last read failed, in words for the tutor; null after a good read. */
  lastError: text('last_error'),
  /** SHA-256 of the last feed read, so an unchanged feed rewrites nothing. */
  contentHash: text('content_hash'),
  updatedAt: instant('updated_at')
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/** A busy time from a tutor's calendar: only when, never what (no title, place or people). */
export const tutorBusyIntervals = pgTable(
  'tutor_busy_intervals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
  },
  (t) => [index('tutor_busy_intervals_tutor_starts_idx').on(t.tutorId, t.startsAt)],
);

/**
 * A session's lesson report. The working copy (topic, homework, resources, staff note) is what
 * the tutor edits; the `sent_` copy is what families were sent and read, replaced on each send
 * (a later send is a correction, marked as such).
 */
export const lessonReports = pgTable('lesson_reports', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => classSessions.id),
  tutorId: uuid('tutor_id')
    .notNull()
    .references(() => tutors.id),
  topic: text('topic').notNull(),
  homework: text('homework').notNull(),
  resources: text('resources'),
  /** Staff only: never sent to a family, never in a family's export. */
  staffNote: text('staff_note'),
  sentTopic: text('sent_topic'),
  sentHomework: text('sent_homework'),
  sentResources: text('sent_resources'),
  sentAt: instant('sent_at'),
  /** Times sent: 0 while a draft, above 1 after a correction. */
  version: integer('version').default(0).notNull(),
  /** Saved since the last send, so families have not read these changes yet. */
  changedSinceSent: boolean('changed_since_sent').default(false).notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/** The tutor's note about one pupil in one lesson: only that pupil's family reads it. */
export const lessonReportNotes = pgTable(
  'lesson_report_notes',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => lessonReports.sessionId, { onDelete: 'cascade' }),
    pupilId: uuid('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    sentNote: text('sent_note'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.pupilId] }),
    index('lesson_report_notes_pupil_id_idx').on(t.pupilId),
  ],
);

/** One per session whose register was submitted: what the business pays its tutor for it. */
export const tutorPayLines = pgTable(
  'tutor_pay_lines',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => classSessions.id),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id),
    role: text('role').$type<'lead' | 'cover'>().notNull(),
    /** The session's start, so a month's lines are one index range. */
    startsAt: instant('starts_at').notNull(),
    pupilsAttended: integer('pupils_attended').notNull(),
    perSessionPence: integer('per_session_pence').notNull(),
    perPupilPence: integer('per_pupil_pence').notNull(),
    amountPence: integer('amount_pence').notNull(),
    submittedAt: instant('submitted_at').notNull(),
  },
  (t) => [index('tutor_pay_lines_tutor_starts_at_idx').on(t.tutorId, t.startsAt)],
);

/**
 * One row per (session, family, cover tutor) once that family was told who covers: the key
 * makes "told once" hold when the same cover is assigned again.
 */
export const coverNotices = pgTable(
  'cover_notices',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId, t.tutorId] })],
);

/** One row per (tutor, London date) once the day's "registers and reports open" mail went. */
export const tutorReminders = pgTable(
  'tutor_reminders',
  {
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id),
    onDate: text('on_date').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tutorId, t.onDate] })],
);

/*
 * Promotions (docs/decisions/082): promo codes are operational data an admin edits; every use
 * is a redemption row, counted under a lock on the code's row in the transaction that takes the
 * seats, and released when that hold lapses or is cancelled.
 */
export const PROMO_KINDS = ['percent', 'fixed', 'free-session'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; customers may type it in any case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    /** Percent (1-100) for `percent`, pence for `fixed`, 0 for `free-session`. */
    value: integer('value').notNull(),
    validFrom: instant('valid_from'),
    validTo: instant('valid_to'),
    maxRedemptions: integer('max_redemptions'),
    perAccountLimit: integer('per_account_limit'),
    firstTimePupilsOnly: boolean('first_time_pupils_only').default(false).notNull(),
    /** Service codes the code is for; null for every course. */
    services: jsonb('services').$type<ServiceCode[] | null>(),
    active: boolean('active').default(true).notNull(),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    // The admin's code list, newest first, a keyset page at a time (docs/decisions/075); read
    // backwards, as the other keyset indexes are.
    index('promo_codes_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export const PROMO_REDEMPTION_STATUSES = ['held', 'redeemed', 'released'] as const;
export type PromoRedemptionStatus = (typeof PROMO_REDEMPTION_STATUSES)[number];

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    /** Null once the account is deleted: the use still counts against the code's limit. */
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The pupils whose seats the code discounted (a free session is once per pupil). */
    pupilIds: jsonb('pupil_ids').$type<string[]>().default([]).notNull(),
    status: text('status', { enum: PROMO_REDEMPTION_STATUSES }).default('held').notNull(),
    discountPence: integer('discount_pence').notNull(),
    createdAt: instant('created_at').defaultNow().notNull(),
    updatedAt: instant('updated_at')
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    index('promo_redemptions_code_idx').on(t.promoCodeId, t.status),
    // A code's uses a page at a time, newest first (docs/decisions/075).
    index('promo_redemptions_code_time_idx').on(t.promoCodeId, t.createdAt, t.id),
    uniqueIndex('promo_redemptions_checkout_key').on(t.checkoutId),
  ],
);

/** Business-wide settings an admin changes without a deploy; one row, id 1. */
export const businessSettings = pgTable('business_settings', {
  id: integer('id').primaryKey().default(1),
  /** Percent off each additional pupil's seat in one session (docs/decisions/080); 0 = off. */
  siblingPercent: integer('sibling_percent').default(0).notNull(),
  updatedAt: instant('updated_at')
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});

/**
 * A pupil's enrolment in a weekly class for a term (docs/decisions/083): the checkout that
 * holds and pays for its seats, with the term's name and price as sold, so editing the term in
 * the CMS never changes what a family bought. Live while its checkout is pending or paid.
 */
export const termEnrolments = pgTable(
  'term_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    pupilId: uuid('pupil_id')
      .notNull()
      .references(() => pupils.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => weeklyClasses.id),
    termId: text('term_id').notNull(),
    termName: text('term_name').notNull(),
    pricePencePerSession: integer('price_pence_per_session').notNull(),
    createdAt: instant('created_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('term_enrolments_checkout_pupil_key').on(t.checkoutId, t.pupilId),
    index('term_enrolments_class_term_idx').on(t.classId, t.termId),
    index('term_enrolments_user_idx').on(t.userId),
  ],
);

/** The re-enrolment invitation, sent once per enrolment and next term. */
export const reenrolmentNotices = pgTable(
  'reenrolment_notices',
  {
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => termEnrolments.id, { onDelete: 'cascade' }),
    nextTermId: text('next_term_id').notNull(),
    sentAt: instant('sent_at').defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.nextTermId] })],
);

/**
 * A session's video room (docs/decisions/098): ensured ahead by a scheduled job, opened by its
 * tutor, ended by the tutor, the session's end or its cancellation. One row per session.
 */
export const sessionRooms = pgTable('session_rooms', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => classSessions.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'local' | 'livekit'>().notNull(),
  roomName: text('room_name').notNull().unique(),
  /** When the provider confirmed the room exists. */
  ensuredAt: instant('ensured_at'),
  ensureAttempts: integer('ensure_attempts').default(0).notNull(),
  /** The provider's last refusal, for the admin; never shown to families. */
  ensureError: text('ensure_error'),
  nextAttemptAt: instant('next_attempt_at'),
  /** Two hours before the start without a room: the standing link is used instead. */
  fallbackAt: instant('fallback_at'),
  openedAt: instant('opened_at'),
  openedByTutorId: uuid('opened_by_tutor_id').references(() => tutors.id),
  endedAt: instant('ended_at'),
  createdAt: instant('created_at').defaultNow().notNull(),
});

/**
 * A recording of a session (docs/decisions/099): made only when every booked pupil's family
 * consented, deleted from storage and here at `deleteAfter` (retention, or consent withdrawn).
 */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    providerRecordingId: text('provider_recording_id').notNull().unique(),
    fileKey: text('file_key').notNull(),
    status: text('status').$type<'recording' | 'ready' | 'failed'>().notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
    bytes: bigint('bytes', { mode: 'number' }),
    deleteAfter: instant('delete_after').notNull(),
    /** Why `deleteAfter` came early: a family withdrew consent; null: the keeping period. */
    deleteReason: text('delete_reason').$type<'consent-withdrawn'>(),
    createdAt: instant('created_at').defaultNow().notNull(),
  },
  (t) => [
    index('recordings_session_id_idx').on(t.sessionId),
    index('recordings_delete_after_idx').on(t.deleteAfter),
    // One running recording per session: two tutors' clicks at once start one (decision 099).
    uniqueIndex('recordings_one_running_key').on(t.sessionId).where(sql`${t.status} = 'recording'`),
  ],
);

/** Every time someone opened a recording's link: the family's "viewed by you 2 times". */
export const recordingViews = pgTable(
  'recording_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    viewerUserId: text('viewer_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    viewerRole: text('viewer_role').$type<'family' | 'tutor' | 'admin'>().notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    viewedAt: instant('viewed_at').notNull(),
  },
  (t) => [
    index('recording_views_recording_viewer_idx').on(t.recordingId, t.viewerUserId),
    index('recording_views_viewer_idx').on(t.viewerUserId),
  ],
);

/**
 * The local room twin's state (docs/decisions/098): the rooms it keeps and who is in them, in
 * Postgres so every instance of a cluster sees the same rooms. Never used with LiveKit.
 */
export const localRooms = pgTable('local_rooms', {
  name: text('name').primaryKey(),
  maxParticipants: integer('max_participants').notNull(),
  createdAt: instant('created_at').notNull(),
  /** Set by endRoom: tokens for the room are refused until it is ensured again. */
  endedAt: instant('ended_at'),
});

export const localRoomMembers = pgTable(
  'local_room_members',
  {
    room: text('room')
      .notNull()
      .references(() => localRooms.name, { onDelete: 'cascade' }),
    identity: text('identity').notNull(),
    name: text('name').notNull(),
    host: boolean('host').notNull(),
    joinedAt: instant('joined_at'),
    /** Last seen (join or poll); a member not seen for a minute is no longer listed. */
    seenAt: instant('seen_at'),
    /** Removed by the service: the identity's token is refused in this room from now on. */
    removedAt: instant('removed_at'),
  },
  (t) => [primaryKey({ columns: [t.room, t.identity] })],
);

/** The local twin's recordings: which room, where the file goes, whether it stopped. */
export const localRecordings = pgTable('local_recordings', {
  id: text('id').primaryKey(),
  room: text('room').notNull(),
  fileKey: text('file_key').notNull(),
  startedAt: instant('started_at').notNull(),
  stoppedAt: instant('stopped_at'),
});

/*
 * Text messages (docs/decisions/103). An account's texting state, the codes that verify its
 * number, the consent records, the outbox of texts (one row per message and recipient), the
 * daily counters behind the cost limits, and the local twin's messages.
 */

/** The text kinds a family chooses one by one; verification codes and replies are not among them. */
export type SmsKind = 'reminders' | 'changes' | 'waitingListOffers' | 'lessonReports';

/** One row per account that ever touched texting: its verified number, choices and state. */
export const smsSettings = pgTable('sms_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The number that was verified; the account's phone is verified while it equals this. */
  verifiedPhone: text('verified_phone'),
  verifiedAt: instant('verified_at'),
  reminders: boolean('reminders').default(false).notNull(),
  changes: boolean('changes').default(false).notNull(),
  waitingListOffers: boolean('waiting_list_offers').default(false).notNull(),
  lessonReports: boolean('lesson_reports').default(false).notNull(),
  /** London wall-clock "HH:MM"; texts due from `quietFrom` until `quietTo` wait. */
  quietFrom: text('quiet_from').default('21:00').notNull(),
  quietTo: text('quiet_to').default('08:00').notNull(),
  /** Set by an inbound STOP: every kind is off; `stoppedKinds` are what START turns back on. */
  stoppedAt: instant('stopped_at'),
  stoppedKinds: jsonb('stopped_kinds').$type<SmsKind[]>().default([]).notNull(),
  /** Undelivered or failed texts since the last delivered one; three mark the number unreachable. */
  failuresInRow: integer('failures_in_row').default(0).notNull(),
  unreachableAt: instant('unreachable_at'),
  updatedAt: instant('updated_at').defaultNow().notNull(),
});

/** Append-only: each time a kind was turned on or off, with the wording the family was shown (PECR). */
export const smsConsents = pgTable(
  'sms_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SmsKind>().notNull(),
    granted: boolean('granted').notNull(),
    /** The explanation shown beside the choice, or how it changed ("reply STOP"). */
    wording: text('wording').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [index('sms_consents_user_at_idx').on(t.userId, t.at)],
);

/** A 6-digit code sent to a number; only its hash is kept. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').default(0).notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when confirmed, or when a newer code replaced it. */
    usedAt: instant('used_at'),
  },
  (t) => [
    index('phone_verifications_user_created_idx').on(t.userId, t.createdAt),
    index('phone_verifications_phone_created_idx').on(t.phone, t.createdAt),
  ],
);

export const SMS_STATUSES = [
  'pending',
  'held',
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'dropped',
  'limited',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/**
 * The text outbox and its history: one row per (message, recipient), written in the event's
 * transaction under a unique `key`, so a retry, a restart or a second instance adds nothing.
 * `pending`/`held` rows wait for `notBefore`; the sender claims each row once
 * (pending → queued) before calling the provider; receipts move it on.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    /** An SmsKind, `verification`, or `reply` (STOP/START/HELP answers). */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<SmsStatus>().notNull(),
    notBefore: instant('not_before').notNull(),
    /** After this the text is useless (the lesson started, the offer lapsed): dropped, not sent. */
    uselessAfter: instant('useless_after'),
    /** The e-mail to send if the text fails and no e-mail of it went (null: one went). */
    fallbackMail: jsonb('fallback_mail'),
    providerId: text('provider_id').unique(),
    errorCode: text('error_code'),
    /** Why it was dropped or limited, in words for the admin's page. */
    note: text('note'),
    createdAt: instant('created_at').notNull(),
    statusAt: instant('status_at').notNull(),
  },
  (t) => [
    index('sms_messages_due_idx').on(t.notBefore).where(sql`${t.status} in ('pending', 'held')`),
    index('sms_messages_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Texts counted per (scope, London day): `business` or `user:<id>`; one admin alert a day. */
export const smsDailyUsage = pgTable(
  'sms_daily_usage',
  {
    scope: text('scope').notNull(),
    day: text('day').notNull(),
    count: integer('count').default(0).notNull(),
    alertedAt: instant('alerted_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] })],
);

/** The local text twin's messages (never used with Twilio), listed at /dev/sms/messages. */
export const localSmsMessages = pgTable(
  'local_sms_messages',
  {
    id: text('id').primaryKey(),
    direction: text('direction').$type<'outbound' | 'inbound'>().notNull(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    at: instant('at').notNull(),
    statusAt: instant('status_at').notNull(),
  },
  (t) => [index('local_sms_messages_to_idx').on(t.to, t.at)],
);
