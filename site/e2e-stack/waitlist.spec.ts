// The waiting list in a real browser against the one-command stack (decision 060): a family joins a
// full session's list from the booking calendar, a seat frees when another family cancels, the
// "A place has opened" mail arrives, /upcoming-bookings shows the offer with the time left, and
// Book now leads through the basket ("Held for you until …") and the local checkout to a booked
// seat. The full card at 375 px keeps its date whole and shows the family's position.
import { formatLondonDate } from '@tuition/domain';
import {
  checkOutAndPay,
  expect,
  expectNoAxeViolations,
  linkFromMail,
  logIn,
  openContext,
  registerVerified,
  showMonthOf,
  signedInCustomer,
  test,
} from './support.ts';

interface Slot {
  startsAt: string;
  date: string;
  seatsLeft: number;
  state: string;
}

const SERVICE = 'gcse-higher';

test('from a full session to a booked seat through the offer mail', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = { origin: new URL(baseURL ?? 'http://localhost').origin };

  // A family of ten fills one GCSE Higher session next month.
  const fillerContext = await openContext(browser, baseURL);
  const fillerPage = await fillerContext.newPage();
  const filler = await registerVerified(fillerPage.request, baseURL, { name: 'Full House' });
  await logIn(fillerPage, filler, '/');
  const request = fillerPage.request;
  const pupilIds: string[] = [];
  for (let i = 1; i <= 10; i += 1) {
    const added = await request.post('/api/me/pupils', {
      data: { name: `Child ${i}`, yearGroup: 'y10', consent: true },
      headers: origin,
    });
    expect(added.status(), await added.text()).toBe(201);
    pupilIds.push(((await added.json()) as { id: string }).id);
  }
  const availability = await request.get(`/api/availability?service=${SERVICE}`);
  const { slots } = (await availability.json()) as { slots: Slot[] };
  const thisMonth = slots[0]?.date.slice(0, 7) ?? '';
  const slot = slots.find((s) => s.date.slice(0, 7) > thisMonth && s.seatsLeft === 10);
  expect(slot, 'an empty GCSE Higher session next month').toBeTruthy();
  const start = slot?.startsAt ?? '';
  await checkOutAndPay(request, origin, { service: SERVICE, startsAt: [start], pupilIds });

  // Another family finds it full and joins its waiting list from the calendar.
  const waiter = await signedInCustomer(page, `/booking?service=${SERVICE}`);
  await showMonthOf(page, start);
  const dateText = formatLondonDate(new Date(start));
  const card = page.locator('.booking-session', { hasText: dateText });
  await expect(card.getByText('Full', { exact: true })).toBeVisible();
  // One action on a full card: the waiting-list button.
  await expect(card.getByText(/join waiting list/i)).toHaveCount(1);
  await card.getByRole('button', { name: /^Join waiting list/ }).click();
  await expect(page.getByText('You are on the waiting list.')).toBeVisible();
  await expect(card.getByText('1 waiting')).toBeVisible();
  const mine = card.getByRole('link', { name: 'On the waiting list (position 1)' });
  await expect(mine).toBeVisible();
  await expectNoAxeViolations(page, '/booking with a full session joined');

  // On a phone the full card keeps its date whole and its one link in view.
  await page.setViewportSize({ width: 375, height: 800 });
  const date = card.locator('.booking-session__date');
  await expect(date).toBeInViewport();
  expect(await date.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await mine.scrollIntoViewIfNeeded();
  const box = await mine.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, '/booking at 375 px with a full session joined');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The first family cancels one seat: it is offered to the waiting family at once.
  const upcoming = await request.get('/api/me/bookings?scope=upcoming');
  const [first] = (await upcoming.json()) as { id: string }[];
  const cancelled = await request.post(`/api/me/bookings/${first?.id}/cancel`, {
    headers: origin,
  });
  expect(cancelled.status()).toBe(200);
  const link = await linkFromMail(page.request, waiter.email, /A place has opened/, '/booking');
  expect(link).toMatch(/^\/booking\?offer=/);

  // /upcoming-bookings shows the offer with the time left and Book now.
  await page.goto('/upcoming-bookings');
  await expect(page.getByText('Place offered')).toBeVisible();
  await expect(page.getByText(/hours? (\d+ minutes? )?left/)).toBeVisible();
  const bookNow = page.getByRole('link', { name: /^Book now: / });
  await expect(bookNow).toHaveAttribute('href', link);
  await expectNoAxeViolations(page, '/upcoming-bookings with an offer');

  // Book now: the basket holds the offered seat; pay; the seat is booked.
  await bookNow.click();
  const basket = page.getByRole('complementary', { name: 'Basket' });
  await expect(basket.getByTestId('basket-total')).toHaveText('£15.00');
  // The basket says how long the seat is theirs.
  await expect(basket.getByText(/^Held for you until \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/payment-success\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await page.goto('/upcoming-bookings');
  await expect(page.locator('.bookings-card', { hasText: dateText })).toBeVisible();
  await expect(page.getByText('Place offered')).toHaveCount(0);
  await fillerContext.close();
});
