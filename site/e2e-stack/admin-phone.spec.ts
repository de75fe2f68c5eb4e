// /admin on a 375 px phone against the one-command stack (WCAG 1.4.10 reflow): nothing on the
// page is wider than the screen or cut off by its card, the Sessions Overview choices and
// badges fit, each user of User Management reads as a block of labelled fields with the name
// and e-mail whole, the charts fit with their text at full size, and axe finds nothing.
import type { Locator } from '@playwright/test';
import {
  bookAndPayThroughApi,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  logIn,
  pageOverrun,
  scrollToAdminSection,
  signedInCustomer,
  test,
} from './support.ts';

const PHONE = { width: 375, height: 740 };

/** How far the element's content runs past its own box, in pixels (0 when it fits). */
const overrun = (locator: Locator) =>
  locator.evaluate((el) => Math.max(0, el.scrollWidth - el.clientWidth));

/** Whether the element lies wholly between the screen's left and right edges. */
async function withinScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

test('/admin fits a 375 px phone: users as labelled blocks, charts and sessions whole, axe clean', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  // A customer with a long name and e-mail, who has paid: a row in the table, a revenue bar.
  const suffix = Math.random().toString(36).slice(2, 8);
  const customer = await signedInCustomer(page, '/', {
    name: `Bartholomew Fitzwilliam-Montgomery ${suffix}`,
    email: `bartholomew.fitzwilliam-montgomery.${suffix}@family-example.co.uk`,
  });
  await bookAndPayThroughApi(page.request, baseURL, { count: 1 });
  await page.context().clearCookies();

  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();

  // The payments chart fits the screen, every label and amount on it, drawn at 1:1 or larger.
  const revenue = page.getByRole('img', { name: /Payments taken per month/ });
  await expect(revenue).toBeVisible();
  expect(await withinScreen(revenue)).toBe(true);
  const chartText = await revenue.evaluate((svg) => {
    const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
    return Array.from(svg.querySelectorAll('text')).map((text) => {
      const box = text.getBoundingClientRect();
      return {
        text: text.textContent,
        onScreen: box.left >= 0 && box.right <= window.innerWidth,
        px: Number.parseFloat(getComputedStyle(text).fontSize) * scale,
      };
    });
  });
  expect(chartText.filter((t) => !t.onScreen)).toEqual([]);
  expect(chartText).toHaveLength(24);
  expect(Math.min(...chartText.map((t) => t.px))).toBeGreaterThanOrEqual(12);

  await scrollToAdminSection(page, 'Sessions Overview');
  await scrollToAdminSection(page, 'User Management');
  const search = page.getByLabel("Search users by name, email or pupil's name");
  await search.fill(customer.email);
  await search.press('Enter');
  const rows = page.locator('.admin-users-table__row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();

  // The row's name and e-mail are on the screen whole, not behind a sideways scroll.
  const name = row.getByRole('link', { name: customer.name });
  const email = row.getByText(customer.email);
  await expect(name).toBeVisible();
  await expect(email).toBeVisible();
  expect(await withinScreen(name)).toBe(true);
  expect(await withinScreen(email)).toBe(true);
  expect(await overrun(page.locator('.admin-users-table .rt-ScrollAreaViewport'))).toBe(0);
  // Each field under its column's name, its value whole.
  const fields = row.locator('td[data-label]');
  await expect(fields).toHaveCount(4);
  for (const field of await fields.all()) {
    const shown = await field.evaluate((cell) => ({
      label: cell.getAttribute('data-label'),
      drawn: getComputedStyle(cell, '::before').content,
      display: getComputedStyle(cell, '::before').display,
    }));
    expect(shown.drawn, `the ${shown.label} label`).toContain(shown.label);
    expect(shown.display).toBe('block');
    expect(await withinScreen(field), `the ${shown.label} field`).toBe(true);
    expect(await overrun(field), `the ${shown.label} field`).toBe(0);
  }

  // No card cuts off what is in it: the Sessions Overview choices, sessions and their badges.
  for (const card of await page.locator('.admin-section').all()) {
    expect(await overrun(card)).toBe(0);
  }
  const choices = page.getByRole('radio', { name: /Upcoming|Today|Previous/ });
  for (const choice of await choices.all()) expect(await withinScreen(choice)).toBe(true);
  expect(await pageOverrun(page)).toBe(0);

  await expectNoAxeViolations(page, '/admin at 375 px');
});
