// A class that does not fill, in a real browser at 375 px against the one-command stack
// (decision 100): the admin gives A-Level's Thursday class a minimum of 3; the booking page and
// the basket say "Runs if at least 3 pupils are booked by …"; a family books its one child; the
// service's clock reaches the decision time, the session is cancelled; the family's previous
// bookings show the cancellation, its credit shows the session back, and the e-mail's button
// opens the booking page with the sister session in the basket, paid with that credit.
import { formatLondonDate, runsIfText } from '@tuition/domain';
import {
  checkOutAndPay,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  linkFromMail,
  logIn,
  moveClock,
  openContext,
  scrollToAdminSection,
  showMonthOf,
  signedInCustomer,
  test,
} from './support.ts';

const SERVICE = 'alevel';
const MINIMUM = 3;

interface Slot {
  sessionId: string;
  startsAt: string;
  seatsLeft: number;
  state: string;
  runsIf?: { minPupils: number; decidedAt: string };
}
interface AdminClass {
  id: string;
  service: string;
  day: string;
  startTime: string;
}

test('a class under its minimum: the condition, the decision, the credit and the sister', async ({
  page,
  browser,
  baseURL,
  stackClock,
}) => {
  const origin = { origin: new URL(baseURL ?? 'http://localhost').origin };
  await page.setViewportSize({ width: 375, height: 800 });

  // The admin gives A-Level on Thursdays at 7 pm a minimum of 3, decided 12 hours before.
  const adminContext = await openContext(browser, baseURL);
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, DEMO_ADMIN, '/');
  const classes = (await (await adminPage.request.get('/api/admin/classes')).json()) as {
    classes: AdminClass[];
  };
  const thursday = classes.classes.find(
    (c) => c.service === SERVICE && c.day === 'thu' && c.startTime === '19:00',
  );
  expect(thursday, 'the A-Level Thursday class').toBeTruthy();
  const setMinimum = (minPupils: number | null) =>
    adminPage.request.put(`/api/admin/classes/${thursday?.id}/minimum`, {
      data: { minPupils, decisionHoursBefore: 12 },
      headers: origin,
    });
  expect((await setMinimum(MINIMUM)).status()).toBe(200);
  try {
    const family = await signedInCustomer(page, '/');
    const added = await page.request.post('/api/me/pupils', {
      data: { name: 'Leo Minimum', yearGroup: 'y12', consent: true },
      headers: origin,
    });
    expect(added.status(), await added.text()).toBe(201);
    const pupilId = ((await added.json()) as { id: string }).id;

    // The first Thursday still to be decided, with an empty Sunday class after it.
    const { slots } = (await (
      await page.request.get(`/api/availability?service=${SERVICE}`)
    ).json()) as { slots: Slot[] };
    const slot = slots.find(
      (s) =>
        s.runsIf &&
        s.seatsLeft >= 1 &&
        slots.some(
          (other) =>
            other.seatsLeft >= 1 &&
            Date.parse(other.startsAt) - Date.parse(s.startsAt) > 0 &&
            Date.parse(other.startsAt) - Date.parse(s.startsAt) <= 3 * 86_400_000,
        ),
    );
    expect(slot, 'an A-Level Thursday still to be decided, with a sister after it').toBeTruthy();
    const start = slot?.startsAt ?? '';
    const decidedAt = new Date(slot?.runsIf?.decidedAt ?? '');
    const condition = runsIfText(MINIMUM, decidedAt);

    // The booking page says what the session runs on, on its card and in the basket.
    await page.goto(`/booking?service=${SERVICE}`);
    await showMonthOf(page, start);
    const card = page.locator('.booking-session', { hasText: formatLondonDate(new Date(start)) });
    await expect(card.getByText(condition)).toBeVisible();
    await card.locator('.booking-session__button').click();
    await page.getByRole('button', { name: 'View basket' }).click();
    const sheet = page.getByRole('dialog', { name: 'Selected sessions' });
    await expect(sheet.getByText(condition)).toBeVisible();
    await expectNoAxeViolations(page, '/booking, a session with a minimum in the basket');
    await keepScreenshot(page, 'minimum-basket-375.png');
    // The family books it another way (below); the basket on this page is emptied.
    await sheet.getByRole('button', { name: 'Clear All' }).click();
    await page.keyboard.press('Escape');

    // Booked and paid, one pupil of three.
    await checkOutAndPay(page.request, origin, {
      service: SERVICE,
      startsAt: [start],
      pupilIds: [pupilId],
    });

    // The admin's dashboard counts it at risk, when it is within the week.
    if (Date.parse(start) - Date.parse(stackClock.toISOString()) <= 7 * 86_400_000) {
      await adminPage.goto('/admin');
      await scrollToAdminSection(adminPage, 'Sessions Overview');
      await adminPage.getByRole('link', { name: 'Review sessions at risk' }).click();
      await expect(adminPage.getByText('1 of 3 needed')).toBeVisible();
      await expectNoAxeViolations(adminPage, '/admin, the at-risk sessions');
      await keepScreenshot(adminPage, 'admin-at-risk-1280.png');
    }

    // The decision time comes with too few pupils.
    await moveClock(page.request, baseURL, new Date(decidedAt.getTime() + 1_000), page);
    const link = await linkFromMail(page.request, family.email, /^Session cancelled/, '/booking');
    expect(link).toContain(`pupils=${pupilId}`);

    // The family's bookings show the cancellation, and its credit the session back.
    await page.goto('/previous-bookings');
    const cancelled = page.getByRole('region', { name: /^Cancelled/ });
    await expect(cancelled.getByText(formatLondonDate(new Date(start)))).toBeVisible();
    await expectNoAxeViolations(page, '/previous-bookings with a session cancelled by its minimum');
    await page.goto('/payments-invoices');
    await expect(page.getByTestId('credit-balance')).toHaveText('1 session of credit');

    // The e-mail's button: the sister session in the basket for Leo, paid with the credit.
    await page.goto(link);
    await expect(page.locator('.booking-session__button[aria-pressed="true"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'View basket' }).click();
    await expect(sheet.getByText('Leo Minimum')).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Book with Credit' })).toBeVisible();
    await expect(page.getByText(/No longer available/)).toHaveCount(0);
    await expectNoAxeViolations(page, '/booking opened from the sister-session link');
    await keepScreenshot(page, 'sister-basket-375.png');
  } finally {
    expect((await setMinimum(null)).status()).toBe(200);
    await adminContext.close();
  }
});
