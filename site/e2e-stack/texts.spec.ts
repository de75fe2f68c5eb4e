// Text messages on /my-account against the one-command stack (docs/decisions/103 and 110), at
// 375 px: a parent saves a mobile number in Ofcom's drama range, the texts section says it is
// not verified, sends a code, reads it from the local text twin (/dev/sms/messages), confirms it,
// turns on lesson reminders beside the service's own sentence, and finds it kept after a reload.
// axe and screenshots at 375 and 1280 px with the code field and with reminders on.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  islandsReady,
  keepScreenshot,
  signedInCustomer,
  test,
} from './support.ts';

test.use({ viewport: { width: 375, height: 740 } });

// A number of its own each run: the service allows 3 codes an hour per number. Never ending 999,
// which the twin answers "undelivered".
const NUMBER = `+447700900${String(100 + Math.floor(Math.random() * 899)).padStart(3, '0')}`;
const SHOWN = `07700 ${NUMBER.slice(-6)}`;

const texts = (page: Page) => page.getByRole('region', { name: 'Text messages' });

async function checkAndShoot(page: Page, name: string) {
  await expectNoAxeViolations(page, `${name} at 375 px`);
  await keepScreenshot(page, `${name}-375.png`, true);
  await keepScreenshot(texts(page), `${name}-section-375.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, `${name} at 1280 px`);
  await keepScreenshot(page, `${name}-1280.png`, true);
  await keepScreenshot(texts(page), `${name}-section-1280.png`);
  await page.setViewportSize({ width: 375, height: 740 });
}

/** The code in the newest text the twin holds for the number. */
async function codeTexted(page: Page): Promise<string> {
  let code = '';
  await expect(async () => {
    const answer = await page.request.get(`/dev/sms/messages?to=${encodeURIComponent(NUMBER)}`);
    expect(answer.ok()).toBe(true);
    const { messages } = (await answer.json()) as { messages: { body: string; at: string }[] };
    const newest = [...messages].sort((a, b) => b.at.localeCompare(a.at))[0];
    code = /code is (\d{6})/.exec(newest?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  return code;
}

test('a parent verifies a mobile number and turns on lesson reminders by text', async ({
  page,
}) => {
  await signedInCustomer(page, '/my-account');
  await islandsReady(page);
  const section = texts(page);
  await expect(section.getByText(/Add your mobile number under Personal Details/)).toBeVisible();
  await expect(
    section.getByText(/Payments, receipts and account e-mails stay e-mail only/),
  ).toBeVisible();

  // The number is saved with the details form; the texts section reads it again.
  await page.getByLabel('Phone', { exact: true }).fill(NUMBER);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(section.getByText(`Texts go to ${SHOWN}`)).toBeVisible();
  await expect(section.getByText('Not verified', { exact: true })).toBeVisible();

  await section.getByRole('button', { name: 'Send a code' }).click();
  await expect(
    section.getByText(/We texted a 6-digit code to .* It works for 10 minutes\./),
  ).toBeVisible();
  const codeField = section.getByLabel('Code from the text');
  await expect(codeField).toBeVisible();
  await checkAndShoot(page, 'texts-code-sent');

  await codeField.fill(await codeTexted(page));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
  await expect(codeField).toBeHidden();

  // The service's own sentence stands beside the switch and describes it.
  const reminders = section.getByRole('switch', { name: 'Lesson reminders' });
  await expect(reminders).toHaveAccessibleDescription(/Text me a reminder before each lesson/);
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  await reminders.click();
  await expect(reminders).toHaveAttribute('aria-checked', 'true');
  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'Lesson reminders by text turned on' }),
  ).toBeVisible();
  await expect(section.getByLabel('No texts from')).toHaveValue('21:00');
  await expect(section.getByLabel('until')).toHaveValue('08:00');

  await page.reload();
  await islandsReady(page);
  await expect(texts(page).getByText('Verified', { exact: true })).toBeVisible();
  await expect(texts(page).getByRole('switch', { name: 'Lesson reminders' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(texts(page).getByRole('switch', { name: 'Changes to my sessions' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const me = await page.request.get('/api/me/notifications');
  expect(((await me.json()) as { sms: { reminders: boolean } }).sms.reminders).toBe(true);
  await checkAndShoot(page, 'texts-reminders-on');
});
