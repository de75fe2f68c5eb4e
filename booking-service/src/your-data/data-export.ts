import type { AuditAction, AuditActorRole, DataExport } from '@tuition/api-contract';
import { and, asc, eq, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Clock } from '../clock.ts';
import type { DbExecutor } from '../db/client.ts';
import {
  auditEntries,
  bookings,
  checkouts,
  classSessions,
  creditLedger,
  creditLots,
  enquiries,
  lessonReportNotes,
  lessonReports,
  paymentRefunds,
  pupils,
  recordings,
  recordingViews,
  tutors,
  user,
  waitlistEntries,
  promoCodes,
  promoRedemptions,
  termEnrolments,
} from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';
import { selectBookingRows } from '../sessions/booking-rows.ts';
import { mailSentTo } from './mail-bodies.ts';

/*
 * Everything held on one account (docs/decisions/058): profile, pupils and their consents, bookings
 * with their status history (from the audit trail), payments and refunds, waiting-list places,
 * enquiries sent from the account's address and the mail sent to it (dates and subjects), and
 * the lesson reports its pupils were sent, each with the note about that pupil only (decision
 * 079).
 * Only rows owned by the account, or addressed to its own address, are read: a pupil's address
 * is whatever a parent typed, never verified, so it must not reach another person's mail
 * (decision 048, addendum).
 */

export interface DataExportDeps {
  db: DbExecutor;
  clock: Clock;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The export document of one live account; 404 for an unknown or deleted one. */
export async function buildDataExport(deps: DataExportDeps, userId: string): Promise<DataExport> {
  const db = deps.db;
  const [profile] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!profile) throw new NotFoundError('User profile not found.');

  const pupilRows = await db
    .select()
    .from(pupils)
    .where(eq(pupils.userId, userId))
    .orderBy(asc(pupils.createdAt));
  const accountBookings = await exportedBookings(db, userId);
  const reports = await exportedLessonReports(db, userId);
  const payments = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(asc(checkouts.createdAt));
  const enquiryRows = await db
    .select()
    .from(enquiries)
    .where(eq(sql`lower(${enquiries.email})`, profile.email.toLowerCase()))
    .orderBy(asc(enquiries.createdAt));
  const mail = await mailSentTo(db, [profile.email]);
  const places = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.userId, userId))
    .orderBy(asc(waitlistEntries.joinedAt));
  const termsAndCodes = await exportedTermsAndCodes(db, userId);
  const views = await exportedRecordingViews(db, userId);
  const [lots, ledger, partRefunds] = await Promise.all([
    db
      .select()
      .from(creditLots)
      .where(eq(creditLots.userId, userId))
      .orderBy(asc(creditLots.purchasedAt)),
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(asc(creditLedger.at)),
    db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.userId, userId))
      .orderBy(asc(paymentRefunds.requestedAt)),
  ]);

  return {
    exportedAt: deps.clock.now().toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      accountType: profile.accountType,
      role: profile.role,
      emailVerified: profile.emailVerified,
      createdAt: profile.createdAt.toISOString(),
    },
    pupils: pupilRows.map((pupil) => ({
      id: pupil.id,
      name: pupil.name,
      yearGroup: pupil.yearGroup,
      email: pupil.email,
      consentRecordedAt: iso(pupil.consentRecordedAt),
      consentPolicyVersion: pupil.consentPolicyVersion,
      recordingConsentAt: iso(pupil.recordingConsentAt),
      recordingConsentVersion: pupil.recordingConsentVersion,
      createdAt: pupil.createdAt.toISOString(),
      archivedAt: iso(pupil.archivedAt),
    })),
    bookings: accountBookings,
    ...paymentsAndRefunds(payments, partRefunds),
    waitingList: places.map((place) => ({
      sessionId: place.sessionId,
      pupilId: place.pupilId,
      status: place.status,
      createdAt: place.joinedAt.toISOString(),
    })),
    recordingViews: views,
    credit: creditOf(lots, ledger),
    ...termsAndCodes,
    lessonReports: reports,
    enquiries: enquiryRows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      parentName: row.parentName,
      email: row.email,
      phone: row.phone,
      yearGroup: row.yearGroup,
      subject: row.subject,
      preference: row.preference,
      message: row.message,
    })),
    emails: mail.map((m) => ({ sentAt: m.sentAt.toISOString(), to: m.to, subject: m.subject })),
  };
}

