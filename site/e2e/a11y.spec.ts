// axe (WCAG 2.0/2.1/2.2 A and AA) finds nothing on any route, at desktop and phone widths.
import { expect, type Page, test } from '@playwright/test';
import { axeScan } from '../axe-scan.ts';
import { contentRoutes } from './seed.ts';

const routes = [...(await contentRoutes()), '/no-such-page', '/course-timeline/unknown'];

// A full axe scan of a long page takes several seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function violations(page: Page) {
  // axeScan waits for finite transitions to end first: the contact form's button fades from its
  // disabled grey as its script enables it (120 ms).
  // In the page itself, only violations' details built (decisions 121, 128).
  const results = await axeScan(page, { violationsOnly: true });
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
}

for (const path of routes) {
  test(`${path} has no axe violations at 1280 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    expect(await violations(page)).toEqual([]);
  });
}

test.describe('at 375 px, preferring reduced motion', () => {
  test.use({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });

  for (const path of ['/', '/services/mathematics', '/contact']) {
    test(`${path} has no axe violations with the menu open`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await violations(page)).toEqual([]);
    });
  }

  test('the GCSE tier dialog has no axe violations', async ({ page }) => {
    await page.goto('/services/mathematics');
    await page
      .locator('[data-course="gcse"]')
      .getByRole('button', { name: /^Learn More/ })
      .click();
    expect(await violations(page)).toEqual([]);
  });
});
