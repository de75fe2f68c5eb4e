// The admin's promotions at 375 px (docs/decisions/082): the admin sets the sibling discount to
// 10% and is told what was saved, creates a promo code in the New code dialog, deactivates it,
// and still sees it listed, inactive, after a reload. Nothing is wider than the phone, and axe
// finds nothing in the section or the dialog. The code's name is new on every try; the sibling
// discount goes back to 0 afterwards so the other journeys price as before.
import type { Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  logIn,
  scrollToAdminSection,
  test,
} from './support.ts';

const PHONE = { width: 375, height: 740 };

/** The page scrolls sideways by this much (0 when it fits the screen). */
const pageOverrun = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

test.afterEach(async ({ page, baseURL }) => {
  const put = await page.request.put('/api/admin/discounts/sibling', {
    data: { percent: 0 },
    headers: { origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(put.status(), await put.text()).toBe(200);
});

test('an admin sets the sibling discount and creates, then deactivates, a promo code at 375 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const code =
    `SPEC-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();
  await scrollToAdminSection(page, 'Promotions');
  const section = page.locator('.admin-promotions');

  // Sibling discount: 10%, said back once saved.
  const percent = section.getByRole('spinbutton', { name: /^Percentage \(0 to 50\)/ });
  await expect(percent).toBeEnabled();
  await percent.fill('10');
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    section.getByText('Saved: 10% off each additional pupil’s seat in the same session.'),
  ).toBeVisible();
  await expect(section.getByText('Sibling discount: 10%', { exact: true })).toBeVisible();

  // A new code: 10% off GCSE Higher, five uses in all.
  await section.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
  await dialog.getByRole('radio', { name: /^Percentage off/ }).check();
  await dialog.getByRole('textbox', { name: /^Percentage off/ }).fill('10');
  await dialog.getByRole('textbox', { name: /^Uses in all/ }).fill('5');
  await dialog.getByRole('checkbox', { name: 'GCSE Higher' }).click();
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'the New code dialog at 375 px');
  await dialog.screenshot({ path: test.info().outputPath('new-code-375.png') });
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();

  const row = section.locator('.admin-promos__row', { hasText: code });
  await expect(row).toContainText('10% off');
  await expect(row).toContainText('0 of 5');
  await expect(row).toContainText('GCSE Higher');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // Deactivated: still listed, inactive, and so after a reload.
  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate ${code}` })).toBeFocused();
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'the Promotions section at 375 px');
  await section.screenshot({ path: test.info().outputPath('promotions-375.png') });

  await page.reload();
  await scrollToAdminSection(page, 'Promotions');
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(section.getByText('Sibling discount: 10%', { exact: true })).toBeVisible();
});
