// A tutor's lesson, end to end at 375 px (docs/decisions/079): an admin invites a tutor and makes
// them lead of a weekly class; the tutor sets a password from the invite e-mail and finds Teach
// in the menu; a family has booked a session of that class; on the service's clock the lesson
// starts, the tutor marks the register and sends the report; once it has ended the family reads
// it on /previous-bookings, with the note about their child and never the staff note; the
// tutor's pages refuse the family and send a signed-out visitor to log in. axe on each new
// screen. SATs is a class no other journey books, and the session is found by its start, never
// taken as "the first"; the clock goes back to the real time however the test ends.
import type { APIRequestContext, Page } from '@playwright/test';
import { formatLondonDate } from '@tuition/domain';
import {
  axeAndScreenshotsAtBothWidths,
  bookNewPupilTwoDaysAhead,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  linkFromMail,
  logIn,
  londonWeeklySlot,
  mailTo,
  moveClock,
  openContext,
  signedInCustomer,
  stackNow,
  test,
  uniqueEmail,
} from './support.ts';

const SERVICE = 'sats';
// A name of this run's own: a retry books the same session again, and its register must not
// hold two pupils the locators cannot tell apart.
const PUPIL_FIRST_NAME = `Robin${Math.random().toString(36).slice(2, 6).replace(/\d/g, 'x')}`;
const TOPIC = `Fractions of amounts ${Math.random().toString(36).slice(2, 6)}`;
const NOTE = 'Robin explained the bar model to the group.';
const STAFF_NOTE = 'Staff only: Robin’s camera was off for ten minutes.';

interface MyBooking {
  id: string;
  startsAt: string;
  endsAt: string;
}
interface AdminClass {
  id: string;
  service: string;
  day: string;
  startTime: string;
}

