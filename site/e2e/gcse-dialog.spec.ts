// GCSE's Learn More asks which tier the student is in (docs/product-rules.md#pages).
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 800 } });

const learnMore = (page: import('@playwright/test').Page) =>
  page.locator('[data-course="gcse"]').getByRole('button', { name: /^Learn More/ });

test('opens on click, offers both tiers and closes on Escape back to the button', async ({
  page,
}) => {
  await page.goto('/services/mathematics');
  await learnMore(page).click();
  const dialog = page.getByRole('dialog', { name: 'Which tier are you?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Higher' })).toHaveAttribute(
    'href',
    '/course-timeline/gcse-higher',
  );
  await expect(dialog.getByRole('link', { name: 'Foundation' })).toHaveAttribute(
    'href',
    '/course-timeline/gcse',
  );
  await expect(dialog.getByRole('link', { name: 'Higher' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(learnMore(page)).toBeFocused();
});

test('works from the keyboard: Enter opens, Tab stays inside, Enter follows a tier', async ({
  page,
}) => {
  await page.goto('/services/mathematics');
  await learnMore(page).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Which tier are you?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('link', { name: 'Foundation' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/course-timeline\/gcse$/);
});

test('the close button and the backdrop both close it', async ({ page }) => {
  await page.goto('/services/mathematics');
  const dialog = page.getByRole('dialog', { name: 'Which tier are you?' });
  await learnMore(page).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(learnMore(page)).toBeFocused();

  await learnMore(page).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(dialog).toBeHidden();
});
