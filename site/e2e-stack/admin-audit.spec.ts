// /admin/audit against the one-command stack (decision 073): a customer books and pays, the demo
// admin cancels the booking, then finds it on the audit page filtered by what and who, as one
// sentence naming the pupil and the session in London time, at 1280 px and on a 375 px phone,
// with nothing wider than the screen and axe clean.
import { formatLondonDate, formatTime12h } from '@tuition/domain';
import {
  bookAndPayThroughApi,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  freshIp,
  logIn,
  registerVerified,
  test,
} from './support.ts';

interface UpcomingBooking {
  id: string;
  label: string;
  startsAt: string;
}

test('an admin finds a cancellation on the audit page, in words and London time', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const customerRequest = await playwright.request.newContext({ baseURL });
  const customer = await registerVerified(customerRequest, baseURL, {
    name: `Audit Family ${suffix}`,
  });
  const signIn = await customerRequest.post('/api/auth/sign-in/email', {
    data: { email: customer.email, password: customer.password },
    headers: { origin: new URL(baseURL!).origin, 'x-forwarded-for': freshIp() },
  });
  expect(signIn.status()).toBe(200);
  await bookAndPayThroughApi(customerRequest, baseURL, { count: 1 });
  const [booking] = (await (
    await customerRequest.get('/api/me/bookings?scope=upcoming')
  ).json()) as UpcomingBooking[];
  const { pupils } = (await (await customerRequest.get('/api/me/pupils')).json()) as {
    pupils: { name: string }[];
  };
  const pupil = pupils[0];
  await customerRequest.dispose();

  // The admin cancels the booking (the admin page's own call).
  await logIn(page, DEMO_ADMIN, '/admin');
  const cancelled = await page.request.post(`/api/admin/bookings/${booking!.id}/cancel`, {
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(cancelled.status()).toBe(200);
  const startsAt = new Date(booking!.startsAt);
  // The words that say which 12 is meant follow a comma inside the sentence's brackets.
  const time = formatTime12h(startsAt).replace(/ \((.+)\)$/, ', $1');
  const sentence =
    `Booking for ${pupil!.name} (${booking!.label}, ${formatLondonDate(startsAt)}, ` +
    `${time}) cancelled by ${DEMO_ADMIN.name}`;

  // The dashboard links to the audit page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: /Audit trail/ }).click();
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading the audit trail…')).toBeHidden();

  await page.getByLabel('What').selectOption({ label: 'Booking cancelled' });
  await page.getByLabel('Who (name or e-mail)').fill(DEMO_ADMIN.email);
  await page.getByRole('button', { name: 'Show entries' }).click();
  const row = page.getByRole('row').filter({ hasText: sentence });
  await expect(row).toBeVisible();
  // Every entry shown is a cancellation by the admin, in words; no field name, id or UTC.
  const table = page.getByRole('table');
  await expect(table).not.toContainText(/booking\.cancel|status|booking:|\d{2}:\d{2}:\d{2}/);
  await expectNoAxeViolations(page, '/admin/audit filtered at 1280 px');

  // On a 375 px phone the same page fits: nothing scrolls sideways, the sentence wraps.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(row).toBeVisible();
  const overrun = await page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );
  expect(overrun).toBe(0);
  await expectNoAxeViolations(page, '/admin/audit filtered at 375 px');
});
