import { fixedClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock, type SettableClock } from '../clock.ts';
import { user } from '../db/schema.ts';
import {
  api,
  cookieFrom,
  freshIp,
  mailTo,
  signedInUser,
  type TestUser,
  tokenFromLink,
} from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertBooking, insertCustomer, insertSession } from '../testing/admin-fixtures.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { leadClass, signedInTutor } from '../testing/tutor-fixtures.ts';
import { coverNoticeEmail } from './tutor-emails.ts';

/*
 * Tutors (docs/decisions/079): the invitation and its set-password link, who sees which
 * sessions, what a register shows, attendance by the window, reports that reach each family
 * with its own children's notes only, cover told once, and pay lines from submitted registers.
 */

// Tuesday 3 November 2026, 9 am London.
const NOW = '2026-11-03T09:00:00Z';
const GCSE_HIGHER_TUE = { service: 'gcse-higher', day: 'tue', startTime: '19:00' } as const;
const KS3_TUE = { service: 'ks3', day: 'tue', startTime: '18:00' } as const;
// An address the service makes an admin once verified (config ADMIN_EMAILS).
const OWNER_EMAIL = 'owner@example.com';

interface Family {
  id: string;
  email: string;
  pupils: { id: string; name: string }[];
}

async function family(t: TestApp, name: string, pupilNames: string[]): Promise<Family> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const id = await insertCustomer(t.deps.db, { name, email, phone: '+447700900123' });
  const pupils = [];
  for (const pupilName of pupilNames) {
    pupils.push({
      id: await insertPupil(t.deps.db, { userId: id, name: pupilName, yearGroup: 'y10' }),
      name: pupilName,
    });
  }
  return { id, email, pupils };
}

