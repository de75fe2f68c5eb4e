// The business cancels a card-paid seat on a 375 px phone (decision 077): the admin keeps the
// preselected "Give a session of credit", is told what was done (focus moves there), and the
// family's credit on the same page goes from none to 1, then to 3 with goodwill credit given.
// axe on the dialog and on the page with its credit.
import type { Page } from '@playwright/test';
import {
  bookAndPayThroughApi,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  shotsWanted,
  logIn,
  signedInCustomer,
  test,
} from './support.ts';

/** The page at 375 and 1280 px, and the cards changed (decision 077) on their own. */
async function shoot(page: Page, name: string) {
  if (!shotsWanted()) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
    await keepScreenshot(page, `${name}-${width}.png`, true);
    const cards = page.locator('.admin-credit, .admin-section:has(h2:text("Bookings History"))');
    for (const [i, card] of (await cards.all()).entries()) {
      await keepScreenshot(card, `${name}-card${i}-${width}.png`);
    }
  }
  await page.setViewportSize({ width: 375, height: 740 });
}

test('an admin cancels a card-paid seat with a session of credit; the family has 1, then 3', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signedInCustomer(page);
  await bookAndPayThroughApi(page.request, baseURL, { count: 1 });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  await page.context().clearCookies();

  await logIn(page, DEMO_ADMIN, `/admin/users/${encodeURIComponent(me.id)}`);
  const credit = page.getByRole('region', { name: 'Credit' });
  await expect(credit.getByTestId('credit-balance')).toHaveText('0 sessions of credit');
  await expect(credit).toContainText('No credit yet');

  await page.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('alertdialog');
  const remedy = dialog.getByRole('group', { name: 'What the family gets back' });
  await expect(remedy.getByRole('radio', { name: /^Give a session of credit/ })).toBeChecked();
  // The choice is the keyboard's too: arrows move it, and back.
  await remedy.getByRole('radio', { name: /^Give a session of credit/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(remedy.getByRole('radio', { name: /^Refund to the card/ })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(remedy.getByRole('radio', { name: /^Give a session of credit/ })).toBeChecked();
  await expectNoAxeViolations(page, 'the admin cancel dialog at 375 px');
  await shoot(page, 'admin-cancel-dialog');

  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(dialog).toBeHidden();
  const outcome = page.getByTestId('cancel-outcome');
  await expect(outcome).toHaveText(/cancelled: 1 session of credit given back\.$/);
  await expect(outcome).toBeFocused();
  await expect(credit.getByTestId('credit-balance')).toHaveText('1 session of credit');
  await expect(credit).toContainText('1 of 1 left');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();

  // Goodwill on top (audited as credit.grant): two more sessions, the server's use-by day.
  const give = page.getByRole('form', { name: 'Give credit' });
  await give.getByLabel('Sessions').fill('2');
  await give.getByLabel('Reason').fill('Sorry for the cancelled lesson');
  await give.getByRole('button', { name: 'Give credit' }).click();
  await expect(credit.getByTestId('credit-balance')).toHaveText('3 sessions of credit');
  await expect(credit).toContainText('Added by us: 2 sessions (Sorry for the cancelled lesson)');
  await expect(give.getByLabel('Reason')).toHaveValue('');
  await expectNoAxeViolations(page, '/admin/users/{id} with credit at 375 px');
  await shoot(page, 'admin-user-credit');
});
