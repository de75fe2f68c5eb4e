// Shared helpers for the journeys that run against the one-command stack (booking service
// serving the built site). Accounts are made through the real API and verified through the
// local mailbox (/dev/mail/messages), exactly as a customer would by clicking the e-mailed link.
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { type AxeScanOptions, axeScan } from '../axe-scan.ts';
import { DEFAULT_STACK_CLOCK, startStackServer } from './stack-server.ts';

/**
 * better-auth limits sign-in (3 per 10 s) and mail-sending endpoints (5 per hour) per client
 * address, read from X-Forwarded-For (trusted from this machine only: TRUSTED_PROXIES in
 * playwright.stack.config.ts). Each test gets its own made-up address, so journeys do not trip
 * each other's limits while the limits themselves stay on.
 */
export function freshIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** This worker's service and the instant its calendar began (see the `stack` fixture). */
let worker: { origin: string; clock: number; startedAt: number } | undefined;

/**
 * The journeys' calendar (docs/decisions/092): each worker's service starts at the project's
 * stack clock and runs on (TEST_CLOCK with TEST_CLOCK_RUNS), so no journey depends on today's
 * date, and a run can be put on a month's last day or a daylight-saving change.
 */
export function stackNow(): Date {
  if (!worker) throw new Error('No stack service in this worker: use the `test` of support.ts');
  return new Date(worker.clock + (Date.now() - worker.startedAt));
}

/** This worker's service origin, for helpers outside a fixture. */
function stackOrigin(): string {
  if (!worker) throw new Error('No stack service in this worker: use the `test` of support.ts');
  return worker.origin;
}

/** The service's "now", as the site's own origin may read it (decision 088). */
export async function serviceNow(request: APIRequestContext, baseURL?: string): Promise<Date> {
  const answer = await request.get('/dev/clock', { headers: originHeader(baseURL) });
  expect(answer.status(), await answer.text()).toBe(200);
  return new Date(((await answer.json()) as { now: string }).now);
}

/**
 * Moves the service's clock to `at` (it runs on from there), and the clocks of these pages'
 * browsers with it, so the page and the service agree on "now".
 */
export async function moveClock(
  request: APIRequestContext,
  baseURL: string | undefined,
  at: Date,
  ...pages: Page[]
): Promise<void> {
  const moved = await request.post('/dev/clock', {
    data: { now: at.toISOString() },
    headers: originHeader(baseURL),
  });
  expect(moved.status(), await moved.text()).toBe(200);
  for (const page of pages) await page.clock.setSystemTime(at);
}

function originHeader(baseURL: string | undefined): Record<string, string> {
  return { origin: new URL(baseURL ?? 'http://localhost').origin };
}

/**
 * A browser context of another person: its own client address (see freshIp) and a page clock
 * that reads the service's time, as every test's own context does.
 */
export async function openContext(
  browser: Browser,
  baseURL: string | undefined,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': freshIp() },
  });
  await context.clock.setSystemTime(await serviceNow(context.request, baseURL));
  return context;
}

/**
 * Playwright's test on this worker's own service (docs/decisions/116), with a fresh client
 * address per test (see freshIp), each test starting on the worker's calendar (stackNow:
 * whatever an earlier journey moved the service's clock to), and a page clock that agrees with
 * the service's.
 */