/** Each time the account opened a lesson recording (docs/decisions/099). */
async function exportedRecordingViews(db: DbExecutor, userId: string) {
  const rows = await db
    .select({ sessionId: recordings.sessionId, viewedAt: recordingViews.viewedAt })
    .from(recordingViews)
    .innerJoin(recordings, eq(recordings.id, recordingViews.recordingId))
    .where(eq(recordingViews.viewerUserId, userId))
    .orderBy(asc(recordingViews.viewedAt));
  return rows.map((row) => ({ sessionId: row.sessionId, viewedAt: row.viewedAt.toISOString() }));
}

/** The account's bookings, by session start, each with its status history. */
async function exportedBookings(db: DbExecutor, userId: string): Promise<DataExport['bookings']> {
  const bookingRows = await selectBookingRows(db, eq(bookings.userId, userId)).orderBy(
    asc(classSessions.startsAt),
    asc(bookings.createdAt),
  );
  const history = await bookingHistory(
    db,
    userId,
    bookingRows.map((row) => row.id),
  );
  return bookingRows.map((row) => ({
    id: row.id,
    pupilId: row.pupilId,
    service: row.service,
    subject: row.subject,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    checkoutId: row.checkoutId,
    rescheduledFrom: row.rescheduledFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: history.get(row.id) ?? [],
  }));
}

/**
 * The sent lesson reports of the sessions the account's pupils sat (a confirmed seat) or were
 * written a note about, one per (session, pupil), with the tutor's sent note about that pupil.
 * Only the `sent_` copy: a draft, the staff note and other pupils' notes never leave staff pages
 * (docs/decisions/079). The pairs are read from the account's own rows (its bookings, its
 * pupils' notes), so the export never walks every report kept.
 */
async function exportedLessonReports(
  db: DbExecutor,
  userId: string,
): Promise<DataExport['lessonReports']> {
  const pairs = union(
    db
      .select({ sessionId: bookings.sessionId, pupilId: bookings.pupilId })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed'))),
    db
      .select({ sessionId: lessonReportNotes.sessionId, pupilId: lessonReportNotes.pupilId })
      .from(lessonReportNotes)
      .innerJoin(pupils, eq(pupils.id, lessonReportNotes.pupilId))
      .where(eq(pupils.userId, userId)),
  ).as('pairs');
  const rows = await db
    .select({
      sessionId: lessonReports.sessionId,
      pupilId: pupils.id,
      service: classSessions.service,
      subject: classSessions.subject,
      startsAt: classSessions.startsAt,
      tutorName: user.name,
      topic: lessonReports.sentTopic,
      homework: lessonReports.sentHomework,
      resources: lessonReports.sentResources,
      sentAt: lessonReports.sentAt,
      note: lessonReportNotes.sentNote,
    })
    .from(pairs)
    .innerJoin(lessonReports, eq(lessonReports.sessionId, pairs.sessionId))
    .innerJoin(pupils, eq(pupils.id, pairs.pupilId))
    .innerJoin(classSessions, eq(classSessions.id, lessonReports.sessionId))
    .innerJoin(tutors, eq(tutors.id, lessonReports.tutorId))
    .innerJoin(user, eq(user.id, tutors.userId))
    .leftJoin(
      lessonReportNotes,
      and(
        eq(lessonReportNotes.sessionId, lessonReports.sessionId),
        eq(lessonReportNotes.pupilId, pupils.id),
      ),
    )
    .where(isNotNull(lessonReports.sentAt))
    .orderBy(asc(classSessions.startsAt), asc(pupils.createdAt), asc(pupils.id));
  return rows.flatMap((row) =>
    row.sentAt
      ? [
          {
            sessionId: row.sessionId,
            pupilId: row.pupilId,
            service: row.service,
            subject: row.subject,
            startsAt: row.startsAt.toISOString(),
            tutorName: row.tutorName,
            topic: row.topic ?? '',
            homework: row.homework ?? '',
            resources: row.resources,
            sentAt: row.sentAt.toISOString(),
            note: row.note,
          },
        ]
      : [],
  );
}

/** The family's credit lots and every change of them (decision 077). */
function creditOf(
  lots: Array<typeof creditLots.$inferSelect>,
  ledger: Array<typeof creditLedger.$inferSelect>,
): DataExport['credit'] {
  return {
    lots: lots.map((lot) => ({
      id: lot.id,
      name: lot.name,
      sessions: lot.sessions,
      remaining: lot.remaining,
      pricePaidPence: lot.pricePaidPence,
      purchasedAt: lot.purchasedAt.toISOString(),
      expiresAt: lot.expiresAt.toISOString(),
    })),
    ledger: ledger.map((entry) => ({
      at: entry.at.toISOString(),
      change: entry.change,
      reason: entry.reason,
      lotId: entry.lotId,
      pupilId: entry.pupilId,
      sessionId: entry.sessionId,
      note: entry.note,
    })),
  };
}

