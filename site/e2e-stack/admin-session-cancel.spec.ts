// The business cancels a whole session from the sessions overview (decision 077): the admin
// opens the session, writes the reason the families are sent, keeps the preselected "A session
// of credit", and is told what was done (focus moves there) while the session leaves the list;
// the family has a session of credit. axe on the dialog and on the overview after.
import type { APIRequestContext, Page } from '@playwright/test';
import { formatLondonDate } from '@tuition/domain';
import {
  bookAndPayThroughApi,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  shotsWanted,
  logIn,
  scrollToAdminSection,
  signedInCustomer,
  test,
} from './support.ts';

/** The page at 375 and 1280 px, and the sessions overview on its own. */
async function shoot(page: Page, name: string) {
  if (!shotsWanted()) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
    await keepScreenshot(page, `${name}-${width}.png`);
    await keepScreenshot(overviewOf(page), `${name}-overview-${width}.png`);
  }
  await page.setViewportSize({ width: 375, height: 740 });
}

/**
 * A class no other journey books: cancelling a session takes it out of every list, and another
 * journey that counts on the first sessions of its class must still find them.
 */
const CLASS = 'aslevel';

/** The customer's one upcoming booking: its start and its class, to find it in the overview. */
async function ownSession(request: APIRequestContext) {
  const mine = (await (await request.get('/api/me/bookings?scope=upcoming')).json()) as Array<{
    startsAt: string;
    label: string;
  }>;
  expect(mine).toHaveLength(1);
  return mine[0]!;
}

/**
 * That session's item in the overview. Other journeys share the stack and book sessions too, so
 * the test finds its own by class and date rather than taking the first.
 */
const itemOf = (page: Page, session: { startsAt: string; label: string }) =>
  overviewOf(page)
    .locator('li.admin-session')
    .filter({ hasText: session.label })
    .filter({ hasText: formatLondonDate(new Date(session.startsAt)) })
    .first();

const overviewOf = (page: Page) =>
  // By its heading's text: while the dialog is open the page behind it is hidden from roles.
  page.locator('.admin-section', { has: page.locator('h2', { hasText: 'Sessions Overview' }) });

test('an admin cancels a booked session for everyone with a session of credit', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signedInCustomer(page);
  await bookAndPayThroughApi(page.request, baseURL, { count: 1, service: CLASS });
  const mine = await ownSession(page.request);
  const customerCookies = await page.context().cookies();
  await page.context().clearCookies();

  await logIn(page, DEMO_ADMIN, '/admin');
  await scrollToAdminSection(page, 'Sessions Overview');
  const overview = overviewOf(page);
  const item = itemOf(page, mine);
  await item.locator('.admin-session__toggle').click();
  await item.getByRole('button', { name: /^Cancel session:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this session for everyone?' });
  const remedy = dialog.getByRole('group', { name: 'What do families get back?' });
  await expect(remedy.getByRole('radio', { name: /^A session of credit/ })).toBeChecked();

  // Without a reason nothing is sent: the field says why.
  await dialog.getByRole('button', { name: 'Cancel session for everyone' }).click();
  await expect(dialog.getByText('Say why the session is cancelled')).toBeVisible();
  await dialog.getByLabel('Reason (sent to the families)').fill('The tutor is ill');
  await expectNoAxeViolations(page, 'the cancel session dialog at 375 px');
  await shoot(page, 'session-cancel-dialog');

  await dialog.getByRole('button', { name: 'Cancel session for everyone' }).click();
  await expect(dialog).toBeHidden();
  const outcome = page.getByTestId('session-cancel-outcome');
  // Other journeys may have seats in the same session: each seat gets its session back.
  await expect(outcome).toContainText(
    /cancelled\. \d+ seats? cancelled: \d+ sessions? of credit given back\./,
  );
  await expect(outcome).toBeFocused();
  await expect(itemOf(page, mine)).toHaveCount(0);
  await expect(overview).toBeVisible();
  await expectNoAxeViolations(page, 'the sessions overview after a cancel at 375 px');
  await shoot(page, 'session-cancelled');

  // The family has the session back as credit.
  await page.context().clearCookies();
  await page.context().addCookies(customerCookies);
  const wallet = await (await page.request.get('/api/me/wallet')).json();
  expect(wallet).toMatchObject({ balance: 1 });
});

test('a session on a day closed since it was booked is cancelled with credit, reason written', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signedInCustomer(page);
  await bookAndPayThroughApi(page.request, baseURL, { count: 1, service: CLASS });
  const mine = await ownSession(page.request);
  await page.context().clearCookies();
  // The day is closed in the CMS after the booking: the list flags it (decision 052). The flag
  // is put on the service's own answer for this session, as a closure added later would.
  await page.route('**/api/admin/sessions?*', async (route) => {
    const answer = await route.fetch();
    const list = (await answer.json()) as {
      items: Array<{ startsAt: string; closedReason?: string }>;
    };
    for (const item of list.items) {
      if (item.startsAt === mine.startsAt) item.closedReason = 'Staff training';
    }
    await route.fulfill({ response: answer, json: list });
  });

  await logIn(page, DEMO_ADMIN, '/admin');
  await scrollToAdminSection(page, 'Sessions Overview');
  const item = itemOf(page, mine);
  await expect(item.getByText('Closed — Staff training')).toBeVisible();
  await shoot(page, 'session-closed-day');
  await item.getByRole('button', { name: /^Cancel session and credit families:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this session for everyone?' });
  await expect(dialog.getByLabel('Reason (sent to the families)')).toHaveValue(
    'We are closed that day',
  );
  await expect(dialog.getByRole('radio', { name: /^A session of credit/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel session for everyone' }).click();
  await expect(page.getByTestId('session-cancel-outcome')).toContainText(
    /seats? cancelled: \d+ sessions? of credit given back\./,
  );
  await expect(itemOf(page, mine)).toHaveCount(0);
});
