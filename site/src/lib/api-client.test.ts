// The client against a stubbed service: answers are typed and, in tests as in development,
// checked against @tuition/api-contract; a shape outside the contract fails loudly.
import type { Me } from '@tuition/api-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, ContractMismatchError } from './api-client.ts';

const ME: Me = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  role: 'user',
  emailVerified: true,
};

function answer(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('resolves to an answer the contract describes', async () => {
    answer(Response.json(ME));
    await expect(api.me()).resolves.toEqual(ME);
  });

  it('throws ContractMismatchError naming the field when the answer breaks the contract', async () => {
    answer(Response.json({ ...ME, role: 'owner', emailVerified: undefined }));
    const call = api.me();
    await expect(call).rejects.toBeInstanceOf(ContractMismatchError);
    await expect(call).rejects.toThrow(/GET \/api\/me .*role.*emailVerified/);
  });

  it('turns a problem body into an ApiError with its code and slots', async () => {
    answer(
      Response.json(
        {
          type: 'urn:tuition:problem:full',
          title: 'Conflict',
          status: 409,
          detail: 'Sorry, that session is now full.',
          code: 'full',
          slots: ['2026-11-10T17:00:00.000Z'],
        },
        { status: 409, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const error = await api.createCheckout({ service: 'gcse', startsAt: ['x'] }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'full', slots: ['2026-11-10T17:00:00.000Z'] });
  });

  it('sends the pupils a basket is for, and the waiting-list offer a checkout takes up', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({
        creditAvailable: 0,
        results: [{ startsAt: '2026-11-10T17:00:00.000Z', status: 'ok' }],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    // Typed as the contract's request bodies: pupilIds and offerId are part of them.
    await api.bookability({
      service: 'gcse',
      startsAt: ['2026-11-10T17:00:00.000Z'],
      pupilIds: ['p1', 'p2'],
    });
    await api
      .createCheckout({
        service: 'gcse',
        startsAt: ['2026-11-10T17:00:00.000Z'],
        pupilIds: ['p1'],
        offerId: 'o1',
      })
      .catch(() => undefined);
    const bodies = fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([
      { service: 'gcse', startsAt: ['2026-11-10T17:00:00.000Z'], pupilIds: ['p1', 'p2'] },
      {
        service: 'gcse',
        startsAt: ['2026-11-10T17:00:00.000Z'],
        pupilIds: ['p1'],
        offerId: 'o1',
      },
    ]);
  });
});