export const test = base.extend<{ stackClock: Date }, { stackStart: string; stack: string }>({
  stackStart: [process.env.STACK_CLOCK || DEFAULT_STACK_CLOCK, { scope: 'worker', option: true }],
  stack: [
    async ({ stackStart }, use) => {
      const startedAt = Date.now();
      const server = await startStackServer(stackStart);
      worker = { origin: server.origin, clock: Date.parse(stackStart), startedAt };
      try {
        await use(server.origin);
      } finally {
        worker = undefined;
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack);
  },
  stackClock: [
    async ({ request, baseURL }, use) => {
      const now = stackNow();
      await moveClock(request, baseURL, now);
      await use(now);
    },
    { auto: true },
  ],
  context: async ({ context, stackClock }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': freshIp() });
    await context.clock.setSystemTime(stackClock);
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

/** The demo admin, seeded in local mode and printed at start (booking-service/src/auth/demo-users.ts). */
export const DEMO_ADMIN: Account = {
  name: 'Demo Admin',
  email: 'admin@demo.example',
  password: 'demo-admin-1',
};

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
  const baseURL = stackOrigin();
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
  const baseURL = stackOrigin();
  const full = await registerVerified(page.request, baseURL, account);
  await logIn(page, full, path);
  return full;
}

interface AvailabilitySlot {
  startsAt: string;
  state: 'available' | 'full' | 'booked';
  seatsLeft: number;
}

/**
 * Books and pays `count` open sessions of `service` through the API and the local checkout,
 * for the account `request` is signed in as (see logIn, or sign in on a request context);
 * waits until they are listed as upcoming.
 */
export async function bookAndPayThroughApi(
  request: APIRequestContext,
  baseURL: string | undefined,
  { count, service = 'gcse' }: { count: number; service?: string },
): Promise<void> {
  const headers = { ...originOf(baseURL), 'x-forwarded-for': freshIp() };
  const availability = await request.get(`/api/availability?service=${service}`);
  const { slots } = (await availability.json()) as { slots: AvailabilitySlot[] };
  const chosen = slots.filter((s) => s.state === 'available' && s.seatsLeft > 0).slice(0, count);
  expect(chosen).toHaveLength(count);
  const before = await upcomingCount(request);
  await checkOutAndPay(request, headers, { service, startsAt: chosen.map((s) => s.startsAt) });
  await expect.poll(() => upcomingCount(request)).toBe(before + count);
}

/**
 * Checks these starts out (for `pupilIds` when given) and pays on the local checkout page, as
 * the signed-in owner of `request`. The bookings appear once the service has taken the payment.
 */
export async function checkOutAndPay(
  request: APIRequestContext,
  headers: Record<string, string>,
  order: { service: string; startsAt: readonly string[]; pupilIds?: readonly string[] },
): Promise<void> {
  const checkout = await request.post('/api/checkout', { data: order, headers });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const paid = await request.post(`/dev/checkout/${checkoutId}/pay`, { headers, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
}

async function upcomingCount(request: APIRequestContext): Promise<number> {
  const mine = await request.get('/api/me/bookings?scope=upcoming');
  return mine.ok() ? ((await mine.json()) as unknown[]).length : 0;
}

/**
 * Waits for the booking picker to show its month (the "Sessions in …" title, drawn with that
 * month's cards once the sessions have loaded), then turns on a month while the month shown
 * has no card matching `cards`: the picker opens on the current month, which late in a month
 * may have none left. The 56-day window touches at most three months.
 */
export async function monthWithSessions(page: Page, cards: Locator, months = 3): Promise<void> {
  const title = page.getByRole('heading', { level: 3, name: /^Sessions in / });
  for (let shown = 1; ; shown += 1) {
    await expect(title).toBeVisible();
    if (shown === months || (await cards.count()) > 0) break;
    const month = (await title.textContent()) ?? '';
    await page.getByRole('button', { name: /next month/i }).click();
    await expect(title).not.toHaveText(month);
  }
  await expect(cards.first()).toBeVisible();
}

/**
 * Turns the booking picker on to the month of `startsAt` (London time): the picker opens on the
 * current month, and the session may be one, two or three months on (a month's last day, a
 * holiday closing the rest of the month).
 */
export async function showMonthOf(page: Page, startsAt: string): Promise<void> {
  const month = new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(startsAt));
  const title = page.getByRole('heading', { level: 3, name: /^Sessions in / });
  for (let turns = 0; turns < 3; turns += 1) {
    await expect(title).toBeVisible();
    const shown = (await title.textContent()) ?? '';
    if (shown.endsWith(month)) return;
    await page.getByRole('button', { name: /next month/i }).click();
    await expect(title).not.toHaveText(shown);
  }
  await expect(title).toHaveText(`Sessions in ${month}`);
}

/**
 * Waits until no toast is fading in or out: axe blends a half-transparent toast into the page
 * behind it, which would report colours no reader ever sees once the toast has settled.
 */
export async function toastsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const inToaster = target instanceof Element && target.closest('[data-sonner-toaster]');
      return !inToaster || animation.playState !== 'running';
    }),
  );
}

