import type { ContentLoader, Term } from '@tuition/content';
import { formatCalendarDate, isReenrolInviteDue, londonDate } from '@tuition/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { reenrolmentNotices, user } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import {
  button,
  greeting,
  layout,
  linkList,
  type MailBrand,
  paragraph,
  textLayout,
} from '../mail/layout.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { previousTerm } from './term-basket.ts';
import { listAdminEnrolments } from './enrolments.ts';

/*
 * Priority re-enrolment (docs/decisions/083, 107): on a term's priority date (or the CMS's number
 * of days before it), and never once enrolment is open to everyone, each family with a pupil
 * enrolled in a class for the term before gets one e-mail with a link per pupil and class that
 * opens /enrol ready to pay. "Once" rests on a reenrolment_notices row per enrolment and next
 * term, written in the transaction that queues the mail, so every instance may run it.
 */

export interface ReenrolmentDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Pick<Config, 'publicUrl'>;
  mail: Pick<MailOutbox, 'enqueue'>;
}

interface Invitation {
  enrolmentId: string;
  pupilName: string;
  label: string;
  link: string;
}

/** One pass: answers the e-mails queued. */
export async function sendReenrolmentInvites(deps: ReenrolmentDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  const today = londonDate(now);
  const [terms, { reenrolInviteDaysBefore }] = await Promise.all([
    deps.content.terms(),
    deps.content.siteSettings(),
  ]);
  const upcoming = terms.filter((term) => isReenrolInviteDue(term, reenrolInviteDaysBefore, today));
  let sent = 0;
  for (const term of upcoming) {
    const previous = await previousTerm(deps.content, term);
    if (previous) sent += await inviteForTerm(deps, { term, previous, today });
  }
  return { sent };
}

async function inviteForTerm(
  deps: ReenrolmentDeps,
  { term, previous, today }: { term: Term; previous: Term; today: string },
): Promise<number> {
  const paidBefore = (await listAdminEnrolments(deps, { termId: previous.id })).filter(
    (e) => e.status === 'paid',
  );
  if (paidBefore.length === 0) return 0;
  const already = new Set(
    (await listAdminEnrolments(deps, { termId: term.id })).map((e) => `${e.pupil.id} ${e.classId}`),
  );
  const told = new Set(
    (
      await deps.db
        .select({ enrolmentId: reenrolmentNotices.enrolmentId })
        .from(reenrolmentNotices)
        .where(
          and(
            eq(reenrolmentNotices.nextTermId, term.id),
            inArray(
              reenrolmentNotices.enrolmentId,
              paidBefore.map((e) => e.id),
            ),
          ),
        )
    ).map((row) => row.enrolmentId),
  );
  const due = paidBefore.filter(
    (e) => !told.has(e.id) && !already.has(`${e.pupil.id} ${e.classId}`),
  );
  const families = new Map<string, { name: string; email: string; invites: Invitation[] }>();
  for (const e of due) {
    const family = families.get(e.family.id) ?? { ...e.family, invites: [] };
    const query = new URLSearchParams({ term: term.id, class: e.classId, pupil: e.pupil.id });
    family.invites.push({
      enrolmentId: e.id,
      pupilName: e.pupil.name,
      label: e.label,
      link: `${deps.config.publicUrl}/enrol?${query.toString()}`,
    });
    families.set(e.family.id, family);
  }
  const brand = await mailBrand(deps);
  let sent = 0;
  for (const [userId, family] of families) {
    sent += await deps.db.transaction(async (tx) => {
      // A family that deleted its account meanwhile is not written to.
      const [account] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, userId), isNull(user.deletedAt)))
        .limit(1);
      if (!account) return 0;
      const claimed = await tx
        .insert(reenrolmentNotices)
        .values(family.invites.map((i) => ({ enrolmentId: i.enrolmentId, nextTermId: term.id })))
        .onConflictDoNothing()
        .returning({ enrolmentId: reenrolmentNotices.enrolmentId });
      const invites = family.invites.filter((i) =>
        claimed.some((c) => c.enrolmentId === i.enrolmentId),
      );
      if (invites.length === 0) return 0;
      await deps.mail.enqueue(reenrolEmail(brand, { ...family, term, invites, today }), {
        tx,
      });
      return 1;
    });
  }
  return sent;
}

/**
 * The dates as /enrol says them (docs/decisions/107): re-enrolment from the priority date (or
 * "now" once it has come), places for everyone from the public date.
 */
export function reenrolDatesSentence(term: Term, today: string): string {
  const from =
    today >= term.priorityOpensOn
      ? 'Re-enrolment is open now'
      : `Re-enrolment opens on ${formatCalendarDate(term.priorityOpensOn)}`;
  return `${from} for pupils already in a class, before places open to everyone on ${formatCalendarDate(term.publicOpensOn)}.`;
}

export function reenrolEmail(
  brand: MailBrand,
  input: {
    name: string;
    email: string;
    term: Term;
    invites: readonly Invitation[];
    /** The London date it is sent. */
    today: string;
  },
): OutgoingMail {
  const { term } = input;
  const subject = `Keep your place for ${term.name}`;
  const intro = `${term.name} starts on ${formatCalendarDate(term.firstDay)}. ${reenrolDatesSentence(term, input.today)}`;
  const how = 'Each link opens the enrolment page ready to pay for the sessions of the term.';
  const line = (i: Invitation) => `${i.pupilName}: ${i.label}`;
  return {
    to: input.email,
    subject,
    html: layout(brand, subject, [
      paragraph(greeting(input.name)),
      paragraph(intro),
      linkList(input.invites.map((i) => ({ href: i.link, label: `Re-enrol ${line(i)}` }))),
      paragraph(how),
      ...(input.invites.length === 1 && input.invites[0]
        ? [button(input.invites[0].link, `Re-enrol ${input.invites[0].pupilName}`)]
        : []),
    ]),
    text: textLayout(brand, subject, [
      greeting(input.name),
      '',
      intro,
      '',
      ...input.invites.map((i) => `- Re-enrol ${line(i)}: ${i.link}`),
      '',
      how,
    ]),
  };
}

/** How often the service looks for families to invite (each is invited once). */
export const REENROL_SWEEP_MS = 10 * 60_000;

/** The invitations every ten minutes by the app clock, on one instance (docs/decisions/095). */
export function reenrolmentInvitesJob(deps: ReenrolmentDeps & { logger: Logger }): ScheduledJob {
  const log = deps.logger.child({ component: 'reenrolment-invites' });
  return {
    name: 'reenrolment-invites',
    intervalMs: REENROL_SWEEP_MS,
    onClockMove: true,
    failureMessage: 're-enrolment invitations failed; trying again next time',
    async run() {
      const { sent } = await sendReenrolmentInvites(deps);
      if (sent > 0) log.info({ sent }, 're-enrolment invitations queued');
    },
  };
}
