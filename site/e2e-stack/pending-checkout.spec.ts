// Pending checkouts against the one-command stack (decision 041): a customer who leaves the payment page with
// Back sees "Payment pending" (never "Booked"), resumes the same payment page, and can check
// the same sessions out again; Release on /upcoming-bookings frees the seats at once; the
// success page opened directly claims nothing; an admin rescheduling for a customer sees the
// customer's own bookings and unpaid checkout. axe reads every new state, at 1280 and 375 px.
// With SHOTS_DIR set, the new screens are also saved as screenshots at both widths.
import type { APIRequestContext, Page } from '@playwright/test';
import { formatLondonDate } from '@tuition/domain';
import {
  bookAndPayThroughApi,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  freshIp,
  keepScreenshot,
  logIn,
  registerVerified,
  signedInCustomer,
  test,
  toastsAtRest,
} from './support.ts';

const WIDTHS = [1280, 375] as const;

/** axe at both widths (and a screenshot of each when wanted: keepScreenshot). */
async function checkAtBothWidths(page: Page, where: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await toastsAtRest(page);
    await expectNoAxeViolations(page, `${where} at ${width} px`);
    const name = `${where.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${width}.png`;
    await keepScreenshot(page, name, true);
  }
  await page.setViewportSize(original);
}

interface Slot {
  startsAt: string;
  state: string;
  seatsLeft: number;
}

