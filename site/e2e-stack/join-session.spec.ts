import { formatLondonDate, formatTime12h } from '@tuition/domain';
import {
  bookNewPupilTwoDaysAhead,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  logIn,
  londonWeeklySlot,
  moveClock,
  openContext,
  scrollToAdminSection,
  signedInCustomer,
  stackNow,
  test,
} from './support.ts';

const SERVICE = 'gcse-higher';
const PUPIL = 'Sam Joiner';
const MEETING_URL = `https://meet.example.test/gcse-higher-${Math.random().toString(36).slice(2, 8)}`;

interface MyBooking {
  id: string;
  startsAt: string;
  join?: { opensAt: string; url: string | null };
}
interface AdminClass {
  id: string;
  service: string;
  day: string;
  startTime: string;
}

test('an admin sets the fallback link, and the family waits for the tutor 10 minutes before', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = { origin: new URL(baseURL ?? 'http://localhost').origin };
  const customerContext = await openContext(browser, baseURL);
  const family = await customerContext.newPage();
  try {
    await signedInCustomer(family, '/', { name: 'Jo Joiner' });
    const booking = await bookNewPupilTwoDaysAhead<MyBooking>(family.request, origin, {
      service: SERVICE,
      pupil: { name: PUPIL, yearGroup: 'y10', consent: true },
      what: 'an open GCSE Higher session two days ahead',
    });
    const start = new Date(booking.startsAt);
    const opensAt = booking.join?.opensAt ?? '';
    expect(booking.join?.url).toBeNull();
    const opensText = formatTime12h(new Date(opensAt));

    // Before the window: the list and the join page say when it opens.
    await family.goto('/upcoming-bookings');
    const card = family.locator('.bookings-card', { hasText: formatLondonDate(start) });
    await expect(card.getByText(`Join opens at ${opensText}`)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Join session' })).toHaveCount(0);
    await expectNoAxeViolations(family, '/upcoming-bookings before the join window');

    const early = await family.goto(`/join/${booking.id}`);
    expect(early?.status()).toBe(200);
    await expect(family.getByRole('heading', { name: `Join opens at ${opensText}` })).toBeVisible();
    await expectNoAxeViolations(family, '/join too early');
    // Somebody else's (or no) booking: the same not-found page.
    const unknown = await family.goto('/join/00000000-0000-4000-8000-000000000000');
    expect(unknown?.status()).toBe(404);
    await expect(family.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
    await expectNoAxeViolations(family, '/join not found');

    // The calendar feed on /my-account: shown, rotated, the old address gone.
    await family.goto('/my-account');
    const feedField = family.getByLabel('Your calendar address');
    await expect(feedField).toHaveValue(/\/api\/calendar-feed\.ics\?token=/);
    const firstFeed = await feedField.inputValue();
    await expectNoAxeViolations(family, '/my-account with the calendar feed');
    await family.getByRole('button', { name: 'Rotate link' }).click();
    const confirm = family.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(family, '/my-account rotate confirmation');
    await confirm.getByRole('button', { name: 'Rotate link' }).click();
    await expect(feedField).not.toHaveValue(firstFeed);
    const secondFeed = await feedField.inputValue();
    const feedPath = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    expect((await family.request.get(feedPath(firstFeed))).status()).toBe(404);
    const feed = await family.request.get(feedPath(secondFeed));
    expect(feed.status()).toBe(200);
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`/join/${booking.id}`);
    expect(ics).not.toContain(MEETING_URL);

    // The admin sets the weekly class's standing link in Classes: the room's fallback.
    await logIn(page, DEMO_ADMIN, '/admin');
    const classes = (
      (await (await page.request.get('/api/admin/classes')).json()) as { classes: AdminClass[] }
    ).classes;
    const slot = londonWeeklySlot(booking.startsAt);
    const weekly = classes.find(
      (c) => c.service === SERVICE && c.day === slot.day && c.startTime === slot.startTime,
    );
    expect(weekly, `the weekly class of ${slot.day} ${slot.startTime}`).toBeTruthy();
    await scrollToAdminSection(page, 'Classes');
    const panel = page.getByRole('region', { name: 'Classes' });
    await expect(panel).toBeVisible();
    const linkField = panel.locator(`[id="class-url-${weekly?.id}"]`);
    await linkField.fill('http://not-secure.example.test/room');
    await linkField
      .locator('xpath=ancestor::form')
      .getByRole('button', { name: 'Save link' })
      .click();
    await expect(panel.getByRole('alert')).toContainText('https://');
    await linkField.fill(MEETING_URL);
    await linkField
      .locator('xpath=ancestor::form')
      .getByRole('button', { name: 'Save link' })
      .click();
    await expect(page.getByText(/^Meeting link saved for GCSE Higher/)).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page, '/admin with the Classes panel');

    // Ten minutes before the start, on the service's clock.
    await moveClock(page.request, baseURL, new Date(start.getTime() - 10 * 60_000), page, family);

    await family.goto('/upcoming-bookings');
    const joinLink = family
      .locator('.bookings-card', { hasText: formatLondonDate(start) })
      .getByRole('link', { name: 'Join session' });
    await expect(joinLink).toHaveAttribute('href', `/join/${booking.id}`);
    await expectNoAxeViolations(family, '/upcoming-bookings inside the join window');
    await joinLink.click();
    await expect(
      family.getByRole('heading', { name: 'Waiting for your tutor to start the lesson' }),
    ).toBeVisible();

    // The register, once the session has started (attendance opens at the start, decision
    // 065): today's view, the pupil marked present, the mark kept.
    await moveClock(page.request, baseURL, new Date(start.getTime() + 5 * 60_000), page, family);
    await page.goto('/admin');
    await scrollToAdminSection(page, 'Sessions Overview');
    await page.getByRole('radio', { name: 'Today' }).click();
    const today = page
      .locator('.admin-session', { hasText: formatLondonDate(start) })
      .filter({ hasText: 'GCSE Higher' })
      .first();
    await expect(today.getByText('No meeting link')).toHaveCount(0);
    await today.getByRole('button', { name: /GCSE Higher/ }).click();
    const register = today.getByRole('group', { name: /Attendance\s*of Sam Joiner/ });
    await register.getByRole('radio', { name: 'Present' }).check();
    await expect(register.getByRole('radio', { name: 'Present' })).toBeChecked();
    await expectNoAxeViolations(page, '/admin Today with the register open');
    await page.reload();
    await page.getByRole('radio', { name: 'Today' }).click();
    await page
      .locator('.admin-session', { hasText: formatLondonDate(start) })
      .filter({ hasText: 'GCSE Higher' })
      .first()
      .getByRole('button', { name: /GCSE Higher/ })
      .click();
    await expect(
      page.getByRole('group', { name: /Attendance\s*of Sam Joiner/ }).getByRole('radio', {
        name: 'Present',
      }),
    ).toBeChecked();
  } finally {
    // Back to the run's calendar, so the journeys after this one see the clock they expect.
    await moveClock(page.request, baseURL, stackNow());
    await customerContext.close();
  }
});
