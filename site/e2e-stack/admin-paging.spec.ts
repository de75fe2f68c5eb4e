// The admin lists a page at a time (decision 075) on a 375 px phone, by keyboard: User
// Management walks its pages with Next and Previous, saying truthfully which users it shows,
// and a user's booking history past its first 50 comes with "Load more bookings", the focus
// moving to the first booking added. axe finds nothing at each step.
import type { Page } from '@playwright/test';
import {
  checkOutAndPay,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  logIn,
  openContext,
  register,
  registerVerified,
  scrollToAdminSection,
  test,
} from './support.ts';

const PHONE = { width: 375, height: 740 };
const SERVICE = 'gcse';

interface Slot {
  startsAt: string;
  state: 'available' | 'full' | 'booked';
  seatsLeft: number;
}

test('the admin pages users with Next and Previous and loads more of a history, at 375 px by keyboard', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = { origin: new URL(baseURL ?? 'http://localhost').origin };
  // One word every seeded account's name shares, so a search finds exactly these 30.
  const tag = `Pager${Math.random().toString(36).slice(2, 8)}`;

  // A family of six pupils books nine sessions: 54 seats, more than the history's first page.
  const familyContext = await openContext(browser, baseURL);
  const familyPage = await familyContext.newPage();
  const family = await registerVerified(familyPage.request, baseURL, { name: `${tag} Family` });
  await logIn(familyPage, family, '/');
  const pupilIds: string[] = [];
  for (let i = 1; i <= 6; i += 1) {
    const added = await familyPage.request.post('/api/me/pupils', {
      data: { name: `Child ${i}`, yearGroup: 'y10', consent: true },
      headers: origin,
    });
    expect(added.status(), await added.text()).toBe(201);
    pupilIds.push(((await added.json()) as { id: string }).id);
  }
  const availability = await familyPage.request.get(`/api/availability?service=${SERVICE}`);
  const { slots } = (await availability.json()) as { slots: Slot[] };
  const open = slots.filter((s) => s.state === 'available' && s.seatsLeft >= 6).slice(0, 9);
  expect(open, 'nine GCSE sessions with six seats free').toHaveLength(9);
  await checkOutAndPay(familyPage.request, origin, {
    service: SERVICE,
    startsAt: open.map((s) => s.startsAt),
    pupilIds,
  });
  await expect
    .poll(async () => {
      const mine = await familyPage.request.get('/api/me/bookings?scope=upcoming');
      return mine.ok() ? ((await mine.json()) as unknown[]).length : 0;
    })
    .toBe(54);
  await familyContext.close();
  // And 29 more accounts: 30 users match the search, two pages of 25.
  for (let i = 1; i <= 29; i += 1) {
    await register(request, baseURL, { name: `${tag} Parent ${String(i).padStart(2, '0')}` });
  }

  await page.setViewportSize(PHONE);
  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();
  await scrollToAdminSection(page, 'User Management');
  const search = page.getByLabel("Search users by name, email or pupil's name");
  await search.fill(tag);
  await search.press('Enter');
  const rows = page.locator('.admin-users-table__row');
  const showing = page.getByText(/^Showing /);
  await expect(showing).toHaveText('Showing 1 to 25 of 30 users');
  await expect(rows).toHaveCount(25);

  // Next and Previous by keyboard; the focus stays on the button pressed.
  const pages = page.getByRole('navigation', { name: 'User pages' });
  const next = pages.getByRole('button', { name: 'Next' });
  const previous = pages.getByRole('button', { name: 'Previous' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(showing).toHaveText('Showing 26 to 30 of 30 users');
  await expect(rows).toHaveCount(5);
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  // The family signed up first: the oldest of the 30, on the last page.
  const familyId = await userIdOf(page, family.name);
  await expectNoAxeViolations(page, '/admin at 375 px, users page 2');

  await page.keyboard.press('Shift+Tab');
  await expect(previous).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(showing).toHaveText('Showing 1 to 25 of 30 users');
  await expect(rows).toHaveCount(25);
  await expect(previous).toBeFocused();

  // The family's page: 50 bookings, then the four more.
  await page.goto(`/admin/users/${encodeURIComponent(familyId)}`);
  await expect(page.getByRole('heading', { level: 1, name: family.name })).toBeVisible();
  const bookings = page.locator('tr[data-booking-id]');
  await expect(bookings).toHaveCount(50);
  const loadMore = page.getByRole('button', { name: 'Load more bookings' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(bookings).toHaveCount(54);
  await expect(loadMore).toHaveCount(0);
  // The keyboard carries on at the first booking added.
  await expect(bookings.nth(50).getByRole('rowheader')).toBeFocused();
  await expectNoAxeViolations(page, '/admin/users/{id} at 375 px, every booking loaded');
});

/** The id in the row's link to the user's page, as the users table shows it. */
async function userIdOf(page: Page, name: string): Promise<string> {
  const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
  const id = href?.split('/').at(-1);
  expect(id, `the link to ${name}`).toBeTruthy();
  return decodeURIComponent(id ?? '');
}
