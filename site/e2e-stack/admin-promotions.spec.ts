// The admin's promotions at 375 px (docs/decisions/082): the admin sets the sibling discount to
// 10% and is told what was saved, creates a promo code in the New code dialog, deactivates it,
// and still sees it listed, inactive, after a reload. Nothing is wider than the phone, and axe
// finds nothing in the section or the dialog. The code's name is new on every try; the sibling
// discount goes back to 0 afterwards so the other journeys price as before. Then a new family
// starts a term enrolment (docs/decisions/083) and the admin finds it, payment pending, on the
// class's row of the Classes panel and on the family's page.
import type { APIRequestContext } from '@playwright/test';
import {
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  freshIp,
  keepScreenshot,
  logIn,
  pageOverrun,
  registerVerified,
  scrollToAdminSection,
  test,
} from './support.ts';

const PHONE = { width: 375, height: 740 };

test.afterEach(async ({ page, baseURL }) => {
  const put = await page.request.put('/api/admin/discounts/sibling', {
    data: { percent: 0 },
    headers: { origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(put.status(), await put.text()).toBe(200);
});

test('an admin sets the sibling discount and creates, then deactivates, a promo code at 375 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const code =
    `SPEC-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();
  await scrollToAdminSection(page, 'Promotions');
  const section = page.locator('.admin-promotions');

  // Sibling discount: 10%, said back once saved.
  const percent = section.getByRole('spinbutton', { name: /^Percentage \(0 to 50\)/ });
  await expect(percent).toBeEnabled();
  await percent.fill('10');
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    section.getByText('Saved: 10% off each additional pupil’s seat in the same session.'),
  ).toBeVisible();
  await expect(section.getByText('Sibling discount: 10%', { exact: true })).toBeVisible();

  // A new code: 10% off GCSE Higher, five uses in all.
  await section.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
  await dialog.getByRole('radio', { name: /^Percentage off/ }).check();
  await dialog.getByRole('textbox', { name: /^Percentage off/ }).fill('10');
  await dialog.getByRole('textbox', { name: /^Uses in all/ }).fill('5');
  await dialog.getByRole('checkbox', { name: 'GCSE Higher' }).click();
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'the New code dialog at 375 px');
  await keepScreenshot(dialog, 'new-code-375.png');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();

  const row = section.locator('.admin-promos__row', { hasText: code });
  await expect(row).toContainText('10% off');
  await expect(row).toContainText('0 of 5');
  await expect(row).toContainText('GCSE Higher');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // Deactivated: still listed, inactive, and so after a reload.
  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate ${code}` })).toBeFocused();
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'the Promotions section at 375 px');
  await keepScreenshot(section, 'promotions-375.png');

  await page.reload();
  await scrollToAdminSection(page, 'Promotions');
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(section.getByText('Sibling discount: 10%', { exact: true })).toBeVisible();
});

const DAY_NAMES: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

interface Term {
  id: string;
  name: string;
  lastDay: string;
  publicOpensOn: string;
}
interface AdminClass {
  id: string;
  label: string;
  day: string;
  time: string;
}

/**
 * A new family with one child starts (and does not pay for) a term enrolment in a class with
 * room in every session of the term open to everyone today; returns who and where.
 */
async function pendingEnrolment(request: APIRequestContext, baseURL: string | undefined) {
  const headers = { origin: new URL(baseURL ?? 'http://localhost').origin };
  const family = await registerVerified(request, baseURL, { name: 'Enrolment Parent' });
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: family.email, password: family.password },
    headers: { ...headers, 'x-forwarded-for': freshIp() },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const child = `Nia ${Math.random().toString(36).slice(2, 7)}`;
  const added = await request.post('/api/me/pupils', {
    data: { name: child, yearGroup: 'y10', consent: true },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const pupilId = ((await added.json()) as { id: string }).id;
  const { now } = (await (await request.get('/dev/clock')).json()) as { now: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(now),
  );
  const terms = (await (await request.get('/api/terms')).json()) as Term[];
  const term = terms.find((t) => t.publicOpensOn <= today && today <= t.lastDay);
  expect(term, `a term open to everyone on ${today}`).toBeDefined();
  const classes = (await (await request.get('/api/classes')).json()) as { id: string }[];
  for (const { id: classId } of classes) {
    const started = await request.post('/api/checkout/term', {
      data: { termId: term?.id, classId, pupilIds: [pupilId] },
      headers,
    });
    if (started.ok()) {
      const { checkoutId } = (await started.json()) as { checkoutId: string };
      const me = (await (await request.get('/api/me')).json()) as { id: string };
      const where = { familyId: me.id, familyEmail: family.email, child, classId, checkoutId };
      return { ...where, term: term as Term };
    }
  }
  throw new Error(`no class of ${term?.name} could be enrolled in`);
}

test('an admin finds a family’s pending term enrolment on the class and the family’s page', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const familyRequest = await playwright.request.newContext({ baseURL });
  const enrolled = await pendingEnrolment(familyRequest, baseURL);

  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();
  const { classes } = (await (await page.request.get('/api/admin/classes')).json()) as {
    classes: AdminClass[];
  };
  const lesson = classes.find((c) => c.id === enrolled.classId);
  expect(lesson, 'the class on the admin’s Classes panel').toBeTruthy();
  const about = `${lesson?.label}, ${DAY_NAMES[lesson?.day ?? '']} ${lesson?.time}`;
  await scrollToAdminSection(page, 'Classes');
  const open = page.getByRole('button', { name: `Term enrolments (${about})` });
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const row = page.locator('.admin-classes__row', { has: open });
  const term = row.locator('section', {
    has: page.getByRole('heading', { name: enrolled.term.name, exact: true }),
  });
  const item = term.getByRole('listitem').filter({ hasText: enrolled.child });
  await expect(item).toContainText('Payment pending');
  await expect(item).toContainText(enrolled.familyEmail);
  await expect(item).toContainText(/\d+ of \d+ sessions? left/);
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'a class’s term enrolments at 375 px');
  await keepScreenshot(row, 'class-enrolments-375.png');

  await page.goto(`/admin/users/${enrolled.familyId}`);
  const section = page.locator('.admin-section', {
    has: page.getByRole('heading', { name: 'Term enrolments', level: 2 }),
  });
  await expect(section.getByRole('heading', { name: enrolled.term.name })).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: enrolled.child })).toContainText(
    lesson?.label ?? '',
  );
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'a family’s term enrolments at 375 px');
  await keepScreenshot(section, 'user-enrolments-375.png');

  // The family lets the checkout go, so its seats are free for the journeys after this one.
  const released = await familyRequest.post(`/api/checkout/${enrolled.checkoutId}/cancel`, {
    headers: { origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(released.status(), await released.text()).toBe(200);
  await familyRequest.dispose();
});
