import { formatMonth, formatPounds } from '@tuition/domain';
import type { AuditAction, AuditActorRole } from '@tuition/api-contract';
import {
  formatLondonDate,
  formatTime12h,
  isServiceCode,
  londonWallClockToUtc,
  SERVICES,
  type Weekday,
  weekdayPlural,
} from '@tuition/domain';

/*
 * An audit entry in words (docs/decisions/073): who did what to whom, naming the pupil and the
 * session in London time, as the admin pages, the export and any later reader show it. Never a
 * field name, an id, raw JSON or a UTC instant. Names are read as the records read now, so an
 * anonymised account or pupil reads "Deleted customer" and no erased name comes back.
 */

/** What the trail's ids point at, looked up when the entries are read (audit.ts). */
export interface AuditFacts {
  /** booking id → the pupil's name and the session it was for. */
  bookings: ReadonlyMap<string, { pupilName: string; label: string; startsAt: Date }>;
  /** session id → its course label and start. */
  sessions: ReadonlyMap<string, { label: string; startsAt: Date }>;
  /** weekly class id → its course label, weekday and London start time. */
  classes: ReadonlyMap<string, { label: string; day: Weekday; startTime: string }>;
  /** account id → its name now. */
  users: ReadonlyMap<string, string>;
  /** tutor id → the tutor's name now (docs/decisions/079). */
  tutors: ReadonlyMap<string, string>;
}

export interface AuditEntryFields {
  actorName: string | null;
  actorRole: AuditActorRole;
  subjectUserId: string | null;
  action: AuditAction;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * "Tuesday 3 November 2026, 5:00 PM": a session's start as the site writes it. The words that
 * say which 12 is meant (decision 071) follow a comma, not a bracket, as these sentences put
 * the moment inside brackets of their own ("12:00 PM, midday").
 */
export function londonMoment(instant: Date): string {
  const time = formatTime12h(instant).replace(/ \((.+)\)$/, ', $1');
  return `${formatLondonDate(instant)}, ${time}`;
}

/** The id a `kind:{id}` target names, when it is of that kind. */
export function targetId(target: string, kind: string): string | undefined {
  return target.startsWith(`${kind}:`) ? target.slice(kind.length + 1) : undefined;
}

function byWhom(entry: AuditEntryFields): string {
  switch (entry.actorRole) {
    case 'system':
      return 'by the service';
    case 'customer':
      return 'by the customer';
    case 'tutor':
      return `by ${entry.actorName ?? 'a former tutor'}`;
    case 'admin':
      return `by ${entry.actorName ?? 'a former admin'}`;
  }
}

function instantOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

function word(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const ROLE_WORDS: Record<string, string> = { user: 'customer', admin: 'admin', tutor: 'tutor' };
const ATTENDANCE_WORDS: Record<string, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
};

function personNamed(entry: AuditEntryFields, facts: AuditFacts): string {
  const name = entry.subjectUserId ? facts.users.get(entry.subjectUserId) : undefined;
  return name ?? 'an account no longer kept';
}

const NO_BOOKING = 'a booking no longer kept';

/** "Maya (GCSE Higher, Tuesday 3 November 2026, 5:00 PM)", or a kept-no-more booking. */
function bookingWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const id = targetId(entry.target, 'booking');
  const booking = id ? facts.bookings.get(id) : undefined;
  if (!booking) return NO_BOOKING;
  return `${booking.pupilName} (${booking.label}, ${londonMoment(booking.startsAt)})`;
}

/** "Booking for Maya (…)" as a sentence's subject. */
function bookingSubject(entry: AuditEntryFields, facts: AuditFacts): string {
  const words = bookingWords(entry, facts);
  return words === NO_BOOKING ? 'A booking no longer kept' : `Booking for ${words}`;
}

function rescheduleWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const id = targetId(entry.target, 'booking');
  const booking = id ? facts.bookings.get(id) : undefined;
  const from = instantOf(entry.before?.startsAt) ?? booking?.startsAt;
  const to = instantOf(entry.after?.startsAt);
  const what = booking
    ? `Booking for ${booking.pupilName} (${booking.label})`
    : 'A booking no longer kept';
  const fromWords = from ? ` from ${londonMoment(from)}` : '';
  const toWords = to ? ` to ${londonMoment(to)}` : '';
  return `${what} moved${fromWords}${toWords} ${byWhom(entry)}`;
}

function attendanceWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const now = ATTENDANCE_WORDS[String(entry.after?.attendance)] ?? 'cleared';
  const was = ATTENDANCE_WORDS[String(entry.before?.attendance)];
  const change = was && was !== now ? ` (was ${was})` : '';
  return `Attendance marked ${now}${change} for ${bookingWords(entry, facts)} ${byWhom(entry)}`;
}

/**
 * "KS3, Tuesdays at 6:00 PM" for a `class:` target, "A-Level, Wednesday 1 July 2026, 5:30 PM"
 * for a `session:` one.
 */
function classOrSessionWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const classId = targetId(entry.target, 'class');
  const sessionId = targetId(entry.target, 'session');
  if (classId) {
    const row = facts.classes.get(classId);
    // Any date gives the wall-clock time back; only the time of day is shown.
    const start = row ? londonWallClockToUtc('2026-01-05', row.startTime) : undefined;
    if (row && start) return `${row.label}, ${weekdayPlural(row.day)} at ${formatTime12h(start)}`;
  } else if (sessionId) {
    const row = facts.sessions.get(sessionId);
    return row ? `${row.label}, ${londonMoment(row.startsAt)}` : 'a session no longer kept';
  }
  return 'a class no longer on the timetable';
}

function meetingLinkWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const host = word(entry.after?.host);
  const what = entry.after?.hasLink === true ? `set${host ? ` (${host})` : ''}` : 'removed';
  return `Meeting link for ${classOrSessionWords(entry, facts)} ${what} ${byWhom(entry)}`;
}

const NO_TUTOR = 'a tutor no longer kept';

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A tutor entry's tutor: the target's tutor row, else the subject account (decision 079). */
function tutorNamed(entry: AuditEntryFields, facts: AuditFacts): string {
  const id = targetId(entry.target, 'tutor');
  const byRow = id ? facts.tutors.get(id) : undefined;
  const byAccount = entry.subjectUserId ? facts.users.get(entry.subjectUserId) : undefined;
  return byRow ?? byAccount ?? NO_TUTOR;
}

/** The tutor a `tutorId` value names, or undefined when the value is empty. */
function tutorOf(value: unknown, facts: AuditFacts): string | undefined {
  const id = word(value);
  return id ? (facts.tutors.get(id) ?? NO_TUTOR) : undefined;
}

/**
 * "; 3 pay lines from November 2026 re-priced, £60.00 to £75.00 in all": what a rate change did
 * to the lines of months not yet closed (docs/decisions/113); nothing when none changed.
 */
function repricedWords(entry: AuditEntryFields): string {
  const repriced = entry.after?.repriced as
    | { fromMonth?: unknown; lines?: unknown; beforePence?: unknown; afterPence?: unknown }
    | undefined;
  const lines = Number(repriced?.lines ?? 0);
  if (!repriced || !(lines > 0)) return '';
  const from = word(repriced.fromMonth);
  const month = from ? ` from ${formatMonth(from)}` : '';
  const before = formatPounds(Number(repriced.beforePence ?? 0));
  const after = formatPounds(Number(repriced.afterPence ?? 0));
  const count = lines === 1 ? '1 pay line' : `${lines} pay lines`;
  return `; ${count}${month} re-priced, ${before} to ${after} in all`;
}

function ratesWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const perSession = Number(entry.after?.perSessionPence ?? 0);
  const perPupil = Number(entry.after?.perPupilPence ?? 0);
  const rates = `${formatPounds(perSession)} a session and ${formatPounds(perPupil)} a pupil`;
  return `Pay rates of ${tutorNamed(entry, facts)} set to ${rates} ${byWhom(entry)}${repricedWords(entry)}`;
}

