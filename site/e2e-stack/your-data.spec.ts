// "Your data" against the one-command stack (decision 058): a customer with a paid booking downloads
// their data from /my-account, deletes the account on a 375 px phone (wrong password first, then
// the confirm dialog, which lists the seat and what it cost, decision 074), sees the result,
// gets the confirmation e-mail, and can no longer sign in; the address registers again. The
// privacy policy states the retention periods the service applies.
import { readFile } from 'node:fs/promises';
import { formatPounds } from '@tuition/domain';
import {
  bookAndPayThroughApi,
  expect,
  expectNoAxeViolations,
  freshIp,
  islandsReady,
  mailTo,
  signedInCustomer,
  test,
} from './support.ts';

test('download your data, delete the account, and sign-in fails afterwards', async ({
  page,
  baseURL,
}) => {
  const account = await signedInCustomer(page, '/my-account', { name: 'Dana Deleter' });
  await bookAndPayThroughApi(page.request, baseURL, { count: 1 });
  await page.reload();

  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectNoAxeViolations(page, '/my-account with Your data');

  // The download is a JSON file holding this account's profile and its booking.
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download your data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^your-data-.+\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    profile: { email: string; name: string };
    bookings: unknown[];
    payments: unknown[];
  };
  expect(exported.profile).toMatchObject({ email: account.email, name: 'Dana Deleter' });
  expect(exported.bookings).toHaveLength(1);
  expect(exported.payments).toHaveLength(1);

  // The statement is there before anything is asked.
  await expect(section.getByText('Cancelled sessions are not refunded')).toBeVisible();

  // From here on a 375 px phone: nothing scrolls sideways and the dialog's buttons stay in view.
  await page.setViewportSize({ width: 375, height: 667 });
  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // A wrong password is named on the field and nothing is deleted. The dialog first says what
  // the deletion cancels: the paid seat, at what it was charged.
  const [payment] = (await (await page.request.get('/api/me/payments')).json()) as {
    amountPence: number;
  }[];
  const paid = formatPounds(payment!.amountPence);
  const [booked] = (await (await page.request.get('/api/me/bookings?scope=upcoming')).json()) as {
    label: string;
  }[];
  await section.getByLabel('Password', { exact: true }).fill('not-my-password');
  await section.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await expect(
    confirm.getByText(
      `You have 1 upcoming paid session worth ${paid}. Deleting your account cancels it without a refund.`,
    ),
  ).toBeVisible();
  const seats = confirm.getByRole('region', { name: 'Upcoming paid sessions' });
  await expect(seats.getByRole('listitem')).toHaveCount(1);
  await expect(seats.getByRole('listitem')).toContainText(paid);
  await expect(seats.getByRole('listitem')).toContainText(`${booked!.label}, for Dana Deleter`);
  await expect(confirm.getByText(/Contact us first/)).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Delete my account' })).toBeInViewport();
  await expect(confirm.getByRole('button', { name: 'Keep my account' })).toBeInViewport();
  expect(await noSidewaysScroll()).toBe(true);
  await expectNoAxeViolations(page, 'the delete dialog with its cost');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Password is incorrect.')).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // The right password, confirmed: deleted and signed out, the result in view at 375 px.
  await section.getByLabel('Password', { exact: true }).fill(account.password);
  await section.getByRole('button', { name: 'Delete account' }).click();
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  const result = page.getByRole('heading', { name: 'Your account has been deleted' });
  await expect(result).toBeInViewport();
  await expect(result).toBeFocused();
  await expect(
    page.getByText('Your account has been deleted and you have been signed out.'),
  ).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeInViewport();
  expect(await noSidewaysScroll()).toBe(true);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The confirmation reached the address the account had, naming the cancelled session.
  await expect
    .poll(async () =>
      (await mailTo(page.request, account.email)).find((m) =>
        /account has been deleted/.test(m.subject),
      ),
    )
    .toBeTruthy();
  const confirmation = (await mailTo(page.request, account.email)).find((m) =>
    /account has been deleted/.test(m.subject),
  )!;
  expect(confirmation.text).toContain(`${booked!.label} maths, for Dana Deleter`);
  expect(confirmation.text).toContain(`worth ${paid}`);
  expect(confirmation.text).toContain('nothing more will be sent');

  // Signing in with the old details fails, in the dialog as a customer would try it.
  await page.goto('/login');
  await islandsReady(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(/invalid email or password/i).first()).toBeVisible();
  await expect(page.getByText('Logged in successfully!')).toHaveCount(0);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: new URL(baseURL!).origin, 'x-forwarded-for': freshIp() },
  });
  expect(signIn.status()).toBe(401);

  // The address is free to register again.
  const again = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Dana Again', email: account.email, password: 'another-horse-42' },
    headers: { origin: new URL(baseURL!).origin, 'x-forwarded-for': freshIp() },
  });
  expect(again.status()).toBe(200);
});

test('the privacy policy states the periods the retention job applies', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByText('Enquiries sent through the contact form: 2 years.')).toBeVisible();
  await expect(
    page.getByText(/Booking and payment records: 7 years after each payment/),
  ).toBeVisible();
  await expect(page.getByText(/\{[a-zA-Z]+\}/)).toHaveCount(0);
});
