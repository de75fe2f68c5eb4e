// Signing in before verifying, against the one-command stack (decision 039): the header's
// dialog explains why and says a new link was sent (and it was), Resend verification email
// sends another and then waits, and once the e-mailed link is opened the same sign-in works;
// axe on the dialog in that state.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, linkFromMail, mailTo, register, test } from './support.ts';

const verificationMails = async (page: Page, email: string) =>
  (await mailTo(page.request, email)).filter((m) => /verify/i.test(m.subject));

/**
 * Runs the page's clock on a second at a time until the button no longer counts down. The
 * countdown is one timer per second, each set after React shows the last; jumping a minute at
 * once would fire only the first.
 */
async function countDown(page: Page, button: Locator) {
  for (let second = 0; second < 90; second += 1) {
    const text = (await button.textContent()) ?? '';
    if (!/in \d+ s/.test(text)) return;
    await page.clock.fastForward(1000);
    await expect(button).not.toHaveText(text);
  }
}

async function openLoginDialog(page: Page) {
  // Signed out, the header's Login is a link the boot script turns into the dialog.
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Email')).toBeFocused();
  return dialog;
}

test('an unverified sign-in explains, resends on request and then waits; after verifying it works', async ({
  page,
  baseURL,
}) => {
  const account = await register(page.request, baseURL);
  await expect.poll(async () => (await verificationMails(page, account.email)).length).toBe(1);

  // The Resend button waits a minute between sends: the page's clock (every journey's page has
  // one, e2e-stack/support.ts) is run on, not waited for.
  await page.goto('/');
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel(/^Password/).fill(account.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'Please verify your email first' }),
  ).toBeVisible();
  const notice = dialog.getByTestId('unverified-notice');
  await expect(notice).toContainText('Your email address is not verified yet');
  await expect(notice).toContainText(`sent a verification link to ${account.email}`);
  // It says a new link was sent, and one was.
  await expect.poll(async () => (await verificationMails(page, account.email)).length).toBe(2);
  await expect(page.getByRole('button', { name: /Profile menu/ })).toHaveCount(0);

  // A link has only just gone: Resend waits before it can send another.
  const resend = notice.getByRole('button', { name: /Resend verification email/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toContainText(/in \d+ s/);
  await expectNoAxeViolations(page, 'the login dialog, unverified');

  await countDown(page, resend);
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'Verification Email Sent' }),
  ).toBeVisible();
  await expect.poll(async () => (await verificationMails(page, account.email)).length).toBe(3);
  // ... and then waits again.
  await expect(resend).toBeDisabled();
  await expect(resend).toContainText(/in \d+ s/);
  await expectNoAxeViolations(page, 'the login dialog, unverified, after Resend');

  // The newest link verifies the address; the same sign-in now works.
  const link = await linkFromMail(page.request, account.email, /verify/i, '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified successfully!' })).toBeVisible();
  await page.goto('/');
  const again = await openLoginDialog(page);
  await expect(again.getByTestId('unverified-notice')).toHaveCount(0);
  await again.getByLabel('Email').fill(account.email);
  await again.getByLabel(/^Password/).fill(account.password);
  await again.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'Logged in successfully!' }),
  ).toBeVisible();
  await expect(again).toBeHidden();
  // Focus moves to the profile menu that replaced Login, never to the page body (item 11).
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeFocused();
  // No further verification mail was sent for the verified sign-in.
  expect(await verificationMails(page, account.email)).toHaveLength(3);
});
