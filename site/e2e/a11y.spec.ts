// axe (WCAG 2.0/2.1/2.2 A and AA) finds nothing on any route, at desktop and phone widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { contentRoutes } from './seed.ts';

const routes = [...(await contentRoutes()), '/no-such-page', '/course-timeline/unknown'];

// A full axe scan of a long page takes several seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function violations(page: Page) {
  // Colours read mid-transition are neither state's: the contact form's button fades from its
  // disabled grey as its script enables it (120 ms). Wait for finite transitions to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // In the page itself, only violations' details built: half the time (decision 121).
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    })
    .setLegacyMode(true)
    .analyze();
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
