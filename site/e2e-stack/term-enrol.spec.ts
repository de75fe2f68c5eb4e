import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  openTermAndClass,
  screenshotsAtBothWidths,
  signedInCustomer,
  test,
} from './support.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('a new family enrols a child for the open term, pays, and sees the term grouped', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const headers = { origin: new URL(baseURL ?? 'http://localhost').origin };
  const child = `Maya ${Math.random().toString(36).slice(2, 7)}`;
  // Signed out, the page asks the visitor to log in.
  await page.goto('/enrol');
  await expect(page.getByText(/^Please log in to enrol for a term\./)).toBeVisible();
  await expectNoAxeViolations(page, '/enrol signed out at 375 px');

  await signedInCustomer(page, '/', { name: `Parent of ${child}` });
  const added = await page.request.post('/api/me/pupils', {
    data: { name: child, yearGroup: 'y10', consent: true },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const pupilId = ((await added.json()) as { id: string }).id;
  const { term, lesson } = await openTermAndClass(page, headers, [pupilId]);

  // /booking leads here.
  await page.goto('/booking');
  await page.getByRole('link', { name: 'Book a whole term instead' }).click();
  await page.waitForURL(/\/enrol$/);
  await expect(page.getByRole('heading', { name: 'Enrol for a Term', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Term' }).selectOption(term.id);
  await page.getByRole('combobox', { name: 'Class' }).selectOption(lesson.id);
  // The only child is ticked for the family.
  await expect(page.getByRole('checkbox', { name: new RegExp(child) })).toBeChecked();

  const quote = page.getByRole('region', { name: 'Sessions and price' });
  await expect(quote.getByTestId('enrol-total')).toHaveText(/^£\d/);
  await expect(quote).toContainText(/\d+ sessions? × 1 pupil/);
  const total = (await quote.getByTestId('enrol-total').textContent()) ?? '';

  // A code the service does not know is explained under the field; the price stays without it.
  const code = page.getByRole('textbox', { name: 'Promo code (optional)' });
  await code.fill(`NOPE-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  const refusal = page.locator(`#${await code.getAttribute('aria-describedby')}`);
  await expect(refusal).not.toBeEmpty();
  await expect(quote.getByTestId('enrol-total')).toHaveText(total);
  await expectNoAxeViolations(page, '/enrol with a refused promo code at 375 px');
  await page.getByRole('button', { name: 'Remove code' }).click();
  await expect(code).toHaveValue('');

  const pay = quote.getByRole('button', { name: `Pay ${total} and enrol` });
  await expect(pay).toBeEnabled();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, '/enrol with its quote at 375 px');
  await screenshotsAtBothWidths(page, 'enrol-quote');

  await pay.click();
  await page.waitForURL(/\/dev\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/payment-success\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await page.goto('/upcoming-bookings');
  const group = page.getByRole('region', {
    name: new RegExp(`^${child} — .+, ${term.name}: \\d+ sessions? left$`),
  });
  await expect(group).toBeVisible();
  await expect(group.locator('.bookings-card').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, '/upcoming-bookings grouped by enrolment at 375 px');
  await screenshotsAtBothWidths(page, 'upcoming-grouped');
});
