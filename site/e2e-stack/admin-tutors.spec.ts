// The admin's side of tutors at 375 px (docs/decisions/079): the admin invites a tutor from the
// Tutors section (an address that already has an account is refused under the Email field), the
// invite e-mail goes out, and the new tutor is made lead of a weekly class on the Classes panel;
// the choice is still there after a reload. Nothing is wider than the phone, and axe finds
// nothing. The class is an AS Level one, which no other journey gives a tutor.
import type { Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  expect,
  expectNoAxeViolations,
  logIn,
  mailTo,
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

/** The page scrolls sideways by this much (0 when it fits the screen). */
const pageOverrun = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

test('an admin invites a tutor and makes them lead of a class, at 375 px', async ({ page }) => {
  test.setTimeout(120_000);
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
  await section.screenshot({ path: test.info().outputPath('tutors-375.png') });

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
  await row.screenshot({ path: test.info().outputPath('classes-375.png') });

  await page.reload();
  await scrollToAdminSection(page, 'Classes');
  await expect(row).toContainText(`Now: ${tutor.name}`);
  await scrollToAdminSection(page, 'Tutors');
  await expect(item).toContainText(`Leads ${chosen?.label}`);
});
