import {
  type StartedCheckout,
  StartedCheckoutSchema,
  type StartedPackCheckout,
  StartedPackCheckoutSchema,
} from '@tuition/api-contract';
import { addDays, findSession, listSessions, londonDate, type ServiceCode } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { WEBHOOK_PATH } from '../checkout/webhook-routes.ts';
import { LOCAL_WEBHOOK_SECRET } from '../payments/local-provider.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import { bookings, checkouts, user } from '../db/schema.ts';
import { api, type TestUser } from './auth-helpers.ts';
import { contractBody } from './contract-body.ts';
import type { TestApp } from './test-app.ts';
import { holderPupilId } from './pupil-fixtures.ts';

/* Shared steps of the checkout, payment and booking suites (imported by tests only). */

/** Moves the app's fixed clock (createTestApp({ now }) shares one clock object with every route). */
export function setNow(t: TestApp, at: string | Date): void {
  const ms = new Date(at).getTime();
  t.deps.clock.now = () => new Date(ms);
}

/** The next `count` bookable starts of a service (ISO), from the app's "now"; closed days skipped. */
export async function bookableStarts(
  t: TestApp,
  service: ServiceCode,
  count: number,
  options: { skip?: number } = {},
): Promise<string[]> {
  const now = t.deps.clock.now();
  const today = londonDate(now);
  const sessions = listSessions(
    await t.deps.content.timetable(),
    service,
    today,
    addDays(today, 56),
    await t.deps.content.closures(),
  )
    .filter((s) => s.startsAt > now)
    .slice(options.skip ?? 0, (options.skip ?? 0) + count);
  if (sessions.length < count) throw new Error(`only ${sessions.length} ${service} sessions`);
  return sessions.map((s) => s.startsAt.toISOString());
}

/** The body of a started checkout: the contract's StartedCheckout. */
export type StartedCheckoutBody = StartedCheckout;

export function postCheckout(
  t: TestApp,
  customer: TestUser,
  startsAt: string[],
  service: ServiceCode = 'gcse-higher',
): Promise<Response> {
  return api(t, '/api/checkout', {
    body: { service, startsAt },
    cookie: customer.cookie,
    ip: customer.ip,
  });
}

/** Starts a checkout that must succeed. */
export async function checkoutOk(
  t: TestApp,
  customer: TestUser,
  startsAt: string[],
  service: ServiceCode = 'gcse-higher',
): Promise<StartedCheckoutBody> {
  const res = await postCheckout(t, customer, startsAt, service);
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${await res.text()}`);
  return contractBody(res, StartedCheckoutSchema);
}

/**
 * Presses Pay on the local checkout page, as a browser would (same-origin form post), signed
 * in as `customer` when given (the page is the checkout owner's).
 */
export function pressPay(t: TestApp, checkoutId: string, customer?: TestUser): Promise<Response> {
  return api(t, `/dev/checkout/${checkoutId}/pay`, {
    method: 'POST',
    ...(customer ? { cookie: customer.cookie, ip: customer.ip } : {}),
  });
}

/** Books sessions end to end: checkout, then Pay. */
export async function bookPaid(
  t: TestApp,
  customer: TestUser,
  startsAt: string[],
  service: ServiceCode = 'gcse-higher',
): Promise<StartedCheckoutBody> {
  const started = await checkoutOk(t, customer, startsAt, service);
  const paid = await pressPay(t, started.checkoutId, customer);
  if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${await paid.text()}`);
  return started;
}

export async function checkoutStatus(t: TestApp, checkoutId: string) {
  const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return row;
}

/** Users straight into the database (no password hashing): for the concurrency suites. */
export async function insertUsers(
  t: TestApp,
  count: number,
): Promise<Array<{ id: string; email: string; name: string }>> {
  const rows = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    return { id, name: `Load ${i}`, email: `load-${id}@example.com`, emailVerified: true };
  });
  await t.deps.db.insert(user).values(rows);
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name }));
}

/** Gives `count` seats of one session to other customers (confirmed bookings made directly). */
export async function fillSeats(
  t: TestApp,
  service: ServiceCode,
  startsAt: string,
  count: number,
): Promise<void> {
  const session = findSession(await t.deps.content.timetable(), service, new Date(startsAt));
  if (!session) throw new Error(`${startsAt} is not a ${service} session`);
  const rows = await ensureSessionRows(t.deps.db, [session], 1500);
  const row = rows.get(session.startsAt.getTime());
  const others = await insertUsers(t, count);
  const values = [];
  for (const o of others) {
    const pupilId = await holderPupilId(t.deps.db, o.id);
    values.push({ userId: o.id, sessionId: row!.id, pupilId, status: 'confirmed' as const });
  }
  if (values.length > 0) await t.deps.db.insert(bookings).values(values);
}

/** Buys the seed's 10-session pack end to end (checkout, then Pay): decision 077. */
export async function buyPack(t: TestApp, customer: TestUser): Promise<StartedPackCheckout> {
  const res = await api(t, '/api/checkout/pack', {
    body: { packId: 'ten-session-pack' },
    cookie: customer.cookie,
    ip: customer.ip,
  });
  if (res.status !== 201) throw new Error(`pack checkout: ${res.status} ${await res.text()}`);
  const started = await contractBody(res, StartedPackCheckoutSchema);
  const paid = await pressPay(t, started.checkoutId, customer);
  if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${await paid.text()}`);
  return started;
}

type StripeEventType = 'checkout.session.completed' | 'checkout.session.expired';

/** A Stripe-shaped event about one checkout, with a chosen id (to replay it). */
export function stripeEvent(
  type: StripeEventType,
  checkout: { checkoutId: string; amountPence: number },
  id = `evt_${crypto.randomUUID()}`,
): string {
  const { checkoutId } = checkout;
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${checkoutId}`,
        object: 'checkout.session',
        client_reference_id: checkoutId,
        metadata: { checkoutId },
        currency: 'gbp',
        amount_total: checkout.amountPence,
        payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
        payment_intent: type === 'checkout.session.completed' ? `pi_test_${checkoutId}` : null,
      },
    },
  });
}

/** Posts an event to the webhook route, signed as Stripe signs it (or with `signature`). */
export function deliverWebhook(t: TestApp, payload: string, signature?: string): Promise<Response> {
  return Promise.resolve(
    t.app.request(WEBHOOK_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ??
          Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET }),
      },
      body: payload,
    }),
  );
}