async function book(t: TestApp, f: Family, sessionId: string) {
  for (const pupil of f.pupils) {
    await insertBooking(t.deps.db, { userId: f.id, sessionId, pupilId: pupil.id });
  }
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

describe.each(TEST_DB_KINDS)('tutors on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  let admin: TestUser;
  let customer: TestUser;
  let lead: TestUser & { tutorId: string };
  let other: TestUser & { tutorId: string };
  let taught: { id: string; startsAt: Date };
  let covered: { id: string; startsAt: Date };
  let ks3: { id: string; startsAt: Date };
  let patels: Family;
  let khans: Family;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW, env: { ADMIN_EMAILS: OWNER_EMAIL } });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    customer = await signedInUser(t, { name: 'Carl Customer' });
    lead = await signedInTutor(t, { name: 'Ms Lovelace' });
    other = await signedInTutor(t, { name: 'Mr Patel' });
    await leadClass(t, lead.tutorId, GCSE_HIGHER_TUE);
    await leadClass(t, other.tutorId, KS3_TUE);
    taught = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2026-11-10',
      time: '19:00',
    });
    covered = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2026-11-17',
      time: '19:00',
    });
    ks3 = await insertSession(t.deps.db, { service: 'ks3', date: '2026-11-10', time: '18:00' });
    patels = await family(t, 'Priya Patel', ['Maya Patel', 'Leo Patel']);
    khans = await family(t, 'Omar Khan', ['Zara Khan']);
    await book(t, patels, taught.id);
    await book(t, khans, taught.id);
    await book(t, patels, covered.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('invites a tutor who sets a password from the e-mailed link and signs in', async () => {
    const email = `tutor-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const invited = await api(t, '/api/admin/tutors', {
      cookie: admin.cookie,
      body: { name: 'Mr Babbage', email },
    });
    expect(invited.status).toBe(201);
    const { id } = await json<{ id: string }>(invited);
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toContain('invited to teach');
    expect(mail?.text).toContain('Grace Admin');
    const token = tokenFromLink(mail?.text ?? '', '/reset-password-token');
    // The link's page asks the tutor to choose a first password, and lands on /teach after.
    const owner = await api(t, `/api/auth-tokens/reset/${encodeURIComponent(token)}`);
    expect(await owner.json()).toEqual({ valid: true, email, firstPassword: true, role: 'tutor' });
    // No password yet: nobody can sign in as the tutor.
    const ip = freshIp();
    const early = await api(t, '/api/auth/sign-in/email', {
      body: { email, password: 'a-new-password-1' },
      ip,
    });
    expect(early.status).toBe(401);
    const reset = await api(t, '/api/auth/reset-password', {
      body: { token, newPassword: 'a-new-password-1' },
      ip,
    });
    expect(reset.status).toBe(200);
    const signIn = await api(t, '/api/auth/sign-in/email', {
      body: { email, password: 'a-new-password-1' },
      ip,
    });
    expect(signIn.status).toBe(200);
    const mine = await api(t, '/api/tutor/sessions', { cookie: cookieFrom(signIn) });
    expect(mine.status).toBe(200);
    const list = await json<{ tutors: { id: string; passwordSet: boolean; active: boolean }[] }>(
      await api(t, '/api/admin/tutors', { cookie: admin.cookie }),
    );
    expect(list.tutors.find((x) => x.id === id)).toMatchObject({ passwordSet: true, active: true });
  });

  it('refuses an address that already has an account, naming the field', async () => {
    const refused = await api(t, '/api/admin/tutors', {
      cookie: admin.cookie,
      body: { name: 'Carl', email: customer.email },
    });
    expect(refused.status).toBe(400);
    const body = await json<{ errors: { field: string; message: string }[] }>(refused);
    expect(body.errors[0]).toMatchObject({ field: 'email' });
    expect(body.errors[0]?.message).toContain('already has an account');
  });

  it('refuses an ADMIN_EMAILS address, naming the field, and makes no account', async () => {
    const refused = await api(t, '/api/admin/tutors', {
      cookie: admin.cookie,
      body: { name: 'The Owner', email: 'Owner@Example.com' },
    });
    expect(refused.status).toBe(400);
    const body = await json<{ errors: { field: string; message: string }[] }>(refused);
    expect(body.errors[0]).toMatchObject({ field: 'email' });
    expect(body.errors[0]?.message).toContain('ADMIN_EMAILS');
    const rows = await t.deps.db.select().from(user).where(eq(user.email, OWNER_EMAIL));
    expect(rows).toEqual([]);
    expect(await mailTo(t, OWNER_EMAIL)).toEqual([]);
  });

  it('will not make anyone a tutor through set-role', async () => {
    const refused = await api(t, '/api/auth/admin/set-role', {
      cookie: admin.cookie,
      body: { userId: customer.id, role: 'tutor' },
    });
    expect(refused.status).toBe(400);
    const [row] = await t.deps.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, customer.id));
    expect(row?.role).toBe('user');
  });

  it('refuses the tutor API to anonymous callers and customers', async () => {
    expect((await api(t, '/api/tutor/sessions')).status).toBe(401);
    const asCustomer = await api(t, '/api/tutor/sessions', { cookie: customer.cookie });
    expect(asCustomer.status).toBe(403);
    expect(
      (await api(t, `/api/tutor/sessions/${taught.id}`, { cookie: admin.cookie })).status,
    ).toBe(403);
  });

  it('lists only the sessions a tutor leads or covers', async () => {
    const cover = await api(t, `/api/admin/sessions/${covered.id}/tutor`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { tutorId: other.tutorId },
    });
    expect(cover.status).toBe(200);
    const leads = await json<{ sessions: { id: string; role: string; startsAt: string }[] }>(
      await api(t, '/api/tutor/sessions?scope=upcoming', { cookie: lead.cookie }),
    );
    const leadIds = leads.sessions.map((s) => s.id);
    expect(leadIds).toContain(taught.id);
    expect(leadIds).not.toContain(covered.id);
    expect(leadIds).not.toContain(ks3.id);
    // Weeks nobody booked yet are on the list too: every Tuesday 7 pm of the next four weeks.
    expect(leads.sessions.every((s) => s.role === 'lead')).toBe(true);
    expect(leads.sessions.length).toBeGreaterThanOrEqual(4);
    const covers = await json<{ sessions: { id: string; role: string }[] }>(
      await api(t, '/api/tutor/sessions?scope=upcoming', { cookie: other.cookie }),
    );
    expect(covers.sessions.find((s) => s.id === covered.id)?.role).toBe('cover');
    expect(covers.sessions.map((s) => s.id)).toContain(ks3.id);
    expect(covers.sessions.map((s) => s.id)).not.toContain(taught.id);
    expect(
      (await api(t, `/api/tutor/sessions/${covered.id}`, { cookie: lead.cookie })).status,
    ).toBe(404);
    expect(
      (await api(t, `/api/tutor/sessions/${taught.id}`, { cookie: other.cookie })).status,
    ).toBe(404);
  });

  it('tells each family of a covered session once, and the cover tutor', async () => {
    // The cover set in the last test told the Patels (the only family booked).
    const told = await mailTo(t, patels.email);
    const notices = told.filter((m) => m.subject.includes('taught by Mr Patel'));
    expect(notices).toHaveLength(1);
    // Told on Tuesday 3 November of the lesson two weeks later: named by its day, not "this week".
    expect(notices[0]?.text).toContain(
      "On Tuesday 17 November 2026, Leo and Maya's GCSE Higher lesson is taught by Mr Patel",
    );
    expect(notices[0]?.text).not.toContain('this week');
    const again = await api(t, `/api/admin/sessions/${covered.id}/tutor`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { tutorId: other.tutorId },
    });
    expect(await json<{ familiesTold: number }>(again)).toMatchObject({ familiesTold: 0 });
    const after = await mailTo(t, patels.email);
    expect(after.filter((m) => m.subject.includes('taught by Mr Patel'))).toHaveLength(1);
    const brief = (await mailTo(t, other.email)).filter((m) => m.subject.startsWith('Cover:'));
    expect(brief).toHaveLength(1);
  });

  it('shows a register with first names and year groups, and no contact details', async () => {
    const response = await api(t, `/api/tutor/sessions/${taught.id}`, { cookie: lead.cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    const register = JSON.parse(text) as { pupils: { firstName: string; yearGroup: string }[] };
    expect(register.pupils.map((p) => p.firstName).sort()).toEqual(['Leo', 'Maya', 'Zara']);
    expect(register.pupils.every((p) => p.yearGroup === 'y10')).toBe(true);
    for (const secret of [patels.email, khans.email, 'Priya', 'Omar', '7700900123', 'Patel']) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses attendance before the session starts', async () => {
    const early = await api(t, `/api/tutor/sessions/${taught.id}/attendance`, {
      method: 'PUT',
      cookie: lead.cookie,
      body: { pupilId: patels.pupils[0]?.id, status: 'present' },
    });
    expect(early.status).toBe(409);
    expect(await json<{ code: string }>(early)).toMatchObject({ code: 'attendance-closed' });
  });

  it('sends each family its own children’s notes only, never the staff note', async () => {
    const [maya, leo] = patels.pupils;
    const [zara] = khans.pupils;
    const report = {
      topic: 'Simultaneous equations',
      homework: 'Exercise 4B, questions 1 to 10',
      resources: 'Worksheet on the class page',
      notes: [
        { pupilId: maya?.id, note: 'Maya explained elimination well.' },
        { pupilId: leo?.id, note: 'Leo should practise substitution.' },
        { pupilId: zara?.id, note: 'Zara was quieter than usual.' },
      ],
      staffNote: 'Check Zara is all right at home.',
    };
    const path = `/api/tutor/sessions/${taught.id}`;
    expect(
      (await api(t, `${path}/report`, { method: 'PUT', cookie: lead.cookie, body: report })).status,
    ).toBe(200);
    // Not started: nothing can be sent.
    const early = await api(t, `${path}/report/submit`, { cookie: lead.cookie, body: {} });
    expect(early.status).toBe(409);
    clock.set(new Date(taught.startsAt.getTime() + 70 * 60_000));
    // Started, but Zara is not marked: the register must be complete.
    for (const [pupil, status] of [
      [maya, 'present'],
      [leo, 'late'],
    ] as const) {
      const marked = await api(t, `${path}/attendance`, {
        method: 'PUT',
        cookie: lead.cookie,
        body: { pupilId: pupil?.id, status },
      });
      expect(marked.status).toBe(200);
    }
    const incomplete = await api(t, `${path}/report/submit`, { cookie: lead.cookie, body: {} });
    expect(incomplete.status).toBe(409);
    expect((await json<{ detail: string }>(incomplete)).detail).toContain('Zara');
    await api(t, `${path}/attendance`, {
      method: 'PUT',
      cookie: lead.cookie,
      body: { pupilId: zara?.id, status: 'absent' },
    });
    const sent = await api(t, `${path}/report/submit`, { cookie: lead.cookie, body: {} });
    expect(sent.status).toBe(200);
    expect(await json(sent)).toMatchObject({ version: 1, corrected: false, familiesEmailed: 2 });

    const patelMail = (await mailTo(t, patels.email)).filter((m) =>
      m.subject.includes('lesson on'),
    );
    expect(patelMail).toHaveLength(1);
    expect(patelMail[0]?.text).toContain('Simultaneous equations');
    expect(patelMail[0]?.text).toContain('Maya explained elimination well.');
    expect(patelMail[0]?.text).toContain('Leo should practise substitution.');
    expect(patelMail[0]?.text).not.toContain('Zara');
    const khanMail = (await mailTo(t, khans.email)).filter((m) => m.subject.includes('lesson on'));
    expect(khanMail).toHaveLength(1);
    expect(khanMail[0]?.text).toContain('Zara was quieter than usual.');
    expect(khanMail[0]?.text).not.toContain('Maya');
    for (const mail of [...patelMail, ...khanMail]) {
      expect(mail.text).not.toContain('at home');
      expect(mail.html).not.toContain('at home');
    }
  });

  it('shows the sent report on the family’s previous bookings, for each child', async () => {
    const patelCookie = await signInAs(t, patels.email);
    const previous = await json<
      {
        pupil: { name: string };
        report: { topic: string; note: string | null } | null;
        tutorName: string | null;
      }[]
    >(await api(t, '/api/me/bookings?scope=previous', { cookie: patelCookie }));
    const maya = previous.find((b) => b.pupil.name === 'Maya Patel');
    expect(maya?.report).toMatchObject({
      topic: 'Simultaneous equations',
      note: 'Maya explained elimination well.',
    });
    expect(maya?.tutorName).toBe('Ms Lovelace');
    expect(JSON.stringify(previous)).not.toContain('Zara');
    expect(JSON.stringify(previous)).not.toContain('at home');
  });

  it('sends a correction marked as such, and pays the open month at the rates set since', async () => {
    const rates = await api(t, `/api/admin/tutors/${lead.tutorId}/rates`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { perSessionPence: 2000, perPupilPence: 200 },
    });
    expect(rates.status).toBe(200);
    // The first send made the pay line at the rates then (none); November is open, so the new
    // rates re-price it (docs/decisions/113).
    const path = `/api/tutor/sessions/${taught.id}`;
    await api(t, `${path}/attendance`, {
      method: 'PUT',
      cookie: lead.cookie,
      body: { pupilId: khans.pupils[0]?.id, status: 'present' },
    });
    await api(t, `${path}/report`, {
      method: 'PUT',
      cookie: lead.cookie,
      body: { topic: 'Simultaneous equations (elimination)', homework: 'Exercise 4B' },
    });
    const again = await api(t, `${path}/report/submit`, { cookie: lead.cookie, body: {} });
    expect(await json(again)).toMatchObject({ version: 2, corrected: true });
    const corrected = (await mailTo(t, khans.email)).filter((m) =>
      m.subject.startsWith('Corrected:'),
    );
    expect(corrected).toHaveLength(1);
    const hours = await json<{
      lines: { pupilsAttended: number; amountPence: number; role: string }[];
      amountPence: number;
    }>(
      await api(t, `/api/admin/tutors/${lead.tutorId}/hours?month=2026-11`, {
        cookie: admin.cookie,
      }),
    );
    expect(hours.lines).toHaveLength(1);
    // Three pupils present or late now, at £20 + £2 a pupil.
    expect(hours.lines[0]).toMatchObject({ pupilsAttended: 3, amountPence: 2600, role: 'lead' });
    const csv = await api(t, `/api/admin/tutors/${lead.tutorId}/hours?month=2026-11&format=csv`, {
      cookie: admin.cookie,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('"GCSE Higher","Lead","3","26.00"');
  });

  it('pays a newly submitted register at the rates set, counting present and late only', async () => {
    // Ms Lovelace's rates are £20 + £2 a pupil; a session of hers on 27 October with two present.
    const past = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2026-10-27',
      time: '19:00',
    });
    const f = await family(t, 'Ann Lee', ['Ben Lee', 'Cat Lee', 'Dan Lee']);
    await book(t, f, past.id);
    clock.set(new Date(past.startsAt.getTime() + 61 * 60_000));
    const path = `/api/tutor/sessions/${past.id}`;
    const marks = ['present', 'late', 'absent'] as const;
    for (const [i, pupil] of f.pupils.entries()) {
      await api(t, `${path}/attendance`, {
        method: 'PUT',
        cookie: lead.cookie,
        body: { pupilId: pupil.id, status: marks[i] },
      });
    }
    await api(t, `${path}/report`, {
      method: 'PUT',
      cookie: lead.cookie,
      body: { topic: 'Ratio', homework: '' },
    });
    expect((await api(t, `${path}/report/submit`, { cookie: lead.cookie, body: {} })).status).toBe(
      200,
    );
    const hours = await json<{
      lines: { sessionId: string; pupilsAttended: number; amountPence: number }[];
    }>(
      await api(t, `/api/admin/tutors/${lead.tutorId}/hours?month=2026-10`, {
        cookie: admin.cookie,
      }),
    );
    expect(hours.lines.find((l) => l.sessionId === past.id)).toMatchObject({
      pupilsAttended: 2,
      amountPence: 2000 + 2 * 200,
    });
  });

  it('deactivates a tutor: signed out, no sign-in, no tutor pages', async () => {
    const gone = await signedInTutor(t, { name: 'Mr Leaving' });
    const response = await api(t, `/api/admin/tutors/${gone.tutorId}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ active: false });
    expect((await api(t, '/api/tutor/sessions', { cookie: gone.cookie })).status).toBe(401);
    const signIn = await api(t, '/api/auth/sign-in/email', {
      body: { email: gone.email, password: gone.password },
      ip: gone.ip,
    });
    expect(signIn.status).toBe(403);
  });
});

