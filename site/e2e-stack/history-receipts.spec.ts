// Journeys against the one-command stack (decisions 052, 053): the basket survives sign-up, the e-mailed
// verification link and signing in, and is gone once paid; the Christmas closure on the
// calendar and a course timeline; history and receipts (an owner's receipt, another account's
// "Receipt not found"); axe on /previous-bookings, /payments-invoices and the receipt page.
// The stack runs on the real clock with the seeded closures (Christmas break 21 December 2026
// to 3 January 2027).
import type { Page } from '@playwright/test';
import {
  bookAndPayThroughApi,
  expect,
  expectNoAxeViolations,
  linkFromMail,
  logIn,
  openContext,
  openSessionCards,
  payOnLocalCheckout,
  registerVerified,
  signedInCustomer,
  test,
  uniqueEmail,
} from './support.ts';

/** The basket's lines: the picks survive a change of month, unlike the calendar's cards. */
const basketLines = (page: Page) =>
  page.getByRole('complementary', { name: 'Basket' }).locator('.booking-basket__item');

/**
 * Picks `count` open sessions, moving on a month when this one has none left (late in a
 * month the first pick may be this month's last, the second next month's first).
 */
async function pickSessions(page: Page, count: number) {
  for (let i = 0; i < count; i += 1) {
    let cards = openSessionCards(page);
    if ((await cards.count()) === 0) {
      await page.getByRole('button', { name: /next month/i }).click();
      cards = openSessionCards(page);
    }
    await cards.first().click();
    await expect(basketLines(page)).toHaveCount(i + 1);
  }
}

test('the basket survives sign-up, the e-mailed verification link and signing in, and is gone once paid', async ({
  page,
}) => {
  const email = uniqueEmail('basket');
  const password = 'basket-pass-42';
  await page.goto('/booking?service=ks3');
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  await pickSessions(page, 2);
  const basket = page.getByRole('complementary', { name: 'Basket' });
  await expect(basket.getByTestId('basket-total')).toHaveText('£30.00');

  // Pay asks a visitor to sign in; they register instead.
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Full name').fill('Basket Parent');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();

  // The e-mailed link, opened in the same browser, then back to booking.
  await page.goto(await linkFromMail(page.request, email, /verify/i, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified successfully!' })).toBeVisible();
  await page.goto('/booking');
  await expect(basket.getByTestId('basket-total')).toHaveText('£30.00');
  await expect(basketLines(page)).toHaveCount(2);

  // Signed in through the dialog, still the same basket; pay.
  const login = page.getByRole('link', { name: 'Login' }).first();
  if (await login.isVisible()) {
    await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Logged in successfully!')).toBeVisible();
    await expect(basket.getByTestId('basket-total')).toHaveText('£30.00');
  }
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('booking-basket')))
    .toBeNull();

  await page.goto('/booking?service=ks3');
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  await expect(page.locator('.booking-session__button[aria-pressed="true"]')).toHaveCount(0);
  await expect(basketLines(page)).toHaveCount(0);
});

