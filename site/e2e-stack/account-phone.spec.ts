// The phone field on /my-account against the one-command stack (decisions 049 and 069): a real
// formatted number is typed whole, stored in E.164 and shown in UK format, letters stay in the field with the reason beside
// it, saving an unchanged form says nothing changed, clearing the number says it was removed;
// axe with the phone error showing.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signedInCustomer, test, toastWith } from './support.ts';

// 18 typed characters, 12 digits: the spec's 15-character cap cut this to "+44 (0)7700 900".
const FORMATTED = '+44 (0)7700 900123';
const HINT = '10 to 15 digits; you may use +, -, spaces and brackets.';
// How the service stores it, and how the form shows it back (decision 069).
const STORED = '+447700900123';
const SHOWN = '07700 900123';
const CHARACTERS_REASON = 'Phone number may only contain digits, +, -, spaces and brackets.';

const phoneField = (page: Page) => page.getByLabel('Phone', { exact: true });
const details = (page: Page) => page.getByRole('form', { name: 'Personal Details' });
const save = (page: Page) => details(page).getByRole('button', { name: 'Save Changes' });

/** What the service holds now, read through the API rather than the form. */
async function savedPhone(page: Page): Promise<string | null> {
  const me = await page.request.get('/api/me');
  expect(me.ok()).toBe(true);
  return ((await me.json()) as { phone: string | null }).phone;
}

test('a formatted phone number is kept whole, letters are named, and saving says what changed', async ({
  page,
}) => {
  await signedInCustomer(page, '/my-account');
  const phone = phoneField(page);
  await expect(phone).toBeVisible();
  // The hint says what is accepted before anything is typed.
  await expect(details(page).getByText(HINT)).toBeVisible();

  // Typed key by key, as a customer would: every character stays.
  await phone.pressSequentially(FORMATTED);
  await expect(phone).toHaveValue(FORMATTED);
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await save(page).click();
  await expect(toastWith(page, 'Profile Updated')).toBeVisible();
  expect(await savedPhone(page)).toBe(STORED);
  await expect(phoneField(page)).toHaveValue(SHOWN);
  await page.reload();
  await expect(phoneField(page)).toHaveValue(SHOWN);

  // Letters are not dropped: they stay, the field says why it is wrong, and Save refuses.
  await phoneField(page).fill('');
  await phoneField(page).pressSequentially('07700 9OO123');
  await expect(phoneField(page)).toHaveValue('07700 9OO123');
  await expect(phoneField(page)).toHaveAttribute('aria-invalid', 'true');
  const reason = details(page).getByText(CHARACTERS_REASON);
  await expect(reason).toBeVisible();
  // The reason is tied to the field, so a screen reader reads it with the field.
  const describedBy = (await phoneField(page).getAttribute('aria-describedby')) ?? '';
  const reasonId = (await reason.getAttribute('id')) ?? 'missing';
  expect(describedBy.split(' ')).toContain(reasonId);
  await expectNoAxeViolations(page, '/my-account with the phone error showing');
  await save(page).click();
  await expect(toastWith(page, CHARACTERS_REASON)).toBeVisible();
  await expect(toastWith(page, 'Profile Updated')).toHaveCount(0);
  expect(await savedPhone(page)).toBe(STORED);
  await expectNoAxeViolations(page, '/my-account with the phone error and its toast');

  // Back to the saved number: saving says nothing changed, and claims no update.
  await phoneField(page).fill(FORMATTED);
  await expect(reason).toBeHidden();
  await save(page).click();
  await expect(toastWith(page, 'Nothing to save: your details are unchanged')).toBeVisible();
  await expect(toastWith(page, 'Profile Updated')).toHaveCount(0);

  // Clearing the field removes the number, and says so.
  await phoneField(page).fill('');
  await save(page).click();
  await expect(toastWith(page, 'Phone number removed')).toBeVisible();
  await expect(toastWith(page, 'Profile Updated')).toHaveCount(0);
  expect(await savedPhone(page)).toBeNull();
  await page.reload();
  await expect(phoneField(page)).toHaveValue('');
});

test('too few digits are refused on save and nothing is stored', async ({ page }) => {
  await signedInCustomer(page, '/my-account');
  await phoneField(page).pressSequentially('020 7946 09');
  await expect(phoneField(page)).toHaveValue('020 7946 09');
  await save(page).click();
  await expect(toastWith(page, 'Phone number must contain 10-15 digits')).toBeVisible();
  await expect(phoneField(page)).toHaveAttribute('aria-invalid', 'true');
  expect(await savedPhone(page)).toBeNull();
});
