import type { ContentLoader } from '@tuition/content';
import { formatLondonDate, formatTime12h, toLondonWallClock } from '@tuition/domain';
import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lte, not } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import {
  bookings,
  classSessions,
  lessonReports,
  tutorReminders,
  tutors,
  user,
} from '../db/schema.ts';
import {
  button,
  greeting,
  layout,
  linkList,
  type MailBrand,
  paragraph,
  textLayout,
} from '../mail/layout.ts';
import { teachersOf } from '../sessions/session-tutors.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { describeSession } from '../sessions/session-description.ts';

/*
 * The tutors' daily reminder (docs/decisions/079): from 8 am London, once per tutor and London
 * date, one e-mail listing the sessions they taught in the last 7 days whose lesson report is
 * not sent yet. "Once" rests on the `tutor_reminders (tutor_id, on_date)` row, inserted in the
 * transaction that queues the mail, as the families' reminders rest on theirs (decision 056):
 * a second instance, a retry or a restart finds the row and sends nothing. Safe to run on
 * every instance, as often as the periodic timer likes.
 */

export interface TutorReminderDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Pick<Config, 'publicUrl'>;
  mail: Pick<MailOutbox, 'enqueue'>;
}

/** The London wall-clock time from which the day's reminder goes. */
export const TUTOR_REMINDER_FROM = '08:00';

/** How far back a taught session's report is still asked for: the attendance window. */
export const TUTOR_REMINDER_LOOKBACK_DAYS = 7;

const DAY_MS = 24 * 60 * 60_000;

interface OpenSession {
  id: string;
  service: (typeof classSessions.$inferSelect)['service'];
  startsAt: Date;
  endsAt: Date;
  coverTutorId: string | null;
}

/**
 * One pass: each active tutor with a report still to send, and no reminder yet on today's
 * London date, is sent one. Answers the e-mails queued.
 */
export async function sendTutorReminders(deps: TutorReminderDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  const today = toLondonWallClock(now);
  if (today.time < TUTOR_REMINDER_FROM) return { sent: 0 };

  const open = await sessionsAwaitingReports(deps.db, now);
  if (open.length === 0) return { sent: 0 };
  const byTutor = await groupByTeacher(deps.db, open);
  if (byTutor.size === 0) return { sent: 0 };

  const recipients = await deps.db
    .select({ id: tutors.id, name: user.name, email: user.email })
    .from(tutors)
    .innerJoin(user, eq(user.id, tutors.userId))
    .where(
      and(
        inArray(tutors.id, [...byTutor.keys()]),
        isNull(tutors.deactivatedAt),
        isNull(user.deletedAt),
        // Today's reminder not decided yet (the insert below decides it for good).
        not(
          exists(
            deps.db
              .select({ tutorId: tutorReminders.tutorId })
              .from(tutorReminders)
              .where(
                and(eq(tutorReminders.tutorId, tutors.id), eq(tutorReminders.onDate, today.date)),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(tutors.id));
  if (recipients.length === 0) return { sent: 0 };

  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  let sent = 0;
  for (const tutor of recipients) {
    const sessions = (byTutor.get(tutor.id) ?? []).map((s) => ({
      label: describeSession(timetable, s).label,
      startsAt: s.startsAt,
    }));
    sent += await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(tutorReminders)
        .values({ tutorId: tutor.id, onDate: today.date, sentAt: now })
        .onConflictDoNothing()
        .returning({ tutorId: tutorReminders.tutorId });
      if (!claimed) return 0;
      await deps.mail.enqueue(
        reportsDueEmail(brand, { to: tutor.email, name: tutor.name, sessions }),
        { tx },
      );
      return 1;
    });
  }
  return { sent };
}

/**
 * Sessions that ended in the last 7 days, not cancelled, with a confirmed seat, whose report
 * was never sent (no row, or a draft).
 */
async function sessionsAwaitingReports(db: Database, now: Date): Promise<OpenSession[]> {
  const since = new Date(now.getTime() - TUTOR_REMINDER_LOOKBACK_DAYS * DAY_MS);
  return db
    .select({
      id: classSessions.id,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      coverTutorId: classSessions.coverTutorId,
    })
    .from(classSessions)
    .where(
      and(
        // On the start, so the index of session starts reads the range; no lesson lasts a day.
        gt(classSessions.startsAt, new Date(since.getTime() - DAY_MS)),
        gt(classSessions.endsAt, since),
        lte(classSessions.endsAt, now),
        isNull(classSessions.cancelledAt),
        exists(
          db
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(eq(bookings.sessionId, classSessions.id), eq(bookings.status, 'confirmed'))),
        ),
        not(
          exists(
            db
              .select({ sessionId: lessonReports.sessionId })
              .from(lessonReports)
              .where(
                and(eq(lessonReports.sessionId, classSessions.id), isNotNull(lessonReports.sentAt)),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

/** Each session under the tutor who taught it (sessions/session-tutors.ts); untaught ones left out. */
async function groupByTeacher(
  db: Database,
  sessions: readonly OpenSession[],
): Promise<Map<string, OpenSession[]>> {
  const teachers = await teachersOf(db, sessions);
  const byTutor = new Map<string, OpenSession[]>();
  for (const session of sessions) {
    const tutorId = teachers.get(session.id)?.tutorId;
    if (tutorId) byTutor.set(tutorId, [...(byTutor.get(tutorId) ?? []), session]);
  }
  return byTutor;
}

/** "GCSE Higher, Tuesday 3 November 2026, 7:00 PM": one line of the reminder. */
function sessionWords(session: { label: string; startsAt: Date }): string {
  return `${session.label}, ${formatLondonDate(session.startsAt)}, ${formatTime12h(session.startsAt)}`;
}

/** The day's reminder: the sessions whose register and report are still to send. */
export function reportsDueEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string;
    sessions: readonly { label: string; startsAt: Date }[];
  },
): OutgoingMail {
  const count = input.sessions.length;
  const what = count === 1 ? 'a lesson report' : `${count} lesson reports`;
  const subject = `Reminder: ${what} to send`;
  const intro =
    count === 1
      ? 'The report of this lesson is not sent yet:'
      : 'The reports of these lessons are not sent yet:';
  const how =
    'Mark the register and send the report from the Teach page: each family reads the notes about its own children. A register can be marked until 7 days after the lesson starts.';
  const teachUrl = `${brand.siteUrl}/teach`;
  const heading = 'Lesson reports to send';
  return {
    to: input.to,
    subject,
    html: layout(brand, heading, [
      paragraph(greeting(input.name)),
      paragraph(intro),
      linkList(input.sessions.map((session) => ({ href: teachUrl, label: sessionWords(session) }))),
      paragraph(how),
      button(teachUrl, 'Open the Teach page'),
    ]),
    text: textLayout(brand, heading, [
      greeting(input.name),
      '',
      intro,
      ...input.sessions.map((session) => `- ${sessionWords(session)}: ${teachUrl}`),
      '',
      how,
    ]),
  };
}
