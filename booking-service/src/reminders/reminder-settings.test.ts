// Reminder times come from site settings (decision 056): the sweep and the late-booking rule
// follow what editors set, not the 24 h / 1 h defaults.
import { BookingListSchema } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { fixedClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { bookableStarts, bookPaid } from '../testing/checkout-test-kit.ts';
import { type SettableClock, settableClock } from '../clock.ts';
import { bookingReminders, mailMessages } from '../db/schema.ts';
import { deliverPendingMail } from '../mail/mail-setup.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { reminderKinds, reminderKindsFromSettings, sendDueReminders } from './reminders.ts';

const NOW = '2026-11-02T09:00:00Z';
const MINUTE = 60_000;
const shift = (iso: string, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * MINUTE);

describe('reminder times from site settings', () => {
  it('names each time by its hours, latest first, once', () => {
    expect(reminderKindsFromSettings({ firstReminderHours: 24, secondReminderHours: 1 })).toEqual([
      { kind: '24h', minutesBefore: 1440 },
      { kind: '1h', minutesBefore: 60 },
    ]);
    // A document saved around the Studio's check (second not below first) still reminds once.
    expect(reminderKindsFromSettings({ firstReminderHours: 3, secondReminderHours: 3 })).toEqual([
      { kind: '3h', minutesBefore: 180 },
    ]);
    expect(
      reminderKindsFromSettings({ firstReminderHours: 2, secondReminderHours: 48 }).map(
        (k) => k.kind,
      ),
    ).toEqual(['48h', '2h']);
  });
});

describe.each(TEST_DB_KINDS)('reminders at the times editors set, on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  let parent: TestUser;

  const moveTo = (at: Date) => clock.set(at);

  async function bookOne(startsAt: string): Promise<string> {
    await bookPaid(t, parent, [startsAt]);
    const mine = await contractBody(
      await api(t, '/api/me/bookings?scope=upcoming', { cookie: parent.cookie, ip: parent.ip }),
      BookingListSchema,
    );
    const booking = mine.find((b) => b.startsAt === startsAt);
    if (!booking) throw new Error(`no booking at ${startsAt}`);
    return booking.id;
  }
  async function reminderSubjects(bookingId: string): Promise<string[]> {
    await deliverPendingMail(t.deps);
    const mail = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, parent.email));
    return mail
      .filter((m) => m.subject.startsWith('Reminder:') && m.text.includes(`/join/${bookingId}`))
      .map((m) => m.subject.replace(/.*starts /, ''));
  }

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
    // Editors chose 48 hours and 2 hours before.
    const seed = t.deps.content;
    const content: ContentLoader = {
      ...seed,
      siteSettings: async () => ({
        ...(await seed.siteSettings()),
        firstReminderHours: 48,
        secondReminderHours: 2,
      }),
    };
    t.deps.content = content;
    t.app = createApp(t.deps);
    parent = await signedInUser(t, { name: 'Pat Parent' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads the times from the settings', async () => {
    expect((await reminderKinds(t.deps.content)).map((k) => k.kind)).toEqual(['48h', '2h']);
  });

  it('reminds 48 hours and 2 hours before, and not at the default times', async () => {
    moveTo(new Date(NOW));
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 4 });
    const bookingId = await bookOne(start!);

    for (const minutes of [-48 * 60 - 1, -24 * 60, -3 * 60]) {
      moveTo(shift(start!, minutes));
      if (minutes === -48 * 60 - 1) expect((await sendDueReminders(t.deps)).sent).toBe(0);
      else await sendDueReminders(t.deps);
    }
    expect(await reminderSubjects(bookingId)).toEqual(['in 48 hours']);
    moveTo(shift(start!, -2 * 60));
    await sendDueReminders(t.deps);
    expect(await reminderSubjects(bookingId)).toEqual(['in 48 hours', 'in 2 hours']);
    expect((await sendDueReminders(t.deps)).sent).toBe(0);
  });

  it('skips a set time that had passed when the seat was booked', async () => {
    moveTo(new Date(NOW));
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 6 });
    moveTo(shift(start!, -10 * 60));
    const bookingId = await bookOne(start!);
    await sendDueReminders(t.deps);
    expect(await reminderSubjects(bookingId)).toEqual([]);
    moveTo(shift(start!, -2 * 60));
    await sendDueReminders(t.deps);
    expect(await reminderSubjects(bookingId)).toEqual(['in 2 hours']);
    const decided = await t.deps.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, bookingId));
    expect(Object.fromEntries(decided.map((r) => [r.kind, r.outcome]))).toEqual({
      '48h': 'skipped',
      '2h': 'sent',
    });
  });
});