/** Counts toasts arriving, leaving or restacking from now on (see axeResults). */
async function watchToasts(page: Page): Promise<() => Promise<number>> {
  const key = `__toastChanges${Math.random().toString(36).slice(2)}`;
  await page.evaluate((name) => {
    const store = window as unknown as Record<string, number | MutationObserver>;
    store[name] = 0;
    const observer = new MutationObserver((mutations) => {
      const touched = mutations.some((m) =>
        (m.target as Element).closest?.(
          '[data-sonner-toaster], section[aria-label^="Notifications"]',
        ),
      );
      if (touched) store[name] = (store[name] as number) + 1;
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    store[`${name}Observer`] = observer;
  }, key);
  return () =>
    page.evaluate((name) => {
      const store = window as unknown as Record<string, number | MutationObserver>;
      (store[`${name}Observer`] as MutationObserver).disconnect();
      return store[name] as number;
    }, key);
}

/**
 * axe results for the page as it is now, toasts included. Toasts come and go by the clock
 * (about 5 s): when one arrived or left while axe was reading the page and axe found
 * something, the page is read again once the toasts are at rest, so only what a reader
 * would actually see is reported.
 */
export async function axeResults(page: Page, options: AxeScanOptions = {}) {
  // Read at the top of the page, then put the scroll back: scrolled, the sticky site header
  // lies over whatever control happens to be beneath it, and axe's target-size rule counts
  // that control as obscured, so a result would depend on where the page was scrolled to.
  const scrolledTo = await page.evaluate(() => {
    const y = window.scrollY;
    window.scrollTo(0, 0);
    return y;
  });
  try {
    for (let attempt = 1; ; attempt += 1) {
      await toastsAtRest(page);
      const toastChanges = await watchToasts(page);
      const results = await axeScan(page, options);
      const moved = (await toastChanges()) > 0;
      if (results.violations.length === 0 || !moved || attempt === 3) return results;
    }
  } finally {
    await page.evaluate((y) => window.scrollTo(0, y), scrolledTo);
  }
}

/** axe violations (WCAG 2.0/2.1/2.2 A and AA) on the page as it is now, toasts included. */
export async function axeViolations(page: Page) {
  const results = await axeResults(page, { violationsOnly: true });
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Asserts axe finds nothing on the page as it is now; `where` names the state in failures. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

/**
 * Scans only the visible toast titled `title` and returns what axe found and how many of its
 * text nodes axe checked for colour contrast, so a test can show the toast really was read.
 */
export async function axeOnToast(page: Page, title: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: title }).first();
  await expect(toast).toBeVisible();
  await toastsAtRest(page);
  const results = await axeResults(page, { include: '[data-sonner-toaster]' });
  const contrastChecked = results.passes
    .filter((rule) => rule.id === 'color-contrast')
    .flatMap((rule) => rule.nodes)
    .filter((node) => node.html.includes(title)).length;
  return {
    violations: results.violations.map((v) => ({ id: v.id, help: v.help })),
    contrastChecked,
    type: await toast.getAttribute('data-type'),
  };
}

/**
 * Scrolls /admin to one of its sections below the first screen, as an admin would, and waits
 * until it is drawn (they are drawn as the admin comes near them: its frame is replaced).
 */
export async function scrollToAdminSection(page: Page, heading: string): Promise<void> {
  const named = page.getByRole('heading', { name: heading, exact: true, level: 2 });
  await expect(async () => {
    await named.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(page.locator('.admin-section--pending').filter({ has: named })).toHaveCount(0, {
      timeout: 2000,
    });
  }).toPass({ timeout: 15_000 });
}

/**
 * Waits until every island on the page has hydrated: before that a form drawn at build time
 * ignores a submit (the base layout's guard), as a customer's too-early click would be.
 */
export async function islandsReady(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** A term as GET /api/terms lists it, and a weekly class's id. */
export interface OpenTerm {
  id: string;
  name: string;
  lastDay: string;
  publicOpensOn: string;
}

/** The term quote's parts the journeys read. */
export interface TermQuoteSeen {
  sessionsCount: number;
  sessions: { status: string }[];
  creditAvailable: number;
}

/**
 * The term anyone may enrol for today (the service's clock), and a class with room in every
 * session left for these pupils, with its quote (docs/decisions/083).
 */
export async function openTermAndClass(
  page: Page,
  headers: Record<string, string>,
  pupilIds: readonly string[],
): Promise<{ term: OpenTerm; lesson: { id: string }; quote: TermQuoteSeen }> {
  const { now } = (await (await page.request.get('/dev/clock', { headers })).json()) as {
    now: string;
  };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(now),
  );
  const terms = (await (await page.request.get('/api/terms')).json()) as OpenTerm[];
  const term = terms.find((t) => t.publicOpensOn <= today && today <= t.lastDay);
  expect(term, `a term open to everyone on ${today}`).toBeDefined();
  const lessons = (await (await page.request.get('/api/classes')).json()) as { id: string }[];
  for (const lesson of lessons) {
    const answer = await page.request.post(`/api/terms/${term!.id}/quote`, {
      data: { classId: lesson.id, pupilIds },
      headers,
    });
    if (!answer.ok()) continue;
    const quote = (await answer.json()) as TermQuoteSeen;
    const roomInAll = quote.sessions.every((s) => s.status !== 'full');
    if (quote.sessionsCount > 0 && roomInAll) return { term: term!, lesson, quote };
  }
  throw new Error(`no class of ${term!.name} has sessions left with room`);
}

/** A toast by its title (or any text in it). */
export const toastWith = (page: Page, title: string): Locator =>
  page.locator('[data-sonner-toast]', { hasText: title });

/** The booking picker's session cards a click would add to the basket. */
export const openSessionCards = (page: Page): Locator =>
  page.locator(
    '.booking-session__button[data-slot-state="available"][aria-pressed="false"]:not([disabled])',
  );

// A checkout that has not opened within half a minute is stuck, not slow: the journey fails
// there, naming the wait, instead of using the test's whole timeout (decision 121).
const CHECKOUT_WAIT_MS = 30_000;

/** From the local checkout page: Pay, then wait for the payment success page. */
export async function payOnLocalCheckout(page: Page): Promise<void> {
  await page.waitForURL(/\/dev\/checkout\//, { timeout: CHECKOUT_WAIT_MS });
  await page.getByRole('button', { name: /^Pay / }).click({ timeout: CHECKOUT_WAIT_MS });
  await page.waitForURL(/\/payment-success\?checkout=/, { timeout: CHECKOUT_WAIT_MS });
}

/** How many pixels the page is wider than the screen: 0 when nothing scrolls sideways. */
export const pageOverrun = (page: Page): Promise<number> =>
  page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

/** Asserts the page does not scroll sideways at the width it is shown at now. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await pageOverrun(page)).toBe(0);
}

/**
 * A screenshot for a person reviewing a change, saved as `SHOTS_DIR/<spec>-<name>` when SHOTS_DIR
 * is set (decision 120). The test command sets none: nobody looks at them there, and a full page
 * drawn in software costs seconds of the two cores. A failing journey still keeps Playwright's
 * own screenshot of where it stopped.
 */
export const shotsWanted = (): boolean => Boolean(process.env.SHOTS_DIR);

export async function keepScreenshot(
  target: Page | Locator,
  name: string,
  fullPage = false,
): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const file = path.join(dir, `${path.basename(test.info().file, '.spec.ts')}-${name}`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
}

/**
 * Full-page screenshots at 375 px (the width the page is shown at now) and at 1280 px, as
 * `{name}-{width}.png` when screenshots are wanted (keepScreenshot); the page is left at 375 px.
 */
export async function screenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  if (!shotsWanted()) return;
  await keepScreenshot(page, `${name}-375.png`, true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, `${name}-1280.png`, true);
  await page.setViewportSize({ width: 375, height: 740 });
}

/** At 375 px and at 1280 px: axe finds nothing, and a full-page screenshot; left at 375 px. */
export async function axeAndScreenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await keepScreenshot(page, `${name}-${width}.png`, true);
  }
  await page.setViewportSize({ width: 375, height: 740 });
}

