import { expect, test } from '@playwright/test';
import { content } from './seed.ts';

test('an unknown path shows the not-found page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  expect(errors.some((text) => text.includes('/no-such-page'))).toBe(true);
  await expect(page.getByText('Timeline Not Found')).toBeHidden();
});

test('an unknown course timeline says so and lists the real ones', async ({ page }) => {
  const response = await page.goto('/course-timeline/gcse-premium');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Timeline Not Found');
  await expect(page.getByText('Oops! Page not found')).toBeHidden();
  await expect(page).toHaveTitle(/^Timeline Not Found \|/);
  for (const timeline of await content.courseTimelines()) {
    await expect(page.getByRole('link', { name: timeline.title })).toHaveAttribute(
      'href',
      `/course-timeline/${timeline.id}`,
    );
  }
  await page.getByRole('link', { name: 'Back to Maths Courses' }).click();
  await expect(page).toHaveURL(/\/services\/mathematics$/);
});