/**
 * "1-to-1 lessons of Mr Patel set to GCSE Foundation and A-Level at £30.00 an hour by Grace
 * Admin", or "… turned off …" when no course is left (docs/decisions/104).
 */
function oneToOneWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const services = Array.isArray(entry.after?.services) ? (entry.after.services as string[]) : [];
  const courses = services.map((code) => (isServiceCode(code) ? SERVICES[code].label : code));
  const rate = formatPounds(Number(entry.after?.ratePencePerHour ?? 0));
  const what =
    courses.length === 0
      ? 'turned off'
      : `set to ${courses.join(', ').replace(/, ([^,]*)$/, ' and $1')} at ${rate} an hour`;
  return `1-to-1 lessons of ${tutorNamed(entry, facts)} ${what} ${byWhom(entry)}${repricedWords(entry)}`;
}

/** A class's lead or a session's cover, set, changed or removed (decision 079). */
function assignWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const what = targetId(entry.target, 'session')
    ? `Cover tutor for ${classOrSessionWords(entry, facts)}`
    : `Lead tutor of ${classOrSessionWords(entry, facts)}`;
  const now = tutorOf(entry.after?.tutorId, facts);
  const was = tutorOf(entry.before?.tutorId, facts);
  if (!now) {
    const wasWords = was ? ` (was ${was})` : '';
    return `${what} removed${wasWords} ${byWhom(entry)}`;
  }
  const change = was && was !== now ? ` (was ${was})` : '';
  return `${what} set to ${now}${change} ${byWhom(entry)}`;
}

/** The first send of a lesson report, or a correction (version above 1, decision 079). */
function reportWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const sent = Number(entry.after?.version ?? 1) > 1 ? 'correction sent' : 'sent';
  return `Lesson report for ${classOrSessionWords(entry, facts)} ${sent} ${byWhom(entry)}`;
}

function roleWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const to = ROLE_WORDS[String(entry.after?.role)] ?? 'another role';
  const from = ROLE_WORDS[String(entry.before?.role)];
  const fromWords = from ? ` from ${from}` : '';
  return `Role of ${personNamed(entry, facts)} changed${fromWords} to ${to} ${byWhom(entry)}`;
}

function deletionWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const cancelled = Number(entry.after?.cancelledBookings ?? 0);
  const bookingsWords =
    cancelled > 0
      ? `; ${cancelled} upcoming ${cancelled === 1 ? 'booking' : 'bookings'} cancelled`
      : '';
  return `Account of ${personNamed(entry, facts)} deleted ${byWhom(entry)}${bookingsWords}`;
}

/** What the family got back when staff cancelled (docs/decisions/077). */
function remedyWords(entry: AuditEntryFields): string {
  const refunded = Number(entry.after?.refundedPence ?? 0);
  const credit = Number(entry.after?.creditReturned ?? 0);
  if (refunded > 0) return `; ${formatPounds(refunded)} refunded to the card`;
  if (credit > 0) return '; a session of credit given back';
  return '';
}

function grantWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const sessions = Number(entry.after?.sessions ?? 0);
  const what = `${sessions} ${sessions === 1 ? 'session' : 'sessions'} of credit`;
  const why = entry.after?.reason ? `: ${String(entry.after.reason)}` : '';
  return `${what} given to ${personNamed(entry, facts)} ${byWhom(entry)}${why}`;
}

/** "10% off", "£5.00 off", "a free session": what a promo code takes off (decision 082). */
function promoDealWords(kind: unknown, value: unknown): string | undefined {
  const amount = Number(value);
  if (kind === 'free-session') return 'a free session';
  if (!Number.isSafeInteger(amount)) return undefined;
  if (kind === 'percent') return `${amount}% off`;
  if (kind === 'fixed') return `${formatPounds(amount)} off`;
  return undefined;
}

const promoCodeOf = (entry: AuditEntryFields) =>
  word(entry.after?.code) ?? word(entry.before?.code) ?? 'a code no longer kept';

