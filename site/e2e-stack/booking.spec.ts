// Booking journeys in a real browser against the one-command stack: book and pay through the
// local checkout page, see the bookings, reschedule and cancel; the 10-for-£100 bundle; the
// login prompt at pay time; the phone-sized bottom sheet; the whole booking by keyboard; and
// axe on every booking page, the open sheet, the dialogs and the toasts showing at the time.
import type { Locator, Page } from '@playwright/test';
import {
  axeOnToast,
  bookAndPayThroughApi,
  expect,
  expectNoAxeViolations,
  openSessionCards,
  payOnLocalCheckout,
  signedInCustomer,
  test,
} from './support.ts';

/**
 * Opens /booking for GCSE Foundation on next month's page: always inside the 56-day window
 * and always more than 24 hours ahead, so the sessions can be rescheduled.
 */
async function openNextMonth(page: Page) {
  await page.goto('/booking?service=gcse');
  await expect(page.getByRole('radio', { name: /GCSE Foundation/ })).toBeChecked();
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  await page.getByRole('button', { name: /next month/i }).click();
}

/** Picks `count` session cards one by one, waiting for each check with the service. */
async function pickSessions(page: Page, count: number) {
  for (let i = 0; i < count; i += 1) {
    let cards = openSessionCards(page);
    if ((await cards.count()) === 0) {
      await page.getByRole('button', { name: /next month/i }).click();
      cards = openSessionCards(page);
    }
    const card = cards.first();
    const name = (await card.locator('.booking-session__date').textContent()) ?? '';
    await card.click();
    await expect(
      page.locator('.booking-session__button[aria-pressed="true"]', { hasText: name }),
    ).toHaveCount(1);
  }
}

async function bookingCards(page: Page): Promise<Locator> {
  const cards = page.locator('.bookings-card:not(.bookings-card--skeleton)');
  await expect(cards.first()).toBeVisible();
  return cards;
}

test('book two sessions, pay, reschedule one, cancel one', async ({ page }) => {
  await signedInCustomer(page, '/');
  await openNextMonth(page);
  await pickSessions(page, 2);
  const basket = page.getByRole('complementary', { name: 'Basket' });
  await expect(basket.getByTestId('basket-total')).toHaveText('£30.00');
  await expectNoAxeViolations(page, '/booking with two sessions');

  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Booking summary' });
  await expect(summary.getByText('2 sessions')).toBeVisible();
  await expect(summary.getByTestId('payment-total')).toHaveText('£30.00');
  await expect(summary.getByRole('listitem')).toHaveCount(2);
  await expect(summary.getByRole('listitem').first()).toContainText('£15.00');
  await expectNoAxeViolations(page, '/payment-success');

  await page.getByRole('link', { name: 'Manage Bookings' }).click();
  await expect(page.getByRole('link', { name: /Upcoming Bookings/ })).toBeVisible();
  await expectNoAxeViolations(page, '/manage-bookings');
  await page.getByRole('link', { name: /Upcoming Bookings/ }).click();
  let cards = await bookingCards(page);
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Upcoming');
  await expectNoAxeViolations(page, '/upcoming-bookings');

  // Reschedule the first booking to another GCSE Foundation session.
  const movedFrom = (await cards.first().locator('h2').textContent()) ?? '';
  await cards.first().getByRole('button', { name: 'Reschedule' }).click();
  await page.waitForURL(/\/reschedule\?booking=/);
  await expect(page.getByRole('heading', { name: 'Current session' })).toBeVisible();
  await expect(page.getByText(movedFrom, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /next month/i }).click();
  await pickSessions(page, 1);
  const panel = page.getByRole('complementary', { name: 'Reschedule' });
  await expect(panel.getByTestId('basket-total')).toHaveText('£0.00');
  // A second pick is refused and the first kept.
  await openSessionCards(page).first().click();
  await expect(page.getByText('Single Session Only')).toBeVisible();
  await expect(page.locator('.booking-session__button[aria-pressed="true"]')).toHaveCount(1);
  // The refusal is an error toast, and axe reads it (its colours included) with the page.
  const refusal = await axeOnToast(page, 'Single Session Only');
  expect(refusal.type).toBe('error');
  expect(refusal.contrastChecked).toBeGreaterThan(0);
  expect(refusal.violations).toEqual([]);
  await expectNoAxeViolations(page, '/reschedule with the error toast');
  await panel.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(page.getByText('Session rescheduled successfully')).toBeVisible();
  await page.waitForURL(/\/upcoming-bookings$/);
  cards = await bookingCards(page);
  await expect(cards).toHaveCount(2);

  // Cancel one: the dialog says there is no refund.
  const cancelledDate = (await cards.first().locator('h2').textContent()) ?? '';
  const cancelledTime = (await cards.first().locator('.bookings-card__time').textContent()) ?? '';
  await cards.first().getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('refund');
  await expectNoAxeViolations(page, 'cancel confirmation dialog');
  await confirm.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(page.getByText('Booking Cancelled')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.locator('.bookings-card:not(.bookings-card--skeleton)')).toHaveCount(1);
  await expect(page.locator('.bookings-card', { hasText: cancelledDate })).toHaveCount(0);
  await expectNoAxeViolations(page, '/upcoming-bookings with the success toast');

  // Previous lists the cancelled booking (its date and time, badged Cancelled, no actions)
  // and the one moved away from.
  await page.goto('/previous-bookings');
  // Neither has taken place: nothing completed, each under its own heading (docs/product-rules.md#seats-and-bookings).
  await expect(page.getByRole('status')).toHaveText(
    'Showing 0 completed sessions, 1 cancelled and 1 rescheduled',
  );
  const previous = await bookingCards(page);
  const cancelled = previous.filter({
    has: page.getByRole('heading', { name: cancelledDate, exact: true }),
  });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled.locator('.bookings-card__time')).toHaveText(cancelledTime);
  const moved = previous.filter({
    has: page.getByRole('heading', { name: movedFrom, exact: true }),
  });
  await expect(moved).toContainText('Rescheduled');
  await expect(previous.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, '/previous-bookings');

  await page.goto('/payments-invoices');
  await expect(page.locator('.payment-record__amount')).toHaveText('£30.00');
  await expectNoAxeViolations(page, '/payments-invoices');
});

