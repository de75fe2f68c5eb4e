import { randomBytes } from 'node:crypto';
import type { Tutor, TutorWarning } from '@tuition/api-contract';
import { SERVICES, type WeeklySlot } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Auth } from '../auth/auth.ts';
import { isAdminEmail } from '../auth/admin-roles.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import { account, session, tutors, user, weeklyClasses } from '../db/schema.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { INVITE_LINK_DAYS, tutorInviteEmail } from './tutor-emails.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import { hasGroupRates, repricePayLines } from './pay-rates.ts';

/*
 * Tutor accounts (docs/decisions/079): invited by an admin, verified by the admin's word and
 * usable only once the owner chose a password from the mailed link; deactivated, never deleted.
 */

export interface TutorDeps {
  db: Database;
  auth: Auth;
  mail: MailOutbox;
  content: ContentLoader;
  config: Config;
  clock: Clock;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tutor row of a signed-in account; 403 for anyone who is not an active tutor. */
export async function activeTutorOf(db: DbExecutor, userId: string): Promise<{ id: string }> {
  const [row] = await db
    .select({ id: tutors.id })
    .from(tutors)
    .where(and(eq(tutors.userId, userId), isNull(tutors.deactivatedAt)));
  if (!row) throw new ForbiddenError('Access denied');
  return row;
}

/**
 * Creates the tutor's account (verified, no password, role tutor) and row, and mails the
 * set-password link: better-auth's own reset token, living INVITE_LINK_DAYS, so better-auth's
 * reset-password endpoint sets the first password as it resets any other. An ADMIN_EMAILS address
 * is refused: the service makes it an admin once verified, and a tutor's is verified at once, so
 * the account would be an admin with a tutors row (decision 088).
 */
export async function inviteTutor(
  deps: TutorDeps,
  input: {
    adminId: string;
    adminName: string;
    name: string;
    email: string;
    perSessionPence?: number | undefined;
    perPupilPence?: number | undefined;
  },
): Promise<{ id: string; warnings: TutorWarning[] }> {
  if (isAdminEmail(deps.config.auth.adminEmails, input.email)) {
    throw new ValidationError([
      {
        field: 'email',
        message:
          'This address is an administrator’s (listed in ADMIN_EMAILS). A tutor needs an e-mail address of their own.',
      },
    ]);
  }
  const ctx = await deps.auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(input.email)) {
    throw new ValidationError([
      {
        field: 'email',
        message:
          'This address already has an account on the site. A tutor needs an e-mail address of their own.',
      },
    ]);
  }
  const created = await ctx.internalAdapter.createUser(
    { name: input.name, email: input.email, emailVerified: true, role: 'tutor' },
    { method: 'admin' },
  );
  const now = deps.clock.now();
  const token = randomBytes(24).toString('base64url');
  const url = `${deps.config.publicUrl}/reset-password-token?token=${encodeURIComponent(token)}`;
  const brand = await mailBrand(deps);
  // The link works before its mail can leave (the mail is queued in the transaction below).
  // Real time, not the app clock: better-auth checks the link's expiry against the real time.
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: created.id,
    expiresAt: new Date(Date.now() + INVITE_LINK_DAYS * DAY_MS),
  });
  // Rates left out are £0, and the admin is warned: their lessons pay nothing until set (113).
  const rates = {
    perSessionPence: input.perSessionPence ?? 0,
    perPupilPence: input.perPupilPence ?? 0,
  };
  const tutorId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tutors)
      .values({ userId: created.id, invitedBy: input.adminId, invitedAt: now, ...rates })
      .returning({ id: tutors.id });
    if (!row) throw new Error('tutor row not created');
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: created.id,
      action: 'tutor.invite',
      target: `tutor:${row.id}`,
      before: null,
      after: { role: 'tutor', ...rates },
    });
    await deps.mail.enqueue(
      {
        to: input.email,
        ...tutorInviteEmail(brand, { name: input.name, url, invitedBy: input.adminName }),
      },
      { tx },
    );
    return row.id;
  });
  return { id: tutorId, warnings: hasGroupRates(rates) ? [] : ['no-rates'] };
}

