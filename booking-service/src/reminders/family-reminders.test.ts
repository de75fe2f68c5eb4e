// Siblings in one session get one reminder naming them both (decision 056): one mail to the
// account, each pupil's own join link in it, and a pupil of 16 or over with their own address
// still gets a copy naming only them.
import { StartedCheckoutSchema } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SettableClock, settableClock } from '../clock.ts';
import { bookingReminders, bookings, mailMessages } from '../db/schema.ts';
import { deliverPendingMail } from '../mail/mail-setup.ts';
import { api, signedInUser } from '../testing/auth-helpers.ts';
import { bookableStarts, pressPay } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { sendDueReminders } from './reminders.ts';

const NOW = '2026-11-02T09:00:00Z';

describe.each(TEST_DB_KINDS)('reminders for siblings on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends one reminder naming both children, with a join link each, and the 16-year-old a copy', async () => {
    const parent = await signedInUser(t);
    const maya = await insertPupil(t.deps.db, {
      userId: parent.id,
      name: 'Maya',
      yearGroup: 'y10',
    });
    const sam = await insertPupil(t.deps.db, {
      userId: parent.id,
      name: 'Sam',
      yearGroup: 'y12',
      email: `sam-${crypto.randomUUID().slice(0, 8)}@example.com`,
    });
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 2 });
    const res = await api(t, '/api/checkout', {
      body: { service: 'gcse-higher', startsAt: [start], pupilIds: [sam, maya] },
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(res.status).toBe(201);
    const { checkoutId } = await contractBody(res, StartedCheckoutSchema);
    expect((await pressPay(t, checkoutId, parent)).status).toBe(303);
    const seats = await t.deps.db
      .select({ id: bookings.id, pupilId: bookings.pupilId })
      .from(bookings)
      .where(eq(bookings.checkoutId, checkoutId));
    expect(seats).toHaveLength(2);

    // An hour before the start: both seats are due their 1-hour reminder.
    clock.set(new Date(new Date(start!).getTime() - 60 * 60_000));
    expect((await sendDueReminders(t.deps)).sent).toBe(2);
    expect((await sendDueReminders(t.deps)).sent).toBe(0);
    await deliverPendingMail(t.deps);

    const toParent = (
      await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, parent.email))
    ).filter((m) => m.subject.startsWith('Reminder:'));
    expect(toParent).toHaveLength(1);
    expect(toParent[0]!.subject).toBe(
      "Reminder: Maya and Sam's GCSE Higher maths session starts in 1 hour",
    );
    for (const seat of seats) expect(toParent[0]!.text).toContain(`/join/${seat.id}`);
    expect(toParent[0]!.text).toContain('Join as Maya');
    expect(toParent[0]!.text).toContain('Join as Sam');

    const samsSeat = seats.find((seat) => seat.pupilId === sam)!;
    const [samsAddress] = await t.deps.db
      .select({ to: mailMessages.to, subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .where(
        eq(mailMessages.subject, "Reminder: Sam's GCSE Higher maths session starts in 1 hour"),
      );
    expect(samsAddress?.to).not.toBe(parent.email);
    expect(samsAddress?.text).toContain(`/join/${samsSeat.id}`);
    expect(samsAddress?.text).not.toContain('Maya');

    const decided = await t.deps.db
      .select({ bookingId: bookingReminders.bookingId, outcome: bookingReminders.outcome })
      .from(bookingReminders)
      .where(eq(bookingReminders.kind, '1h'));
    for (const seat of seats) {
      expect(decided.filter((row) => row.bookingId === seat.id)).toEqual([
        { bookingId: seat.id, outcome: 'sent' },
      ]);
    }
  });
});