test('ten sessions cost £100 at checkout', async ({ page }) => {
  await signedInCustomer(page, '/');
  await page.goto('/booking?service=gcse-higher');
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  await pickSessions(page, 9);
  const basket = page.getByRole('complementary', { name: 'Basket' });
  await expect(basket.getByTestId('basket-total')).toHaveText('£135.00');
  await pickSessions(page, 1);
  await expect(basket.getByTestId('basket-total')).toHaveText('£100.00');
  await expect(basket.getByText(/Special offer applied/)).toBeVisible();
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  await expect(page.getByText('£100.00').first()).toBeVisible();
  // Leaving the payment page releases the hold.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/payment-canceled\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible();
  await expect(page.getByText('You can resume booking anytime')).toBeVisible();
  await expectNoAxeViolations(page, '/payment-canceled');
});

test('signed out, pay opens the login dialog with a note', async ({ page }) => {
  await page.goto('/booking?service=ks3');
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  await expect(page.getByRole('radio', { name: /English/ })).toBeDisabled();
  await pickSessions(page, 1);
  const basket = page.getByRole('complementary', { name: 'Basket' });
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, '/booking with the login dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(basket.getByText('Please log in to complete payment')).toBeVisible();

  for (const path of ['/upcoming-bookings', '/previous-bookings', '/manage-bookings']) {
    await page.goto(path);
    await expect(
      page
        .getByText('Please log in to view your bookings')
        .or(page.getByText('Please log in to manage your bookings')),
    ).toBeVisible();
    await expectNoAxeViolations(page, `${path} signed out`);
  }
  await page.goto('/reschedule');
  await page.waitForURL(/\/upcoming-bookings$/);
});

test('on a phone: the bottom bar and sheet, then pay', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signedInCustomer(page, '/');
  await openNextMonth(page);
  await pickSessions(page, 2);
  const bar = page.locator('.booking-bar');
  await expect(bar).toContainText('2 sessions');
  await expect(bar).toContainText('£30.00');
  await expect(page.getByRole('complementary', { name: 'Basket' })).toBeHidden();
  await bar.getByRole('button', { name: 'View basket' }).click();
  const sheet = page.getByRole('dialog', { name: 'Selected sessions' });
  await expect(sheet.getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page, 'open basket sheet');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await bar.getByRole('button', { name: 'View basket' }).click();
  await sheet.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payOnLocalCheckout(page);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expectNoAxeViolations(page, '/payment-success on a phone');
});

test('the booking can be made with the keyboard alone', async ({ page }) => {
  await signedInCustomer(page, '/');
  await page.goto('/booking');
  await expect(page.getByRole('radio', { name: /Mathematics/ })).toBeEnabled();

  /** Presses Tab until `target` has focus. */
  async function tabTo(target: Locator, limit = 80) {
    for (let i = 0; i < limit; i += 1) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('could not reach the element with Tab');
  }

  await tabTo(page.getByRole('radio', { name: /Mathematics/ }));
  await page.keyboard.press('Space');
  await tabTo(page.getByRole('radio', { name: /SATs/ }));
  // Arrow keys move through a radio group: SATs -> KS3 -> GCSE Foundation.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /GCSE Foundation/ })).toBeChecked();
  await expect(page.getByText(/Sessions in /)).toBeVisible();

  await tabTo(page.getByRole('button', { name: /next month/i }));
  await page.keyboard.press('Enter');
  const card = openSessionCards(page).nth(1);
  const date = (await card.locator('.booking-session__date').textContent()) ?? '';
  await tabTo(card);
  await page.keyboard.press('Enter');
  await expect(
    page.locator('.booking-session__button[aria-pressed="true"]', { hasText: date }),
  ).toHaveCount(1);

  const pay = page.getByRole('complementary', { name: 'Basket' }).getByRole('button', {
    name: 'Proceed to Payment',
  });
  await tabTo(pay);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dev\/checkout\//);
  await tabTo(page.getByRole('button', { name: /^Pay / }), 20);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/payment-success\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
});

test('within 24 hours of the start, Reschedule explains how to reach support', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, '/');
  await bookAndPayThroughApi(page.request, baseURL, { count: 1 });
  // The service decides what can still be moved by its own clock, so a session starting
  // within 24 hours cannot be booked on demand: its answer is rewritten to say the booked
  // session starts in three hours, exactly as it would then.
  await page.route('**/api/me/bookings?scope=upcoming', async (route) => {
    const response = await route.fetch();
    const bookings = (await response.json()) as Array<Record<string, unknown>>;
    const soon = new Date(Date.now() + 3 * 3_600_000);
    soon.setMinutes(0, 0, 0);
    for (const booking of bookings) {
      booking.startsAt = soon.toISOString();
      booking.endsAt = new Date(soon.getTime() + 3_600_000).toISOString();
      booking.canReschedule = false;
    }
    await route.fulfill({ response, json: bookings });
  });
  await page.goto('/upcoming-bookings');
  const cards = await bookingCards(page);
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact us to reschedule' });
  await expect(dialog).toContainText('up to 24 hours before');
  await expect(dialog.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expectNoAxeViolations(page, 'the contact-support dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Cancelling stays possible.
  await expect(cards.first().getByRole('button', { name: 'Cancel' })).toBeVisible();
});
