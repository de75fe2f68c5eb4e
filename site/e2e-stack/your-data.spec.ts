// "Your data" against the one-command stack (decision 058): a customer with a paid booking downloads
// their data from /my-account, deletes the account (wrong password first, then the confirm
// dialog), and can no longer sign in; the address registers again. The privacy policy states
// the retention periods the service applies.
import { readFile } from 'node:fs/promises';
import {
  bookAndPayThroughApi,
  expect,
  expectNoAxeViolations,
  freshIp,
  islandsReady,
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

  // A wrong password is named on the field and nothing is deleted.
  await section.getByLabel('Password', { exact: true }).fill('not-my-password');
  await section.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Password is incorrect.')).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // The right password, confirmed: deleted and signed out.
  await section.getByLabel('Password', { exact: true }).fill(account.password);
  await section.getByRole('button', { name: 'Delete account' }).click();
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    page.getByText('Your account has been deleted and you have been signed out.'),
  ).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);

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
