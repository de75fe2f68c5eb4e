// Header, footer, collapsed menu and chat link at a phone width and a desktop width.
import { expect, test } from '@playwright/test';
import { content } from './seed.ts';

const NAV = ['Services', 'About', 'Reviews', 'Contact'];

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the header shows the logo, the four links, Login and Book Now inline', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/');
    await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of NAV) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/booking',
    );
  });

  test('the footer carries the tagline, quick links, contact details and legal line', async ({
    page,
  }) => {
    const settings = await content.siteSettings();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(settings.tagline)).toBeVisible();
    await expect(
      footer.getByRole('heading', { name: settings.footer.contactHeading }),
    ).toBeVisible();
    const quickLinks = footer.getByRole('navigation', { name: settings.footer.quickLinksHeading });
    const expected: [string, string][] = [
      ['Services', '/services'],
      ['About', '/about'],
      ['Reviews', '/reviews'],
      ['Contact', '/contact'],
      ['Booking', '/booking'],
      ['Register', '/register'],
      ['Terms', '/terms-and-conditions'],
      ['Privacy', '/privacy-policy'],
    ];
    for (const [name, href] of expected) {
      await expect(quickLinks.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    }
    await expect(footer.getByRole('link', { name: settings.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${settings.contactEmail}`,
    );
    await expect(footer.getByRole('link', { name: settings.contactPhone })).toBeVisible();
    for (const social of settings.socialLinks) {
      await expect(
        footer.getByRole('link', { name: new RegExp(`^${social.label}`) }),
      ).toHaveAttribute('href', social.url);
    }
    await expect(
      footer.getByRole('link', { name: /Data protection registration/ }),
    ).toHaveAttribute('href', settings.dataProtectionUrl);
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  });

  test('the floating chat link opens the messaging service', async ({ page }) => {
    const settings = await content.siteSettings();
    await page.goto('/services');
    await expect(page.getByRole('link', { name: /Chat with us/ })).toHaveAttribute(
      'href',
      settings.chatUrl,
    );
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the links collapse into a menu that opens, closes on Escape and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Services' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of NAV) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();

    await nav.getByRole('link', { name: 'Services' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Services' })).toBeHidden();
  });

  test('the menu works from the keyboard and its links navigate', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services$/);
  });

  test('the footer stacks and keeps every quick link', async ({ page }) => {
    const { footer } = await content.siteSettings();
    await page.goto('/contact');
    const quickLinks = page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: footer.quickLinksHeading });
    await expect(quickLinks.getByRole('link')).toHaveCount(8);
    await quickLinks.scrollIntoViewIfNeeded();
    await expect(quickLinks.getByRole('link', { name: 'Privacy' })).toBeVisible();
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/services/mathematics', '/course-timeline/gcse-higher', '/contact']) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('course timeline tables fit the screen without scrolling sideways', async ({ page }) => {
    await page.goto('/course-timeline/gcse-higher');
    const overflows = await page
      .locator('.table-wrap')
      .evaluateAll((wraps) => wraps.map((wrap) => wrap.scrollWidth - wrap.clientWidth));
    expect(overflows.length).toBeGreaterThan(0);
    for (const overflow of overflows) expect(overflow).toBeLessThanOrEqual(0);
  });
});