/** Weekday and HH:mm of an instant on the London wall clock, as weekly classes are keyed. */
export function londonWeeklySlot(iso: string): { day: string; startTime: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: part('weekday').toLowerCase().slice(0, 3),
    startTime: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * Adds a pupil to the account `request` is signed in as, books and pays the first open session
 * of `service` at least two days ahead for them, and returns that booking as /api/me/bookings
 * lists it once the payment is taken. `what` names the session in a failure.
 */
export async function bookNewPupilTwoDaysAhead<B extends { id: string; startsAt: string }>(
  request: APIRequestContext,
  origin: Record<string, string>,
  order: {
    service: string;
    pupil: { name: string; yearGroup: string; consent?: boolean };
    what: string;
  },
): Promise<B> {
  const availability = await request.get(`/api/availability?service=${order.service}`);
  const { slots } = (await availability.json()) as { slots: AvailabilitySlot[] };
  const soonest = Date.now() + 2 * 24 * 3600_000;
  const slot = slots.find(
    (s) => s.state === 'available' && s.seatsLeft > 0 && new Date(s.startsAt).getTime() > soonest,
  );
  expect(slot, order.what).toBeTruthy();
  const startsAt = slot?.startsAt ?? '';
  const pupil = await request.post('/api/me/pupils', { data: order.pupil, headers: origin });
  expect(pupil.status(), await pupil.text()).toBe(201);
  const { id: pupilId } = (await pupil.json()) as { id: string };
  await checkOutAndPay(request, origin, {
    service: order.service,
    startsAt: [startsAt],
    pupilIds: [pupilId],
  });
  let booking: B | undefined;
  await expect
    .poll(async () => {
      const mine = await request.get('/api/me/bookings?scope=upcoming');
      booking = ((await mine.json()) as B[]).find((b) => b.startsAt === startsAt);
      return booking?.id;
    })
    .toBeTruthy();
  return booking as B;
}
