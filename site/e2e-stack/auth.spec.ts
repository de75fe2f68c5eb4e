// Auth journeys in a real browser against the one-command stack: register, verify by the
// e-mailed link, log in through the header's dialog, stay signed in across a reload, sign
// out; reset a forgotten password through the e-mailed link; and axe on every auth page and the
// open dialog. The phone field's journey is account-phone.spec.ts, the unverified sign-in's
// unverified-sign-in.spec.ts (decision 039).
import {
  axeViolations,
  expect,
  islandsReady,
  linkFromMail,
  register,
  registerVerified,
  signedInCustomer,
  test,
  uniqueEmail,
} from './support.ts';

test('register, verify by e-mail, log in through the dialog, reload, sign out', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('journey');
  const password = 'journey-pass-42';
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Full name').fill('Journey Person');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Please agree to the Terms')).toBeVisible();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const link = await linkFromMail(page.request, email, /verify/i, '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified successfully!' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });

  await page.getByRole('link', { name: 'Login' }).first().click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  const profile = page.getByRole('button', { name: /Profile menu/ });
  await expect(profile).toBeVisible();
  // The home hero now offers Book Now instead of Get Started.
  await expect(page.locator('.hero [data-auth-action="book"]')).toBeVisible();

  await page.reload();
  await expect(profile).toBeVisible();
  await profile.click();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  expect(await axeViolations(page), 'the open profile menu').toEqual([]);
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  void baseURL;
});

test('signing in before verifying shows the service message', async ({ page, baseURL }) => {
  const account = await register(page.request, baseURL);
  await page.goto('/login');
  await islandsReady(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(/not verified/i)).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link and signs in', async ({
  page,
  baseURL,
}) => {
  const account = await registerVerified(page.request, baseURL);
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByText('Please enter your email address.')).toBeVisible();
  await forgot.getByLabel('Email').fill(account.email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Reset Link Sent')).toBeVisible();

  const link = await linkFromMail(page.request, account.email, /reset/i, '/reset-password-token');
  await page.goto(link);
  await expect(page.getByLabel(/^New password/)).toBeVisible();
  expect(await axeViolations(page), 'the token reset form').toEqual([]);
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password too short')).toBeVisible();
  expect(await axeViolations(page), 'the token reset form with its error toast').toEqual([]);
  await page.getByLabel(/^New password/).fill('brand-new-pass-9');
  await page.getByLabel('Confirm new password').fill('brand-new-pass-9');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
});

test.describe('axe', () => {
  test('the auth dialog and the signed-out auth pages have no violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    for (const path of [
      '/login',
      '/register',
      '/verify-email',
      '/reset-password-token',
      '/reset-password',
      '/my-account',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), path).toEqual([]);
    }
  });

  test('/my-account signed in has no violations', async ({ page }) => {
    await signedInCustomer(page, '/my-account');
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
