// The header signed in, against the one-command stack (decision 050): Book
// Now stays beside the profile menu on a wide screen and in the phone menu, and leads to
// /booking; axe on the signed-in header at 375 px with the menu open.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, logIn, registerVerified, test } from './support.ts';

const header = (page: Page) => page.getByRole('banner');
const bookNow = (page: Page) => header(page).getByRole('link', { name: 'Book Now' });
const profileMenu = (page: Page) => header(page).getByRole('button', { name: /Profile menu/ });

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Book Now stays beside the profile menu once signed in, on every kind of page', async ({
    page,
    baseURL,
  }) => {
    const account = await registerVerified(page.request, baseURL);
    await logIn(page, account, '/');
    for (const path of ['/', '/services/mathematics', '/my-account', '/upcoming-bookings']) {
      if (path !== '/') await page.goto(path);
      // The profile menu shows the header has taken the session in; Book Now is still there.
      await expect(profileMenu(page), path).toBeVisible();
      await expect(bookNow(page), path).toBeVisible();
      await expect(bookNow(page), path).toHaveAttribute('href', '/booking');
      await expect(header(page).getByRole('link', { name: 'Login' }), path).toHaveCount(0);
    }
    await bookNow(page).click();
    await page.waitForURL((url) => url.pathname === '/booking');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });

  test('Book Now is in the phone menu once signed in, and the header passes axe', async ({
    page,
    baseURL,
  }) => {
    const account = await registerVerified(page.request, baseURL);
    await logIn(page, account, '/my-account');
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
    await header(page).getByRole('button', { name: 'Menu' }).click();
    // Narrow, the account links are listed in the menu in place of the profile button.
    await expect(header(page).getByText('Signed in as')).toBeVisible();
    await expect(header(page).getByRole('list', { name: 'Account' })).toBeVisible();
    await expect(bookNow(page)).toBeVisible();
    await expect(bookNow(page)).toBeInViewport();
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the signed-in header at 375 px with the menu open');

    await bookNow(page).click();
    await page.waitForURL((url) => url.pathname === '/booking');
  });
});