/** Invites a tutor as the admin and makes them lead of the weekly class of `startsAt`. */
async function inviteLeadTutor(
  admin: APIRequestContext,
  origin: Record<string, string>,
  tutor: { name: string; email: string },
  startsAt: string,
): Promise<void> {
  const invited = await admin.post('/api/admin/tutors', { data: tutor, headers: origin });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id: tutorId } = (await invited.json()) as { id: string };
  const { classes } = (await (await admin.get('/api/admin/classes')).json()) as {
    classes: AdminClass[];
  };
  const slot = londonWeeklySlot(startsAt);
  const weekly = classes.find(
    (c) => c.service === SERVICE && c.day === slot.day && c.startTime === slot.startTime,
  );
  expect(weekly, `the weekly class of ${slot.day} ${slot.startTime}`).toBeTruthy();
  const assigned = await admin.put(`/api/admin/classes/${weekly?.id}/tutor`, {
    data: { tutorId },
    headers: origin,
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

test('a tutor takes the register and sends the report, and the family reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const origin = { origin: new URL(baseURL ?? 'http://localhost').origin };
  const contextOptions = { viewport: { width: 375, height: 740 } };
  const adminContext = await openContext(browser, baseURL, contextOptions);
  const familyContext = await openContext(browser, baseURL, contextOptions);
  const adminPage = await adminContext.newPage();
  const family = await familyContext.newPage();
  const tutor = { name: 'Ms Rivera', email: uniqueEmail('tutor') };
  try {
    const parent = await signedInCustomer(family, '/', { name: 'Jo Reporter' });
    const booking = await bookNewPupilTwoDaysAhead<MyBooking>(family.request, origin, {
      service: SERVICE,
      pupil: { name: `${PUPIL_FIRST_NAME} Reporter`, yearGroup: 'y6', consent: true },
      what: 'an open SATs session two days ahead',
    });
    const start = new Date(booking.startsAt);
    const card = (p: Page) => p.locator('.teach-card', { hasText: formatLondonDate(start) });

    await logIn(adminPage, DEMO_ADMIN, '/');
    await inviteLeadTutor(adminPage.request, origin, tutor, booking.startsAt);

    // The invite's link asks the tutor to choose a first password, then lands on /teach
    // signed in (decision 107).
    const link = await linkFromMail(page.request, tutor.email, /./, '/reset-password-token');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await page.getByLabel(/^Password/).fill('tutor-pass-2026');
    await page.getByLabel('Confirm password').fill('tutor-pass-2026');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL((url) => url.pathname === '/teach');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Menu' }).click();
    const account = header.getByRole('list', { name: 'Account' });
    await expect(account).toBeVisible();
    // A tutor's account books nothing (decision 088): the open menu offers no Book Now.
    await expect(header.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
    await expect(account.getByRole('link', { name: 'Teach' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Before the lesson: the session is listed, its register not open yet.
    await expect(card(page)).toContainText('SATs');
    await expect(card(page)).toContainText('Lead');
    await expect(card(page)).toContainText(/\d+ of 10 booked/);
    await axeAndScreenshotsAtBothWidths(page, 'teach-upcoming');
    await card(page)
      .getByRole('link', { name: /^Register and report/ })
      .click();
    await expect(page.getByText('The register opens when the lesson starts.')).toBeVisible();
    const robin = page.getByRole('group', { name: new RegExp(`^${PUPIL_FIRST_NAME}`) });
    await expect(robin.getByRole('radio', { name: 'Present' })).toBeDisabled();
    await axeAndScreenshotsAtBothWidths(page, 'teach-register-before');

    // Five minutes in, on the service's clock: mark the register and send the report.
    await moveClock(
      adminPage.request,
      baseURL,
      new Date(start.getTime() + 5 * 60_000),
      page,
      adminPage,
      family,
    );
    await page.reload();
    await robin.getByRole('radio', { name: 'Present' }).check();
    await expect(page.getByText(/^\d+ of \d+ marked$/)).toBeVisible();
    await expect(robin.getByRole('radio', { name: 'Present' })).toBeChecked();
    await page.getByLabel(/^Topic/).fill(TOPIC);
    await page.getByLabel('Homework').fill('Worksheet 3, questions 1 to 8');
    await page.getByLabel(`Note about ${PUPIL_FIRST_NAME}`).fill(NOTE);
    await page.getByLabel(/Only staff see this/i).fill(STAFF_NOTE);
    // A retry finds its session's report already sent by the first attempt: then it is a correction.
    const send = { name: /^Send (to families|correction)$/ };
    await page.getByRole('button', send).click();
    const confirm = page.getByRole('alertdialog');
    // Axe reads colours as they are: wait until the dialog has finished fading in.
    await expect(confirm.getByRole('button', send)).toBeVisible();
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const inDialog =
          target instanceof Element &&
          target.closest('[role="alertdialog"], [class*="DialogOverlay"]');
        return !inDialog || animation.playState !== 'running';
      }),
    );
    await expectNoAxeViolations(page, 'the send confirmation at 375 px');
    await confirm.getByRole('button', send).click();
    await expect(page.getByText(/^(Correction sent\. )?Sent to \d+ famil(y|ies)\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send correction' })).toBeVisible();
    await expect(page.getByText('Report sent')).toBeVisible();
    await axeAndScreenshotsAtBothWidths(page, 'teach-register-sent');

    // After the lesson, the family reads it: their child's note, never the staff note.
    const afterEnd = new Date(new Date(booking.endsAt).getTime() + 5 * 60_000);
    // The list sorts by the browser's clock too: it has to agree with the service's.
    await moveClock(adminPage.request, baseURL, afterEnd, page, adminPage, family);
    await family.goto('/previous-bookings');
    const report = family
      .locator('.bookings-card', { hasText: formatLondonDate(start) })
      .filter({ hasText: TOPIC });
    await expect(report.getByRole('heading', { name: 'Lesson report' })).toBeVisible();
    await expect(report).toContainText('Worksheet 3, questions 1 to 8');
    await expect(report).toContainText(NOTE);
    await expect(report).toContainText(`Tutor: ${tutor.name}`);
    await expect(report).not.toContainText(STAFF_NOTE);
    await axeAndScreenshotsAtBothWidths(family, 'previous-bookings-report');

    // The tutor's pages are not the family's: told so, and a visitor signed out is sent to log in.
    await family.goto('/teach');
    await expect(family.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expectNoAxeViolations(family, '/teach for a customer at 375 px');
    const visitor = await browser.newPage();
    await visitor.goto('/teach');
    await visitor.waitForURL((url) => url.pathname === '/login' && url.search === '?next=%2Fteach');
    await visitor.close();

    // The e-mail carries the same report, and no staff note either.
    await expect
      .poll(async () =>
        (await mailTo(family.request, parent.email)).find((m) => m.text.includes(TOPIC)),
      )
      .toBeTruthy();
    const mail = (await mailTo(family.request, parent.email)).find((m) => m.text.includes(TOPIC));
    expect(mail?.text).toContain(NOTE);
    expect(mail?.text).not.toContain(STAFF_NOTE);
  } finally {
    // Back to the run's calendar, so the journeys after this one see the clock they expect.
    await moveClock(adminPage.request, baseURL, stackNow());
    await adminContext.close();
    await familyContext.close();
  }
});