/** Every tutor, active first then by name, with the classes each leads. */
export async function listTutors(
  db: DbExecutor,
  timetable: readonly WeeklySlot[],
): Promise<Tutor[]> {
  const rows = await db
    .select({
      id: tutors.id,
      userId: tutors.userId,
      name: user.name,
      email: user.email,
      deactivatedAt: tutors.deactivatedAt,
      invitedAt: tutors.invitedAt,
      perSessionPence: tutors.perSessionPence,
      perPupilPence: tutors.perPupilPence,
    })
    .from(tutors)
    .innerJoin(user, eq(user.id, tutors.userId))
    .orderBy(asc(user.name));
  if (rows.length === 0) return [];
  const [classes, credentials] = await Promise.all([
    db
      .select()
      .from(weeklyClasses)
      .where(
        inArray(
          weeklyClasses.leadTutorId,
          rows.map((r) => r.id),
        ),
      ),
    db
      .select({ userId: account.userId })
      .from(account)
      .where(
        and(
          eq(account.providerId, 'credential'),
          inArray(
            account.userId,
            rows.map((r) => r.userId),
          ),
        ),
      ),
  ]);
  const withPassword = new Set(credentials.map((c) => c.userId));
  const labelOf = (c: (typeof classes)[number]) =>
    timetable.find((s) => s.service === c.service && s.day === c.day && s.startTime === c.startTime)
      ?.label ?? SERVICES[c.service].label;
  return rows
    .map((r) => ({
      id: r.id,
      userId: r.userId,
      name: r.name,
      email: r.email,
      active: r.deactivatedAt === null,
      passwordSet: withPassword.has(r.userId),
      invitedAt: r.invitedAt.toISOString(),
      perSessionPence: r.perSessionPence,
      perPupilPence: r.perPupilPence,
      classes: classes
        .filter((c) => c.leadTutorId === r.id)
        .map((c) => ({ id: c.id, label: labelOf(c), day: c.day, startTime: c.startTime }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.startTime.localeCompare(b.startTime)),
    }))
    .sort((a, b) => Number(b.active) - Number(a.active));
}

export async function findTutor(
  db: DbExecutor,
  timetable: readonly WeeklySlot[],
  tutorId: string,
): Promise<Tutor> {
  const found = (await listTutors(db, timetable)).find((t) => t.id === tutorId);
  if (!found) throw new NotFoundError('No such tutor.');
  return found;
}

/**
 * Deactivates a tutor: the account is banned (better-auth then refuses its sign-in) and its
 * sessions end; the row, its classes and its history stay.
 */
export async function deactivateTutor(
  deps: Pick<TutorDeps, 'db' | 'clock' | 'content'>,
  input: { adminId: string; tutorId: string },
): Promise<Tutor> {
  await deps.db.transaction(async (tx) => {
    // The tutor's row is locked through the hold door, as a 1-to-1 hold locks it (106).
    const [row] = (await lockHoldRows(tx, { tutorIds: [input.tutorId] })).tutors;
    if (!row) throw new NotFoundError('No such tutor.');
    if (row.deactivatedAt) return;
    await tx
      .update(tutors)
      .set({ deactivatedAt: deps.clock.now() })
      .where(eq(tutors.id, input.tutorId));
    await tx
      .update(user)
      .set({ banned: true, banReason: 'Tutor deactivated' })
      .where(eq(user.id, row.userId));
    await tx.delete(session).where(eq(session.userId, row.userId));
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: row.userId,
      action: 'tutor.deactivate',
      target: `tutor:${input.tutorId}`,
      before: { active: true },
      after: { active: false },
    });
  });
  return findTutor(deps.db, await deps.content.timetable(), input.tutorId);
}

/**
 * Sets what a class's register pays, and re-prices the tutor's class pay lines of months not yet
 * closed at the new rates, in one transaction under the tutor's row lock (docs/decisions/113).
 * The audit entry says what the re-pricing changed.
 */
export async function setTutorRates(
  deps: Pick<TutorDeps, 'db' | 'content' | 'clock'>,
  input: { adminId: string; tutorId: string; perSessionPence: number; perPupilPence: number },
): Promise<Tutor> {
  await deps.db.transaction(async (tx) => {
    const [before] = (await lockHoldRows(tx, { tutorIds: [input.tutorId] })).tutors;
    if (!before) throw new NotFoundError('No such tutor.');
    const rates = { perSessionPence: input.perSessionPence, perPupilPence: input.perPupilPence };
    await tx.update(tutors).set(rates).where(eq(tutors.id, input.tutorId));
    const repriced = await repricePayLines(tx, {
      tutorId: input.tutorId,
      kind: 'group',
      rates,
      now: deps.clock.now(),
    });
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: before.userId,
      action: 'tutor.rates',
      target: `tutor:${input.tutorId}`,
      before: { perSessionPence: before.perSessionPence, perPupilPence: before.perPupilPence },
      after: { ...rates, repriced },
    });
  });
  return findTutor(deps.db, await deps.content.timetable(), input.tutorId);
}