/** The account's checkouts as payments; refunds, whole and in part. */
function paymentsAndRefunds(
  payments: Array<typeof checkouts.$inferSelect>,
  partRefunds: Array<typeof paymentRefunds.$inferSelect>,
): Pick<DataExport, 'payments' | 'refunds'> {
  return {
    payments: payments.map((payment) => ({
      id: payment.id,
      status: payment.status,
      amountPence: payment.amountPence,
      sessionCount: payment.sessionCount,
      provider: payment.provider,
      paymentReference: payment.paymentIntentId,
      createdAt: payment.createdAt.toISOString(),
      paidAt: iso(payment.paidAt),
      refundedAt: iso(payment.refundedAt),
    })),
    refunds: [
      ...payments.flatMap((payment) =>
        payment.refundedAt
          ? [
              {
                paymentId: payment.id,
                amountPence: payment.amountPence,
                refundedAt: payment.refundedAt.toISOString(),
              },
            ]
          : [],
      ),
      // Part of a payment given back (a seat we cancelled, unused pack sessions: decision 077).
      ...partRefunds.map((refund) => ({
        paymentId: refund.checkoutId,
        amountPence: refund.amountPence,
        refundedAt: (refund.refundedAt ?? refund.requestedAt).toISOString(),
      })),
    ],
  };
}

interface StatusChange {
  at: string;
  action: AuditAction;
  by: AuditActorRole;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Each booking's entries in the audit trail, oldest first (the actor's role, never their id). */
async function bookingHistory(
  db: DbExecutor,
  userId: string,
  bookingIds: readonly string[],
): Promise<Map<string, StatusChange[]>> {
  const byBooking = new Map<string, StatusChange[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectUserId, userId), like(auditEntries.target, 'booking:%')))
    .orderBy(asc(auditEntries.at));
  const wanted = new Set(bookingIds);
  for (const row of rows) {
    const id = row.target.slice('booking:'.length);
    if (!wanted.has(id)) continue;
    const list = byBooking.get(id) ?? [];
    list.push({
      at: row.at.toISOString(),
      action: row.action,
      by: row.actorRole,
      before: row.before,
      after: row.after,
    });
    byBooking.set(id, list);
  }
  return byBooking;
}

/** The download's file name: the account's id and the date, never the person's name. */
export function dataExportFilename(userId: string, now: Date): string {
  const safeId = userId.replace(/[^A-Za-z0-9_-]/g, '');
  return `your-data-${safeId}-${now.toISOString().slice(0, 10)}.json`;
}

/** The account's term enrolments and the promo codes it used (decisions 082, 083). */
async function exportedTermsAndCodes(
  db: DbExecutor,
  userId: string,
): Promise<Pick<DataExport, 'termEnrolments' | 'promoCodesUsed'>> {
  const [enrolments, codesUsed] = await Promise.all([
    db
      .select()
      .from(termEnrolments)
      .where(eq(termEnrolments.userId, userId))
      .orderBy(asc(termEnrolments.createdAt)),
    db
      .select({
        code: promoCodes.code,
        status: promoRedemptions.status,
        discountPence: promoRedemptions.discountPence,
        checkoutId: promoRedemptions.checkoutId,
        pupilIds: promoRedemptions.pupilIds,
        createdAt: promoRedemptions.createdAt,
      })
      .from(promoRedemptions)
      .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
      .where(eq(promoRedemptions.userId, userId))
      .orderBy(asc(promoRedemptions.createdAt)),
  ]);
  return {
    termEnrolments: enrolments.map((row) => ({
      id: row.id,
      termId: row.termId,
      termName: row.termName,
      classId: row.classId,
      pupilId: row.pupilId,
      paymentId: row.checkoutId,
      pricePencePerSession: row.pricePencePerSession,
      createdAt: row.createdAt.toISOString(),
    })),
    promoCodesUsed: codesUsed.map((row) => ({
      code: row.code,
      status: row.status,
      discountPence: row.discountPence,
      paymentId: row.checkoutId,
      pupilIds: row.pupilIds,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
