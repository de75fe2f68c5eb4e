// Shared helpers for the journeys that run against the one-command stack (booking service
// serving the built site). Accounts are made through the real API and verified through the
// local mailbox (/dev/mail/messages), exactly as a customer would by clicking the e-mailed link.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/**
 * better-auth limits sign-in (3 per 10 s) and mail-sending endpoints (5 per hour) per client
 * address, read from X-Forwarded-For. Each test gets its own made-up address, so journeys do
 * not trip each other's limits while the limits themselves stay on.
 */
export function freshIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Playwright's test with a fresh client address per test (see freshIp). */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': freshIp() });
    await use(context);
  },
});
export { expect };

let counter = 0;
/** A new address nobody has registered yet. */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Messages to one address, newest first. */
export async function mailTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/dev/mail/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as MailboxMessage[];
}

/**
 * Waits for a mail whose subject matches and returns the site link in it that starts with
 * `path` (e.g. '/verify-email'), as a same-origin path with its query.
 */
export async function linkFromMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  path: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailTo(request, to)).find((m) => subject.test(m.subject));
        const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const match = mail?.text.match(new RegExp(`https?://[^\\s"'<>]*${escaped}\\?[^\\s"'<>]+`));
        link = match?.[0];
        return link;
      },
      { message: `a mail to ${to} with a ${path} link`, timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The service's state-changing routes check Origin, as a browser would send it. */
function originOf(baseURL: string | undefined): Record<string, string> {
  return baseURL ? { origin: new URL(baseURL).origin } : {};
}

/** Registers through the API without verifying; returns the account. */
export async function register(
  request: APIRequestContext,
  baseURL: string | undefined,
  account: Partial<Account> = {},
): Promise<Account> {
  const full: Account = {
    name: account.name ?? 'Test Customer',
    email: account.email ?? uniqueEmail(),
    password: account.password ?? 'correct-horse-42',
  };
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name: full.name, email: full.email, password: full.password },
    headers: { ...originOf(baseURL), 'x-forwarded-for': freshIp() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return full;
}

/** Registers and verifies through the e-mailed link (API calls only, fast). */
export async function registerVerified(
  request: APIRequestContext,
  baseURL: string | undefined,
  account: Partial<Account> = {},
): Promise<Account> {
  const full = await register(request, baseURL, account);
  const link = await linkFromMail(request, full.email, /verify/i, '/verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
  const verified = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status()).toBe(200);
  return full;
}

/**
 * Signs the page's browser context in through the API (the cookie lands in the context), then
 * loads `path`. Use the dialog itself only in the journeys that test it.
 */
export async function logIn(page: Page, account: Account, path = '/'): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { ...originOf(baseURL), 'x-forwarded-for': freshIp() },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
}

/** A verified, signed-in customer on `path`. */
export async function signedInCustomer(
  page: Page,
  path = '/',
  account: Partial<Account> = {},
): Promise<Account> {
  const baseURL = test.info().project.use.baseURL;
  const full = await registerVerified(page.request, baseURL, account);
  await logIn(page, full, path);
  return full;
}

/** axe violations (WCAG 2.0/2.1/2.2 A and AA) on the page as it is now. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
}
