// The admin journey against the one-command stack: a customer books and pays two sessions
// through the API; the demo admin finds them by search, opens their page, cancels one booking,
// moves the other with the picker, and sends a password reset that lands in the local mailbox
// naming the admin. axe checks both admin pages. Non-admins are sent away.
import type { APIRequestContext } from '@playwright/test';
import {
  type Account,
  axeViolations,
  bookAndPayThroughApi,
  DEMO_ADMIN,
  expect,
  freshIp,
  keepScreenshot,
  logIn,
  mailTo,
  monthWithSessions,
  registerVerified,
  scrollToAdminSection,
  signedInCustomer,
  test,
} from './support.ts';

/** Signs the customer in on `request`, then books and pays two GCSE sessions. */
async function bookTwoSessions(
  request: APIRequestContext,
  baseURL: string | undefined,
  customer: Account,
): Promise<void> {
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: customer.email, password: customer.password },
    headers: {
      origin: new URL(baseURL ?? 'http://localhost').origin,
      'x-forwarded-for': freshIp(),
    },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await bookAndPayThroughApi(request, baseURL, { count: 2 });
}

test('an admin finds a customer, cancels and moves their bookings, and sends a reset', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const customerRequest = await playwright.request.newContext({ baseURL });
  const customer = await registerVerified(customerRequest, baseURL, {
    name: `Journey Pupil ${suffix}`,
  });
  await bookTwoSessions(customerRequest, baseURL, customer);
  await customerRequest.dispose();

  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sessions Overview' })).toBeVisible();
  // The sections below the first screen are drawn as the admin scrolls down to them.
  await scrollToAdminSection(page, 'User Management');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText(/Showing 1 to \d+ of \d+ users/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Classes' })).toBeVisible();
  // The charts and their table alternative.
  await expect(page.getByRole('img', { name: /Bookings per week/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Search applies on Enter.
  await page
    .getByLabel("Search users by name, email or pupil's name")
    .fill(`pupil ${suffix}`.toUpperCase());
  await page.getByLabel("Search users by name, email or pupil's name").press('Enter');
  const rows = page.locator('.admin-users-table__row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(customer.email);
  await rows
    .first()
    .getByRole('button', { name: `Actions for ${customer.name}` })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Reset Password' })).toBeVisible();
  // The menu shows its items only: no stray source text, and no "View in Stripe" for a
  // customer without a Stripe customer link (the local payment adapter has none).
  await expect(page.getByRole('menu')).not.toContainText('stripeCustomerUrl');
  await expect(page.getByRole('menu')).not.toContainText('&&');
  await expect(page.getByRole('menuitem', { name: 'View in Stripe' })).toHaveCount(0);
  expect(await axeViolations(page), 'a user row menu').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  // A search that matches nobody says so.
  await page.getByLabel("Search users by name, email or pupil's name").fill(`nobody-${suffix}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No users found matching your search.')).toBeVisible();

  await page.getByLabel("Search users by name, email or pupil's name").fill(customer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('cell').nth(2).click();
  await page.waitForURL(/\/admin\/users\/[^/]+$/);

  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Back to Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookings History' })).toBeVisible();
  const upcomingRows = page.locator('tr', { has: page.getByText('Upcoming', { exact: true }) });
  await expect(upcomingRows).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  // On a phone each booking is a card: its status and actions in view without scrolling
  // sideways (decision 107).
  await page.setViewportSize({ width: 375, height: 740 });
  const firstCard = upcomingRows.first();
  await firstCard.scrollIntoViewIfNeeded();
  await expect(firstCard.getByText('Upcoming', { exact: true })).toBeInViewport();
  await expect(firstCard.getByRole('button', { name: /^Cancel/ })).toBeInViewport();
  await expect(firstCard.getByRole('button', { name: /^Reschedule/ })).toBeInViewport();
  expect(await axeViolations(page), 'the bookings as cards on a phone').toEqual([]);
  await keepScreenshot(page, 'admin-user-bookings-375.png');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel the first booking, confirming the spec's question.
  await upcomingRows
    .first()
    .getByRole('button', { name: /^Cancel/ })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText(
      'Are you sure you want to cancel this booking? This action cannot be undone.',
    ),
  ).toBeVisible();
  expect(await axeViolations(page), 'the admin cancel confirmation').toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(page.getByText('Booking cancelled successfully')).toBeVisible();
  await expect(
    page.locator('tr', { has: page.getByText('Cancelled', { exact: true }) }),
  ).toHaveCount(1);
  await expect(upcomingRows).toHaveCount(1);

  // Move the other one with the picker: the latest open session of the same class.
  await upcomingRows
    .first()
    .getByRole('button', { name: /^Reschedule/ })
    .click();
  await expect(
    page.getByRole('heading', { name: `Reschedule for ${customer.name}` }),
  ).toBeVisible();
  // Sessions the pupil already has say "Booked for …" and cannot be picked (decision 070).
  // Late in a month the current one may have no session left, or only theirs: the picker
  // then moves on to the first month with one to pick.
  const open = page
    .locator('button.booking-session__button:not([disabled])[aria-pressed="false"]')
    .filter({ hasNotText: 'Booked for' });
  await monthWithSessions(page, open);
  await open.last().click();
  await expect(page.locator('button.booking-session__button[aria-pressed="true"]')).toHaveCount(1);
  expect(await axeViolations(page), 'the admin reschedule picker').toEqual([]);
  await page.getByRole('complementary').getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(page.getByText('Session rescheduled successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookings History' })).toBeVisible();
  await expect(
    page.locator('tr', { has: page.getByText('Rescheduled', { exact: true }) }),
  ).toHaveCount(1);
  await expect(upcomingRows).toHaveCount(1);

  // Send a password reset; the mail names the admin.
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Send Password Reset' })).toBeVisible();
  expect(await axeViolations(page), 'the Actions menu').toEqual([]);
  await page.getByRole('menuitem', { name: 'Send Password Reset' }).click();
  // Nothing is sent until the admin confirms, naming whom it goes to.
  const confirmReset = page.getByRole('alertdialog');
  await expect(
    confirmReset.getByText(`Send a password reset e-mail to ${customer.name} (${customer.email})?`),
  ).toBeVisible();
  expect(await axeViolations(page), 'the reset confirmation').toEqual([]);
  await confirmReset.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Password Reset Sent')).toBeVisible();
  await expect(page.getByText(`Password reset email sent to ${customer.email}.`)).toBeVisible();
  await expect
    .poll(async () =>
      (await mailTo(page.request, customer.email)).some(
        (m) => /reset/i.test(m.subject) && m.text.includes(`${DEMO_ADMIN.name} from the`),
      ),
    )
    .toBe(true);
});

test('a customer is sent away from the admin pages and refused by the API', async ({ page }) => {
  await signedInCustomer(page, '/admin');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/admin/users/someone');
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/admin');
  const response = await page.request.get('/api/admin/summary');
  expect(response.status()).toBe(403);
});

test('a signed-out visitor is sent home from /admin', async ({ page }) => {
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/');
  expect((await page.request.get('/api/admin/users')).status()).toBe(401);
});

test('tabbing down /admin meets every section before the footer, on a phone too', async ({
  page,
}) => {
  // A phone: only the figures and charts are drawn as the page loads.
  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();
  const search = page.getByLabel("Search users by name, email or pupil's name");
  // The dashboard itself, not the frame drawn while the sign-in is checked: the charts.
  await expect(page.getByRole('figure', { name: 'Bookings per week' })).toBeVisible();
  // The first key press puts the page in use: every section below starts loading at once. A
  // person sees "Loading…" where one is still coming; the test waits for them as they would.
  await page.keyboard.press('Tab');
  await expect(search).toBeAttached();
  await expect(page.getByText(/^Loading (classes|users)…$/)).toHaveCount(0);
  let reached = false;
  let presses = 0;
  // Then a brisk human pace: ten presses a second. Each weekly class in the Classes section has
  // its link, tutor, recording and minimum controls, so the way down is long but finite.
  for (; presses < 250 && !reached; presses++) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(100);
    const at = await page.evaluate(() => {
      const active = document.activeElement;
      return {
        footer: Boolean(active?.closest('footer')),
        search: Boolean(active?.matches('input[type="search"]')),
      };
    });
    expect(at.footer, 'the footer was reached before User Management').toBe(false);
    reached = at.search;
  }
  expect(reached, `User Management's search not reached in ${presses} presses`).toBe(true);
  await expect(search).toBeFocused();
});