async function slotsOf(request: APIRequestContext, service: string): Promise<Slot[]> {
  const response = await request.get(`/api/availability?service=${service}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { slots: Slot[] }).slots;
}

const origin = (baseURL: string | undefined) => ({
  origin: new URL(baseURL ?? 'http://localhost').origin,
  'x-forwarded-for': freshIp(),
});

/**
 * The session card of a London date ("Tuesday 1 December 2026"), on whichever month page
 * shows it: the calendar opens on the current month.
 */
async function cardOn(page: Page, dateText: string) {
  const month = dateText.split(' ').slice(-2).join(' ');
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  for (let i = 0; i < 3; i += 1) {
    if (await page.getByText(`Sessions in ${month}`).isVisible()) break;
    await page.getByRole('button', { name: /next month/i }).click();
  }
  await expect(page.getByText(`Sessions in ${month}`)).toBeVisible();
  return page.locator('.booking-session__button', { hasText: dateText }).first();
}

const sessionCard = (page: Page, startsAt: string) =>
  cardOn(page, formatLondonDate(new Date(startsAt)));

test('Back from the payment page: Payment pending, Resume, and a second checkout of the same sessions', async ({
  page,
}) => {
  await signedInCustomer(page, '/');
  await page.goto('/booking?service=gcse');
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  await page.getByRole('button', { name: /next month/i }).click();
  const open = page.locator(
    '.booking-session__button[data-slot-state="available"][aria-pressed="false"]:not([disabled])',
  );
  const dates: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const card = open.first();
    const date = (await card.locator('.booking-session__date').textContent()) ?? '';
    dates.push(date);
    await card.click();
    await expect(
      page.locator('.booking-session__button[aria-pressed="true"]', { hasText: date }),
    ).toHaveCount(1);
  }
  const basket = page.getByRole('complementary', { name: 'Basket' });
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  const firstPaymentPage = page.url();

  // Back: nothing was paid, so nothing says "Booked"; the payment waits to be resumed.
  await page.goBack();
  await page.waitForURL(/\/booking/);
  const pending = page.getByRole('region', { name: 'Payment pending' });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText('2 sessions, £30.00');
  for (const date of dates) {
    await expect(pending).toContainText(date);
    const card = await cardOn(page, date);
    await expect(card).toContainText('Payment pending');
    await expect(card).not.toContainText('Booked');
  }
  await checkAtBothWidths(page, 'booking with a pending payment');

  // Resume goes back to the very same payment page.
  await pending.getByRole('link', { name: 'Resume payment' }).click();
  await page.waitForURL(firstPaymentPage);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();

  // Back again, and check the same sessions out anew: the older checkout is replaced.
  await page.goBack();
  await page.waitForURL(/\/booking/);
  await expect(page.getByRole('region', { name: 'Payment pending' })).toBeVisible();
  for (const date of dates) {
    const card = await cardOn(page, date);
    if ((await card.getAttribute('aria-pressed')) !== 'true') {
      await card.click();
      await expect(card).toHaveAttribute('aria-pressed', 'true');
    }
  }
  await expect(page.getByText('Already Booked')).toHaveCount(0);
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  expect(page.url()).not.toBe(firstPaymentPage);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/payment-success\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Booking summary' }).getByText('2 sessions'),
  ).toBeVisible();

  // Booked once, and no payment left pending.
  await page.goto('/upcoming-bookings');
  await expect(page.locator('.bookings-card:not(.bookings-card--skeleton)')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Payment pending' })).toHaveCount(0);
  // The replaced payment page cannot take money any more.
  await page.goto(firstPaymentPage);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});

test('Release on /upcoming-bookings frees the seats at once', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signedInCustomer(page, '/');
  const [slot] = (await slotsOf(page.request, 'ks3')).filter(
    (s) => s.state === 'available' && s.seatsLeft > 0,
  );
  expect(slot).toBeTruthy();
  const started = await page.request.post('/api/checkout', {
    data: { service: 'ks3', startsAt: [slot!.startsAt] },
    headers: origin(baseURL),
  });
  expect(started.status(), await started.text()).toBe(201);

  const seatsFor = async (request: APIRequestContext) =>
    (await slotsOf(request, 'ks3')).find((s) => s.startsAt === slot!.startsAt);
  const stranger = await playwright.request.newContext({ baseURL });
  const heldSeats = (await seatsFor(stranger))?.seatsLeft ?? 0;
  expect(heldSeats).toBe(slot!.seatsLeft - 1);

  await page.goto('/upcoming-bookings');
  const pending = page.getByRole('region', { name: 'Payment pending' });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText(formatLondonDate(new Date(slot!.startsAt)));
  await expect(pending.getByRole('link', { name: 'Resume payment' })).toHaveAttribute(
    'href',
    /\/dev\/checkout\//,
  );
  await expect(page.getByText('No upcoming sessions')).toBeVisible();
  await checkAtBothWidths(page, 'upcoming bookings with a pending payment');

  // Keyboard: Tab to Release and press Enter.
  const release = pending.getByRole('button', { name: 'Release' });
  await release.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment released')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expectNoAxeViolations(page, '/upcoming-bookings after Release, with the toast');
  expect((await seatsFor(stranger))?.seatsLeft).toBe(heldSeats + 1);
  expect((await seatsFor(page.request))?.state).toBe('available');
  await stranger.dispose();
});

test('the success page opened directly claims nothing', async ({ page, playwright, baseURL }) => {
  // Someone else's paid checkout.
  const other = await playwright.request.newContext({ baseURL });
  const otherAccount = await registerVerified(other, baseURL);
  const signIn = await other.post('/api/auth/sign-in/email', {
    data: { email: otherAccount.email, password: otherAccount.password },
    headers: origin(baseURL),
  });
  expect(signIn.status()).toBe(200);
  const [slot] = (await slotsOf(other, 'alevel')).filter((s) => s.state === 'available');
  const started = await other.post('/api/checkout', {
    data: { service: 'alevel', startsAt: [slot!.startsAt] },
    headers: origin(baseURL),
  });
  const { checkoutId } = (await started.json()) as { checkoutId: string };
  const paid = await other.post(`/dev/checkout/${checkoutId}/pay`, {
    headers: origin(baseURL),
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  await other.dispose();

  const expectNeutral = async (where: string) => {
    await expect(page.getByRole('heading', { level: 1, name: 'No payment to show' })).toBeVisible();
    await expect(page.getByText('Payment Successful')).toHaveCount(0);
    await expect(page.getByText(/sessions are booked/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Upcoming Bookings' })).toHaveAttribute(
      'href',
      '/upcoming-bookings',
    );
    await expect(page.getByRole('link', { name: 'Book Sessions' })).toHaveAttribute(
      'href',
      '/booking',
    );
    await expectNoAxeViolations(page, where);
  };

  // Signed out.
  await page.goto(`/payment-success?checkout=${checkoutId}`);
  await expectNeutral('/payment-success signed out');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await signedInCustomer(page, '/payment-success');
  await expectNeutral('/payment-success without a checkout');
  await checkAtBothWidths(page, 'payment success without a checkout');

  await page.goto(`/payment-success?checkout=${checkoutId}`);
  await expectNeutral("/payment-success with another customer's checkout");
  await page.goto('/payment-success?checkout=00000000-0000-4000-8000-000000000000');
  await expectNeutral('/payment-success with an unknown checkout');
});

test('rescheduling for a customer, the admin sees their booked and pending sessions', async ({
  page,
  playwright,
  baseURL,
}) => {
  const customerRequest = await playwright.request.newContext({ baseURL });
  const customer = await registerVerified(customerRequest, baseURL, { name: 'Held Seats Pupil' });
  const signIn = await customerRequest.post('/api/auth/sign-in/email', {
    data: { email: customer.email, password: customer.password },
    headers: origin(baseURL),
  });
  expect(signIn.status()).toBe(200);
  await bookAndPayThroughApi(customerRequest, baseURL, { count: 2, service: 'gcse-higher' });
  const [unpaid] = (await slotsOf(customerRequest, 'gcse-higher')).filter(
    (s) => s.state === 'available' && s.seatsLeft > 0,
  );
  const started = await customerRequest.post('/api/checkout', {
    data: { service: 'gcse-higher', startsAt: [unpaid!.startsAt] },
    headers: origin(baseURL),
  });
  expect(started.status()).toBe(201);
  const booked = (await slotsOf(customerRequest, 'gcse-higher')).filter(
    (s) => s.state === 'booked',
  );
  expect(booked).toHaveLength(2);
  const me = (await (await customerRequest.get('/api/me')).json()) as { id: string };
  await customerRequest.dispose();

  await logIn(page, DEMO_ADMIN, `/admin/users/${encodeURIComponent(me.id)}`);
  await expect(page.getByRole('heading', { name: 'Bookings History' })).toBeVisible();
  const upcomingRows = page.locator('tr', { has: page.getByText('Upcoming', { exact: true }) });
  await expect(upcomingRows).toHaveCount(2);
  await upcomingRows
    .first()
    .getByRole('button', { name: /^Reschedule/ })
    .click();
  await expect(
    page.getByRole('heading', { name: `Reschedule for ${customer.name}` }),
  ).toBeVisible();

  // The customer's other booking is Booked and refused with the customer's words...
  const other = await sessionCard(page, booked[1]!.startsAt);
  await expect(other).toHaveAttribute('data-slot-state', 'booked');
  await expect(other).toContainText('Booked');
  await other.click();
  await expect(page.getByText('Already Booked', { exact: true })).toBeVisible();
  await expect(other).toHaveAttribute('aria-pressed', 'false');
  await checkAtBothWidths(page, 'admin reschedule picker for a customer');

  // ...and the session they are still paying for is Payment pending, and cannot be taken.
  const held = await sessionCard(page, unpaid!.startsAt);
  await expect(held).toHaveAttribute('data-slot-state', 'pending');
  await expect(held).toContainText('Payment pending');
  await held.click();
  await expect(page.getByText(/held by a payment that has not been finished/)).toBeVisible();
  await expect(held).toHaveAttribute('aria-pressed', 'false');
});