function promoCreateWords(entry: AuditEntryFields): string {
  const deal = promoDealWords(entry.after?.kind, entry.after?.value);
  return `Promo code ${promoCodeOf(entry)} created ${byWhom(entry)}${deal ? `: ${deal}` : ''}`;
}

function limitWords(value: unknown, what: string, none: string): string {
  return typeof value === 'number' ? `up to ${value} ${what}` : none;
}

function coursesWords(value: unknown): string {
  if (!Array.isArray(value)) return 'for every course';
  const labels = value.map((code) => (isServiceCode(code) ? SERVICES[code].label : String(code)));
  return `for ${labels.join(', ')}`;
}

/** Each changed field of a promo code in words, in the order an admin's form shows them. */
function promoChangeWords(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: string[] = [];
  const has = (field: string) => field in after;
  if (has('code') && before.code !== after.code) changes.push(`renamed from ${before.code}`);
  if (has('kind') || has('value')) {
    const deal = promoDealWords(after.kind, after.value);
    if (deal) changes.push(`now ${deal}`);
  }
  if (has('active')) changes.push(after.active === true ? 'switched on' : 'switched off');
  if (has('validFrom')) {
    const from = instantOf(after.validFrom);
    changes.push(from ? `usable from ${londonMoment(from)}` : 'no start date');
  }
  if (has('validTo')) {
    const to = instantOf(after.validTo);
    changes.push(to ? `usable until ${londonMoment(to)}` : 'no end date');
  }
  if (has('maxRedemptions')) {
    changes.push(limitWords(after.maxRedemptions, 'uses in all', 'no limit on uses'));
  }
  if (has('perAccountLimit')) {
    changes.push(limitWords(after.perAccountLimit, 'uses per account', 'no limit per account'));
  }
  if (has('firstTimePupilsOnly')) {
    changes.push(after.firstTimePupilsOnly === true ? 'first lessons only' : 'for any lesson');
  }
  if (has('services')) changes.push(coursesWords(after.services));
  return changes;
}

function promoUpdateWords(entry: AuditEntryFields): string {
  const changes = promoChangeWords(entry.before ?? {}, entry.after ?? {});
  const what = changes.length > 0 ? `: ${changes.join('; ')}` : '';
  return `Promo code ${promoCodeOf(entry)} changed ${byWhom(entry)}${what}`;
}

function siblingWords(entry: AuditEntryFields): string {
  const percent = Number(entry.after?.percent ?? 0);
  if (percent === 0) return `Sibling discount turned off ${byWhom(entry)}`;
  return `Sibling discount set to ${percent}% ${byWhom(entry)}`;
}

/** The sentence for one entry. */
export function summariseAuditEntry(entry: AuditEntryFields, facts: AuditFacts): string {
  switch (entry.action) {
    case 'booking.cancel':
      return `${bookingSubject(entry, facts)} cancelled ${byWhom(entry)}${remedyWords(entry)}`;
    case 'booking.reschedule':
      return rescheduleWords(entry, facts);
    case 'attendance.mark':
      return attendanceWords(entry, facts);
    case 'meeting-link.change':
      return meetingLinkWords(entry, facts);
    case 'user.role-change':
      return roleWords(entry, facts);
    case 'user.password-reset':
      return `Password-reset link sent to ${personNamed(entry, facts)} ${byWhom(entry)}`;
    case 'user.password-set':
      return `New password set for ${personNamed(entry, facts)} ${byWhom(entry)}`;
    case 'user.delete':
      return deletionWords(entry, facts);
    case 'user.export':
      return `Data of ${personNamed(entry, facts)} downloaded ${byWhom(entry)}`;
    case 'credit.grant':
      return grantWords(entry, facts);
    case 'tutor.invite':
      return `${capitalised(tutorNamed(entry, facts))} invited as a tutor ${byWhom(entry)}`;
    case 'tutor.deactivate':
      return `${capitalised(tutorNamed(entry, facts))} deactivated as a tutor ${byWhom(entry)}`;
    case 'tutor.rates':
      return ratesWords(entry, facts);
    case 'tutor.one-to-one':
      return oneToOneWords(entry, facts);
    case 'tutor.assign':
      return assignWords(entry, facts);
    case 'report.send':
      return reportWords(entry, facts);
    case 'promo.create':
      return promoCreateWords(entry);
    case 'promo.update':
      return promoUpdateWords(entry);
    case 'discount.sibling':
      return siblingWords(entry);
    case 'room.open':
      return `Lesson room for ${classOrSessionWords(entry, facts)} opened ${byWhom(entry)}`;
    case 'room.end':
      return `Lesson room for ${classOrSessionWords(entry, facts)} ended ${byWhom(entry)}`;
    case 'recording.setting':
      return `Recording ${entry.after?.record === true ? 'turned on' : 'turned off'} for ${classOrSessionWords(entry, facts)} ${byWhom(entry)}`;
    case 'recording.consent':
      return consentWords(entry, facts);
    case 'recording.create':
      return `Recording of ${classOrSessionWords(entry, facts)} made ${byWhom(entry)}`;
    case 'recording.view':
      return `Recording of ${classOrSessionWords(entry, facts)} watched ${byWhom(entry)}`;
    case 'recording.delete':
      return `Recording of ${classOrSessionWords(entry, facts)} deleted ${byWhom(entry)}${reasonWords(entry)}`;
    case 'session.merge':
      return mergeWords(entry, facts);
    case 'class.minimum':
      return minimumWords(entry, facts);
    case 'session.decision':
      return decisionWords(entry, facts);
  }
}

