// The admin's side of tutors at 375 px (docs/decisions/079): the admin invites a tutor from the
// Tutors section (an address that already has an account is refused under the Email field), the
// invite e-mail goes out, and the new tutor is made lead of a weekly class on the Classes panel;
// the choice is still there after a reload. The admin sets the courses they teach 1-to-1 and
// their hourly rate; the tutor chooses a password from the invite, finds their 1-to-1 hours in
// the tutor nav, is told no family can book them yet, sets Sunday hours and sees them saved
// after a reload, at 375 and 1280 px (docs/decisions/109). Nothing is wider than the phone, and
// axe finds nothing. The class is an AS Level one, which no other journey gives a tutor; the
// hours are early on Sunday, where no other journey looks for a 1-to-1 slot.
import type { Browser, Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  linkFromMail,
  logIn,
  mailTo,
  openContext,
  pageOverrun,
  scrollToAdminSection,
  test,
  uniqueEmail,
} from './support.ts';

const PHONE = { width: 375, height: 740 };
const DAY_NAMES: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

interface AdminClass {
  id: string;
  service: string;
  label: string;
  day: string;
  time: string;
  inTimetable: boolean;
}

/** The admin sets the tutor's 1-to-1 courses and rate on the Tutors panel. */
async function setOneToOne(page: Page, tutorName: string): Promise<void> {
  await scrollToAdminSection(page, 'Tutors');
  const item = page.locator('.admin-tutors .admin-tutor', { hasText: tutorName });
  await item.getByRole('button', { name: /^1-to-1/ }).click();
  await expect(item.getByText('Hours: No hours set: families cannot book them.')).toBeVisible();
  await item.getByLabel('AS Level').check();
  await item.getByLabel('1-to-1 pay per hour (£)').fill('thirty');
  await item.getByRole('button', { name: /^Save 1-to-1/ }).click();
  await expect(item.getByText(/Enter an amount in pounds/)).toBeVisible();
  await item.getByLabel('1-to-1 pay per hour (£)').fill('30');
  await item.getByRole('button', { name: /^Save 1-to-1/ }).click();
  await expect(page.getByText(`1-to-1 settings saved for ${tutorName}`)).toBeVisible();
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'the 1-to-1 settings at 375 px');
  await keepScreenshot(item, 'tutor-one-to-one-375.png');
}

/** The tutor chooses a password from the invite and sets Sunday hours on /teach/availability. */
async function tutorSetsHours(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await openContext(browser, baseURL, { viewport: PHONE });
  const page = await context.newPage();
  try {
    await page.goto(await linkFromMail(page.request, email, /./, '/reset-password-token'));
    await page.getByLabel(/^Password/).fill('tutor-pass-2026');
    await page.getByLabel('Confirm password').fill('tutor-pass-2026');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL((url) => url.pathname === '/teach');
    const nav = page.getByRole('navigation', { name: 'Tutor pages' });
    await nav.getByRole('link', { name: 'Your 1-to-1 hours' }).click();
    await page.waitForURL((url) => url.pathname === '/teach/availability');
    await expect(page.getByText(/no family can book a 1-to-1 lesson with you/)).toBeVisible();
    await page.getByRole('button', { name: 'Add hours on Sunday' }).click();
    await page.getByLabel('From, Sunday window 1').selectOption('07:00');
    await page.getByLabel('To, Sunday window 1').selectOption('06:45');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(page.getByText('The end must be after the start.')).toBeVisible();
    await page.getByLabel('To, Sunday window 1').selectOption('08:30');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(page.getByText('Your hours are saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('To, Sunday window 1')).toHaveValue('08:30');
    await expect(page.getByLabel('From, Sunday window 1')).toHaveValue('07:00');
    await expect(page.getByText(/Families can book 1-to-1 lessons with you/)).toBeVisible();
    expect(await pageOverrun(page)).toBe(0);
    await expectNoAxeViolations(page, '/teach/availability at 375 px');
    await keepScreenshot(page, 'teach-hours-375.png', true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page, '/teach/availability at 1280 px');
    await keepScreenshot(page, 'teach-hours-1280.png', true);
  } finally {
    await context.close();
  }
}

test('an admin invites a tutor and makes them lead of a class, at 375 px', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  const tutor = {
    name: `Ms Journey ${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('tutor'),
  };
  await logIn(page, DEMO_ADMIN, '/admin');
  await expect(page.getByText('Total Users')).toBeVisible();

  // Tutors: an address with an account already is refused under its field.
  await scrollToAdminSection(page, 'Tutors');
  const section = page.locator('.admin-tutors');
  await section.getByLabel(/^Name/).fill(tutor.name);
  await section.getByRole('textbox', { name: /^Email/ }).fill(DEMO_ADMIN.email);
  await section.getByRole('button', { name: 'Invite tutor' }).click();
  const email = section.getByRole('textbox', { name: /^Email/ });
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill(tutor.email);
  await section.getByRole('button', { name: 'Invite tutor' }).click();
  await expect(section.getByText(`Invitation sent to ${tutor.email}`)).toBeVisible();
  const item = section.locator('.admin-tutor', { hasText: tutor.name });
  await expect(item).toContainText('Invited, no password yet');
  await expect(item).toContainText('Leads no classes');
  await expect.poll(async () => (await mailTo(page.request, tutor.email)).length).toBe(1);
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'the Tutors section at 375 px');
  await keepScreenshot(section, 'tutors-375.png');

  // Classes: the new tutor leads an AS Level class, and still does after a reload.
  const { classes } = (await (await page.request.get('/api/admin/classes')).json()) as {
    classes: AdminClass[];
  };
  const chosen = classes.find((c) => c.service === 'aslevel' && c.inTimetable);
  expect(chosen, 'an AS Level class in the timetable').toBeTruthy();
  const about = `${chosen?.label}, ${DAY_NAMES[chosen?.day ?? '']} ${chosen?.time}`;
  const leadSelect = () => page.getByRole('combobox', { name: `Lead tutor (${about})` });
  await scrollToAdminSection(page, 'Classes');
  await leadSelect().selectOption({ label: tutor.name });
  await page.getByRole('button', { name: `Save lead tutor (${about})` }).click();
  const row = page.locator('.admin-classes__row', { has: leadSelect() });
  await expect(row).toContainText(`Now: ${tutor.name}`);
  expect(await pageOverrun(page)).toBe(0);
  await expectNoAxeViolations(page, 'the Classes panel at 375 px');
  await keepScreenshot(row, 'classes-375.png');

  await page.reload();
  await scrollToAdminSection(page, 'Classes');
  await expect(row).toContainText(`Now: ${tutor.name}`);
  await scrollToAdminSection(page, 'Tutors');
  await expect(item).toContainText(`Leads ${chosen?.label}`);

  // 1-to-1: the admin sets what and for how much; the tutor sets when.
  await setOneToOne(page, tutor.name);
  await tutorSetsHours(browser, baseURL, tutor.email);
  await page.reload();
  await scrollToAdminSection(page, 'Tutors');
  await item.getByRole('button', { name: /^1-to-1/ }).click();
  await expect(item.getByText('Hours: Sun 07:00–08:30')).toBeVisible();
  await expect(item.getByLabel('AS Level')).toBeChecked();
});
