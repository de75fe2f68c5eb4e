// The contact form island against a stubbed /api/contact (the service is wired up later).
import { MESSAGES } from '@tuition/domain';
import { expect, type Page, test } from '@playwright/test';

async function fillRequired(page: Page) {
  await page.getByLabel('Parent name').fill('Sam Parent');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('sam@example.com');
  await page.getByLabel('Message').fill('Does my son need Higher or Foundation?');
}

test('sending shows progress, then thanks the parent and clears the form', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let posted: unknown;
  await page.route('**/api/contact', async (route) => {
    posted = route.request().postDataJSON();
    await held;
    await route.fulfill({ status: 201, json: { id: 'enq_1' } });
  });
  await page.goto('/contact');
  await fillRequired(page);
  await page.getByLabel('Year group').selectOption('y10');
  await page.getByRole('button', { name: 'Send Message' }).click();

  const sending = page.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByText(MESSAGES.contactSuccess.title)).toBeVisible();
  await expect(page.getByLabel('Parent name')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(posted).toMatchObject({
    parentName: 'Sam Parent',
    email: 'sam@example.com',
    yearGroup: 'y10',
    message: 'Does my son need Higher or Foundation?',
  });
});

test('a refused enquiry shows the service’s explanation and keeps what was typed', async ({
  page,
}) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      json: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Phone number must contain 10-15 digits',
      },
    }),
  );
  await page.goto('/contact');
  await fillRequired(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Phone number must contain 10-15 digits');
  await expect(page.getByLabel('Parent name')).toHaveValue('Sam Parent');
});

test('a network failure shows the generic failure message', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.abort('failed'));
  await page.goto('/contact');
  await fillRequired(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.contactFailure.title);
});