/**
 * "Minimum for GCSE Higher, Tuesdays 5:00 PM set to 4 pupils, decided 48 hours before by Grace
 * Admin", or "… removed …" (docs/decisions/100).
 */
function minimumWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const min = entry.after?.minPupils;
  const hours = Number(entry.after?.decisionHoursBefore ?? 0);
  const what =
    typeof min === 'number' ? `set to ${min} pupils, decided ${hours} hours before` : 'removed';
  return `Minimum for ${classOrSessionWords(entry, facts)} ${what} ${byWhom(entry)}`;
}

/**
 * "GCSE Higher, Tuesday 3 November 2026, 5:00 PM confirmed to run by the service (5 of 4
 * booked)" or "… cancelled: minimum not met …" (docs/decisions/100).
 */
function decisionWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const booked = `${Number(entry.after?.confirmed ?? 0)} of ${Number(entry.after?.minPupils ?? 0)} booked`;
  const what = entry.after?.outcome === 'runs' ? 'confirmed to run' : 'cancelled: minimum not met';
  return `${capitalised(classOrSessionWords(entry, facts))} ${what} ${byWhom(entry)} (${booked})`;
}

/**
 * "GCSE Higher, Tuesday 3 November 2026, 5:00 PM merged into Thursday 5 November 2026, 5:00 PM
 * by Grace Admin (3 pupils moved)": a thin session's families moved (docs/decisions/100).
 */
function mergeWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const into = instantOf(entry.after?.startsAt);
  const moved = Number(entry.after?.moved ?? 0);
  const pupils = `${moved} ${moved === 1 ? 'pupil' : 'pupils'} moved`;
  const intoWords = into ? ` into ${londonMoment(into)}` : '';
  return `${capitalised(classOrSessionWords(entry, facts))} merged${intoWords} ${byWhom(entry)} (${pupils})`;
}

/**
 * "Recording consent given for a pupil of Jane Smith by the customer" (docs/decisions/099). The
 * entry keeps the pupil's id, never their name, so a deleted account leaves no name behind.
 */
function consentWords(entry: AuditEntryFields, facts: AuditFacts): string {
  const what = entry.after?.consent === true ? 'given' : 'withdrawn';
  return `Recording consent ${what} for a pupil of ${personNamed(entry, facts)} ${byWhom(entry)}`;
}

function reasonWords(entry: AuditEntryFields): string {
  const reason = word(entry.after?.reason);
  return reason === 'consent-withdrawn'
    ? ' (a family withdrew consent)'
    : reason === 'retention'
      ? ' (its keeping period ended)'
      : '';
}