async function signInAs(t: TestApp, email: string): Promise<string> {
  // Families were written straight into the tables: give this one a password to sign in with.
  const ctx = await t.deps.auth.$context;
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error('no such family');
  await ctx.internalAdapter.linkAccount({
    userId: row.id,
    providerId: 'credential',
    accountId: row.id,
    password: await ctx.password.hash('family-password-1'),
  });
  const signIn = await api(t, '/api/auth/sign-in/email', {
    body: { email, password: 'family-password-1' },
    ip: freshIp(),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return cookieFrom(signIn);
}

describe('the cover notice', () => {
  const brand = { name: 'Tuition', siteUrl: 'https://example.com', contactEmail: 'hi@example.com' };
  // Tuesday 8 December 2026, 7 pm London.
  const session = {
    startsAt: '2026-12-08T19:00:00.000Z',
    endsAt: '2026-12-08T20:00:00.000Z',
    date: '2026-12-08',
    time: '7:00 PM',
    label: 'GCSE Higher',
    service: 'gcse-higher' as const,
  };
  const notice = (now: string) =>
    coverNoticeEmail(brand, {
      parentName: 'Priya',
      pupilNames: ['Maya'],
      session,
      coverName: 'Mr Patel',
      now: new Date(now),
    });

  it('says "this week" from the Monday of the lesson’s London week', () => {
    expect(notice('2026-12-07T00:30:00Z').text).toContain(
      "This week Maya's GCSE Higher lesson is taught by Mr Patel.",
    );
  });

  it('names the day when the lesson is in a later week, even a day later', () => {
    // 11 pm on Sunday 6 December: the lesson is next week.
    const text = notice('2026-12-06T23:00:00Z').text;
    expect(text).toContain(
      "On Tuesday 8 December 2026, Maya's GCSE Higher lesson is taught by Mr Patel.",
    );
    expect(text).not.toMatch(/this week/i);
  });
});
