// Back on /upcoming-bookings after a reschedule, against the one-command stack (decision
// 029): the list itself says "Session rescheduled successfully" and marks the moved booking,
// once (a reload shows neither); axe on the list with the mark and the toast.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  checkOutAndPay,
  expect,
  expectNoAxeViolations,
  freshIp,
  signedInCustomer,
  test,
  toastWith,
} from './support.ts';

const RESCHEDULED = 'Session rescheduled successfully';

const bookingCards = (page: Page) => page.locator('.bookings-card:not(.bookings-card--skeleton)');

/**
 * Books and pays two GCSE sessions more than two days ahead, so both can still be moved online
 * (support.ts's bookAndPayThroughApi takes the first open ones, which may start within 24 hours).
 */
async function bookTwoMovableSessions(request: APIRequestContext, origin: string) {
  const headers = { origin, 'x-forwarded-for': freshIp() };
  const availability = await request.get('/api/availability?service=gcse');
  expect(availability.ok()).toBe(true);
  const { slots } = (await availability.json()) as {
    slots: { startsAt: string; state: string; seatsLeft: number }[];
  };
  const movable = Date.now() + 48 * 60 * 60 * 1000;
  const chosen = slots
    .filter((s) => s.state === 'available' && s.seatsLeft > 0)
    .filter((s) => new Date(s.startsAt).getTime() > movable)
    .slice(0, 2)
    .map((s) => s.startsAt);
  expect(chosen).toHaveLength(2);
  await checkOutAndPay(request, headers, { service: 'gcse', startsAt: chosen });
  await expect
    .poll(async () => {
      const mine = await request.get('/api/me/bookings?scope=upcoming');
      return mine.ok() ? ((await mine.json()) as unknown[]).length : 0;
    })
    .toBe(2);
}

/** Picks the first session that can still be chosen on the reschedule calendar's next month. */
async function pickNextMonthSession(page: Page): Promise<string> {
  await page.getByRole('button', { name: /next month/i }).click();
  const card = page
    .locator(
      '.booking-session__button[data-slot-state="available"][aria-pressed="false"]:not([disabled])',
    )
    .first();
  const date = (await card.locator('.booking-session__date').textContent()) ?? '';
  expect(date).not.toBe('');
  await card.click();
  await expect(
    page.locator('.booking-session__button[aria-pressed="true"]', { hasText: date }),
  ).toHaveCount(1);
  return date;
}

test('after a reschedule the list confirms it and marks the moved booking, once', async ({
  page,
  baseURL,
}) => {
  await signedInCustomer(page, '/');
  await bookTwoMovableSessions(page.request, new URL(baseURL ?? '').origin);
  await page.goto('/upcoming-bookings');
  await expect(bookingCards(page)).toHaveCount(2);
  // Nothing is confirmed or marked before anything moved.
  await expect(page.locator('.bookings-moved')).toHaveCount(0);

  await bookingCards(page).first().getByRole('button', { name: 'Reschedule' }).click();
  await page.waitForURL(/\/reschedule\?booking=/);
  await expect(page.getByRole('heading', { name: 'Current session' })).toBeVisible();
  const newDate = await pickNextMonthSession(page);
  await page
    .getByRole('complementary', { name: 'Reschedule' })
    .getByRole('button', { name: 'Confirm Reschedule' })
    .click();

  // The confirmation is the list's own, not a leftover of the reschedule page.
  await page.waitForURL((url) => url.pathname === '/upcoming-bookings');
  await expect(toastWith(page, RESCHEDULED)).toBeVisible();
  // ?moved= is taken out of the address, so a reload or a shared link does not confirm again.
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect(bookingCards(page)).toHaveCount(2);
  const marked = bookingCards(page).filter({ has: page.locator('.bookings-moved') });
  await expect(marked).toHaveCount(1);
  await expect(marked.getByText('Rescheduled just now')).toBeVisible();
  await expect(marked.locator('.bookings-card__date')).toHaveText(newDate);
  await expect(marked).toBeInViewport();
  await expectNoAxeViolations(page, '/upcoming-bookings with the moved booking marked');

  await page.reload();
  await expect(bookingCards(page)).toHaveCount(2);
  await expect(page.locator('.bookings-moved')).toHaveCount(0);
  await expect(toastWith(page, RESCHEDULED)).toHaveCount(0);
});
