// The island tests' stand-in for the service: routes with parameters, the contract's types on
// every answer, 204s, problems answered more than once, and a 404 for what no route answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client.ts';
import { problem, stubApi } from './api-stub.ts';

afterEach(() => vi.unstubAllGlobals());

const ME = {
  id: 'u1',
  name: 'Pat',
  email: 'pat@example.com',
  phone: null,
  role: 'user' as const,
  emailVerified: true,
};

describe('stubApi', () => {
  it('answers a route with its parameters and records each request', async () => {
    const stub = stubApi({
      'POST /api/checkout/:id/cancel': ({ params }) => ({
        status: params.id === 'c1' ? 'cancelled' : 'paid',
      }),
    });
    expect(await api.cancelCheckout('c1')).toEqual({ status: 'cancelled' });
    expect(stub.calls).toEqual(['POST /api/checkout/c1/cancel']);
    expect(stub.requests[0]?.params).toEqual({ id: 'c1' });
  });

  it('answers a problem as often as it is asked, and 404 for a route it was not given', async () => {
    // 500, not 502-504: the site's fetch would wait and try those again (decision 051).
    stubApi({ 'GET /api/me': problem(500, 'Something broke') });
    await expect(api.me()).rejects.toMatchObject({ status: 500, detail: 'Something broke' });
    await expect(api.me()).rejects.toMatchObject({ status: 500 });
    await expect(api.payments()).rejects.toMatchObject({ status: 404 });
  });

  it('answers 204 for a route without a body', async () => {
    const stub = stubApi({ 'DELETE /api/me/waitlist/:id': null });
    const response = await fetch('/api/me/waitlist/w1', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(stub.fetch).toHaveBeenCalledOnce();
  });

  it('types each answer by the contract', () => {
    stubApi({ 'GET /api/me': ME });
    // A field the contract does not have (here a misspelt one) fails the typecheck.
    // @ts-expect-error: `nmae` is not a field of Me
    stubApi({ 'GET /api/me': { ...ME, nmae: 'Pat' } });
    // So does an answer of another route's shape.
    // @ts-expect-error: a list of bookings is not Me
    stubApi({ 'GET /api/me': [] });
  });
});
