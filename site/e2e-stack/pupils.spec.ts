// Pupils (decision 048) against the one-command stack: a parent registers as a parent, adds two
// children on /my-account (consent ticked for under-16s), books both into one session (two
// seats, £30), sees both on /upcoming-bookings, and the demo admin's attendee list and register
// name both children with the parent's contact details. axe on every new screen.
import type { Page } from '@playwright/test';
import {
  type Account,
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  linkFromMail,
  logIn,
  openContext,
  scrollToAdminSection,
  test,
  uniqueEmail,
} from './support.ts';

/** Adds a child in Years 6-11 on /my-account, ticking the consent statement. */
async function addChild(page: Page, name: string, year: string) {
  const section = page.getByRole('region', { name: 'Your children' });
  await section.getByRole('button', { name: 'Add a child' }).click();
  await section.getByLabel(/Child’s name/).fill(name);
  await section.getByLabel(/Year group/).selectOption({ label: year });
  await section.getByRole('button', { name: 'Add child' }).click();
  // Under 16: the consent statement must be ticked first.
  await expect(
    section.getByText(/Please confirm that you are their parent or guardian/),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/my-account, add a child with the consent error');
  await section.getByRole('checkbox', { name: /parent or guardian/ }).check();
  await section.getByRole('button', { name: 'Add child' }).click();
  await expect(section.getByText(name, { exact: true })).toBeVisible();
}

test('a parent registers, adds two children, books both into one session; the admin register names both', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const parent: Account = {
    name: `Parent ${suffix}`,
    email: uniqueEmail('parent'),
    password: 'family-pass-42',
  };
  const sam = `Sam ${suffix}`;
  const alex = `Alex ${suffix}`;

  // Register through the dialog as a parent or guardian (the default choice).
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByRole('radio', { name: 'I am a parent or guardian' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'I am a student aged 16 or over' })).toBeVisible();
  await expectNoAxeViolations(page, 'the register form with the account type');
  await dialog.getByLabel('Full name').fill(parent.name);
  await dialog.getByLabel('Email').fill(parent.email);
  await dialog.getByLabel(/^Password/).fill(parent.password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  const link = await linkFromMail(page.request, parent.email, /verify/i, '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified successfully!' })).toBeVisible();

  // Two children on /my-account.
  await logIn(page, parent, '/my-account');
  await expect(page.getByRole('heading', { name: 'Your children' })).toBeVisible();
  await addChild(page, sam, 'Year 10');
  await addChild(page, alex, 'Year 9');
  await expectNoAxeViolations(page, '/my-account with two children');

  // Both into one session.
  await page.goto('/booking?service=gcse');
  const who = page.getByRole('group', { name: 'Who is this for?' });
  await expect(who).toBeVisible();
  await expect(page.getByText('Choose who the sessions are for first.')).toBeVisible();
  await who.getByRole('checkbox', { name: new RegExp(sam) }).check();
  await who.getByRole('checkbox', { name: new RegExp(alex) }).check();
  await expect(page.getByText(/Sessions in /)).toBeVisible();
  await page.getByRole('button', { name: /next month/i }).click();
  // Two seats are needed: from the month's last open session back, the first that takes both
  // children (other journeys book seats too, so a session may have only one left).
  const open = page.locator(
    '.booking-session__button[data-slot-state="available"][aria-pressed="false"]:not([disabled])',
  );
  const pressed = page.locator('.booking-session__button[aria-pressed="true"]');
  let date = '';
  for (let i = (await open.count()) - 1; i >= 0; i -= 1) {
    const card = open.nth(i);
    date = (await card.locator('.booking-session__date').textContent()) ?? '';
    await card.click();
    const taken = await pressed
      .first()
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (taken) break;
  }
  await expect(page.locator('.booking-session__button[aria-pressed="true"]')).toHaveCount(1);
  const basket = page.getByRole('complementary', { name: 'Basket' });
  await expect(basket.getByText(`for ${sam}`)).toBeVisible();
  await expect(basket.getByText(`for ${alex}`)).toBeVisible();
  await expect(basket.getByTestId('basket-total')).toHaveText('£30.00');
  await expectNoAxeViolations(page, '/booking with two children chosen');
  await basket.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/dev\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/payment-success\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  // Both on /upcoming-bookings, each card naming its child, with a filter by child.
  await page.goto('/upcoming-bookings');
  const cards = page.locator('.bookings-card:not(.bookings-card--skeleton)', { hasText: date });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `For ${sam}` })).toHaveCount(1);
  await expect(cards.filter({ hasText: `For ${alex}` })).toHaveCount(1);
  await page.getByLabel('Show bookings for').selectOption({ label: alex });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`For ${alex}`);
  await expectNoAxeViolations(page, '/upcoming-bookings filtered by child');

  // The admin's attendee list and register name both children with the parent's details.
  const adminContext = await openContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await logIn(admin, DEMO_ADMIN, '/admin');
  await scrollToAdminSection(admin, 'Sessions Overview');
  const toggle = admin.locator('.admin-session__toggle', { hasText: date }).filter({
    hasText: 'GCSE Foundation',
  });
  await expect(toggle).toHaveCount(1);
  await toggle.click();
  const panel = admin.locator('.admin-session__panel');
  const attendee = (name: string) => panel.locator('.admin-attendee', { hasText: name });
  await expect(attendee(sam)).toContainText(`${sam} (Year 10)`);
  await expect(attendee(alex)).toContainText(`${alex} (Year 9)`);
  for (const name of [sam, alex]) {
    await expect(attendee(name)).toContainText(`Account holder: ${parent.name}`);
    await expect(attendee(name)).toContainText(parent.email);
  }
  await expectNoAxeViolations(admin, '/admin with the attendee list open');
  const csvHref = await panel.getByRole('link', { name: /Download register/ }).getAttribute('href');
  const csv = await (await admin.request.get(csvHref ?? '')).text();
  expect(csv).toContain(sam);
  expect(csv).toContain(alex);
  expect(csv.split(parent.email).length - 1).toBe(2);

  // The user page lists the children with their bookings.
  await scrollToAdminSection(admin, 'User Management');
  await admin.getByLabel("Search users by name, email or pupil's name").fill(alex);
  await admin.getByLabel("Search users by name, email or pupil's name").press('Enter');
  const rows = admin.locator('.admin-users-table__row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(parent.email);
  await rows.first().getByRole('link', { name: parent.name }).click();
  await admin.waitForURL(/\/admin\/users\/[^/]+$/);
  const pupils = admin.locator('.admin-pupil');
  await expect(pupils).toHaveCount(2);
  await expect(pupils.filter({ hasText: sam })).toContainText('1 booking (confirmed seats)');
  await expectNoAxeViolations(admin, 'the admin user page with pupils');
  await adminContext.close();
});