test('the calendar and a course timeline say the school is closed over Christmas', async ({
  page,
}) => {
  await page.goto('/booking?service=gcse');
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  // Today is in November 2026 or later; step on to December 2026 if it is not shown yet.
  for (let i = 0; i < 2 && !(await page.getByText('Sessions in December 2026').isVisible()); i++) {
    await page.getByRole('button', { name: /next month/i }).click();
  }
  await expect(page.getByText('Sessions in December 2026')).toBeVisible();
  await expect(page.getByText('Closed — Christmas holiday')).toBeVisible();
  const christmasEve = page.locator('[data-day="2026-12-24"]');
  await expect(christmasEve).toHaveClass(/booking-day--closed/);
  await expect(
    page.locator('.booking-session__button', { hasText: 'Thursday 24 December' }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page, '/booking in December with the closure');

  await page.goto('/course-timeline/gcse');
  const closed = page.getByRole('row', { name: /Closed — Christmas holiday/ });
  await expect(closed).toContainText('21 December 2026 to 3 January 2027');
  await expectNoAxeViolations(page, '/course-timeline/gcse with the closure');
});

test('history and receipts: statuses now, the printable receipt, and not found for another account', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signedInCustomer(page, '/');
  await bookAndPayThroughApi(page.request, baseURL, { count: 2, service: 'gcse-higher' });
  const [first] = (await (await page.request.get('/api/me/bookings?scope=upcoming')).json()) as {
    id: string;
  }[];
  const cancel = await page.request.post(`/api/me/bookings/${first?.id}/cancel`, {
    headers: { origin: new URL(baseURL as string).origin },
  });
  expect(cancel.status()).toBe(200);

  await page.goto('/previous-bookings');
  await expect(page.getByRole('status')).toHaveText('Showing 0 completed sessions, 1 cancelled');
  await expect(page.getByRole('region', { name: 'Cancelled (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book New Session' })).toBeVisible();
  await expectNoAxeViolations(page, '/previous-bookings');

  await page.goto('/payments-invoices');
  const payment = page.locator('.payment-record');
  await expect(payment).toHaveCount(1);
  await expect(payment.locator('.payment-record__amount')).toHaveText('£30.00');
  await expect(payment.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(payment.getByText('Upcoming', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/payments-invoices');

  await payment.getByRole('link', { name: /View receipt/ }).click();
  await page.waitForURL(/\/payments-invoices\/receipt\?payment=/);
  const receiptUrl = new URL(page.url());
  await expect(page.getByRole('heading', { name: 'Maths Mastery Education' })).toBeVisible();
  await expect(page.getByText('Not VAT registered')).toBeVisible();
  await expect(page.getByText('SW1A 1AA')).toBeVisible();
  await expect(page.getByText('Payment reference')).toBeVisible();
  await expect(page.locator('.receipt__total')).toContainText('£30.00');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoAxeViolations(page, 'the receipt page');
  // Printed: the receipt alone, without the site's header and the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Maths Mastery Education' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  void owner;

  // Another account opening the same address: the unknown payment's answer, nothing shown.
  const other = await openContext(browser, baseURL);
  const stranger = await other.newPage();
  await logIn(
    stranger,
    await registerVerified(stranger.request, baseURL),
    `${receiptUrl.pathname}${receiptUrl.search}`,
  );
  await expect(stranger.getByRole('heading', { name: 'Receipt not found' })).toBeVisible();
  await expect(stranger.locator('.receipt')).toHaveCount(0);
  await expect(stranger.getByText('Payment reference')).toHaveCount(0);
  const paymentId = receiptUrl.searchParams.get('payment') ?? '';
  const theirs = await stranger.request.get(`/api/me/receipts/${paymentId}`);
  const unknown = await stranger.request.get(`/api/me/receipts/${crypto.randomUUID()}`);
  expect([theirs.status(), unknown.status()]).toEqual([404, 404]);
  expect(await theirs.json()).toEqual(await unknown.json());
  await expectNoAxeViolations(stranger, 'the receipt page, not found');
  await other.close();
});

test('the receipt fits a 375 px phone, its buttons on the screen and a long e-mail whole', async ({
  page,
  baseURL,
}) => {
  const phone = { width: 375, height: 740 };
  await page.setViewportSize(phone);
  const suffix = Math.random().toString(36).slice(2, 8);
  // An address with no hyphen to break at: it wraps anywhere rather than widen the page.
  const owner = await signedInCustomer(page, '/', {
    name: `Bartholomew Fitzwilliam-Montgomery ${suffix}`,
    email: `bartholomew.fitzwilliam.montgomery.${suffix}@familyexample.co.uk`,
  });
  await bookAndPayThroughApi(page.request, baseURL, { count: 2, service: 'gcse-higher' });
  await page.goto('/payments-invoices');
  await page
    .locator('.payment-record')
    .getByRole('link', { name: /View receipt/ })
    .click();
  await expect(page.locator('.receipt__total')).toContainText('£30.00');

  // Nothing to scroll sideways to: the page is as wide as the screen.
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  for (const control of [
    page.getByRole('button', { name: 'Print receipt' }),
    page.getByRole('link', { name: 'Back to Payments & Invoices' }),
    page.getByText(owner.email, { exact: false }),
    page.getByText('Payment reference'),
  ]) {
    await expect(control).toBeVisible();
    const box = await control.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
  }
  await expectNoAxeViolations(page, 'the receipt page at 375 px');
});
