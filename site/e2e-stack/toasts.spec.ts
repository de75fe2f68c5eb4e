// Toasts against the one-command stack: each kind (error, success and the plain one) passes
// axe's colour-contrast check as it shows, and sits on top of the page rather than under the
// sticky header. The other journeys scan the whole page, toasts included, as they go.
import type { Page } from '@playwright/test';
import { axeOnToast, expect, signedInCustomer, test } from './support.ts';

/** The toast titled `title` is what a reader sees at its centre (nothing covers it). */
async function expectOnTop(page: Page, title: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: title }).first();
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  const { x, y, width, height } = box as NonNullable<typeof box>;
  const covered = await page.evaluate(
    ({ cx, cy, text }) => {
      const hit = document.elementFromPoint(cx, cy);
      return !hit?.closest('[data-sonner-toast]')?.textContent?.includes(text);
    },
    { cx: x + width / 2, cy: y + height / 2, text: title },
  );
  expect(covered, `the "${title}" toast is covered`).toBe(false);
}

test('error and success toasts meet colour contrast and show above the header', async ({
  page,
}) => {
  await signedInCustomer(page, '/my-account');
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
  await page.getByLabel('Phone').fill('1234');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  const error = await axeOnToast(page, 'Phone number must contain 10-15 digits');
  expect(error.type).toBe('error');
  expect(error.contrastChecked).toBeGreaterThan(0);
  expect(error.violations).toEqual([]);
  await expectOnTop(page, 'Phone number must contain 10-15 digits');

  await page.getByLabel('Phone').fill('020 7946 0958');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const success = await axeOnToast(page, 'Profile Updated');
  expect(success.type).toBe('success');
  expect(success.contrastChecked).toBeGreaterThan(0);
  expect(success.violations).toEqual([]);
  await expectOnTop(page, 'Profile Updated');
});

test('the plain toast meets colour contrast', async ({ page }) => {
  // Signed out, Request New Verification tells the visitor to write to support.
  await page.goto('/verify-email');
  await page.getByRole('button', { name: 'Request New Verification' }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  const title = (await toast.locator('[data-title]').textContent()) ?? '';
  const plain = await axeOnToast(page, title);
  expect(plain.type).toBeNull(); // sonner marks no type on a plain toast
  expect(plain.contrastChecked).toBeGreaterThan(0);
  expect(plain.violations).toEqual([]);
  await expectOnTop(page, title);
});
