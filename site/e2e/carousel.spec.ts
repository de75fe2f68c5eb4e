// The home page's reviews carousel: 3 per view from 768 px, 1 below; buttons and arrow keys.
import { expect, type Page, test } from '@playwright/test';
import { content } from './seed.ts';

test.use({ reducedMotion: 'reduce' });

async function openCarousel(page: Page) {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Reviews', exact: true });
  await carousel.scrollIntoViewIfNeeded();
  // client:visible: wait for the island to hydrate before using its controls.
  await expect(carousel.getByRole('button', { name: 'Next reviews' })).toBeEnabled();
  return carousel;
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('pages three reviews at a time with the buttons and wraps round', async ({ page }) => {
    const total = (await content.reviews()).length;
    const carousel = await openCarousel(page);
    const status = carousel.locator('.carousel__status');
    await expect(status).toHaveText(`Showing reviews 1–3 of ${total}`);
    await carousel.getByRole('button', { name: 'Next reviews' }).click();
    await expect(status).toHaveText(`Showing reviews 4–6 of ${total}`);
    await carousel.getByRole('button', { name: 'Previous reviews' }).click();
    await expect(status).toHaveText(`Showing reviews 1–3 of ${total}`);
    await carousel.getByRole('button', { name: 'Previous reviews' }).click();
    await expect(status).toHaveText(`Showing reviews ${total - 2}–${total} of ${total}`);
    await carousel.getByRole('button', { name: 'Next reviews' }).click();
    await expect(status).toHaveText(`Showing reviews 1–3 of ${total}`);
  });

  test('the arrow keys page it and the visible reviews change', async ({ page }) => {
    const reviews = await content.reviews();
    const carousel = await openCarousel(page);
    const fourth = carousel.getByText(reviews[3]!.text);
    await expect(fourth).not.toBeInViewport();
    await carousel.getByRole('list').focus();
    await page.keyboard.press('ArrowRight');
    await expect(fourth).toBeInViewport();
    await expect(carousel.locator('.carousel__status')).toHaveText(
      `Showing reviews 4–6 of ${reviews.length}`,
    );
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.getByText(reviews[0]!.text)).toBeInViewport();
  });

  test('each review has a star rating with a text alternative', async ({ page }) => {
    const reviews = await content.reviews();
    const carousel = await openCarousel(page);
    await expect(carousel.getByRole('img', { name: /^Rated \d out of 5$/ })).toHaveCount(
      reviews.length,
    );
    await expect(carousel.getByRole('img').first()).toHaveAccessibleName(
      `Rated ${reviews[0]!.rating} out of 5`,
    );
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('shows one review at a time', async ({ page }) => {
    const total = (await content.reviews()).length;
    const carousel = await openCarousel(page);
    const status = carousel.locator('.carousel__status');
    await expect(status).toHaveText(`Showing review 1 of ${total}`);
    await carousel.getByRole('button', { name: 'Next reviews' }).click();
    await expect(status).toHaveText(`Showing review 2 of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(status).toHaveText(`Showing review 3 of ${total}`);
  });
});
