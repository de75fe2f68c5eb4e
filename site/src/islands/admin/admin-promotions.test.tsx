// Promotions on /admin (docs/decisions/082) against a stubbed service: the codes in words, a new
// code refused by the service with each message beside its field, an edit that sends only what
// changed, deactivating, the sibling discount saved and said, and who used a code.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem } from '../../test-support/api-stub.ts';
import { type PromotionAnswer, stubPromotions } from '../../test-support/admin-promotions-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { AdminPromotions } from './admin-promotions.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type PromoCode = PromotionAnswer<'PATCH /api/admin/promo-codes/:id'>;
const promo = (id: string, code: string, extra: Partial<PromoCode> = {}): PromoCode => ({
  id,
  code,
  kind: 'percent',
  value: 10,
  validFrom: null,
  validTo: null,
  maxRedemptions: null,
  perAccountLimit: null,
  firstTimePupilsOnly: false,
  services: null,
  active: true,
  redemptions: 0,
  createdAt: '2026-11-01T10:00:00Z',
  ...extra,
});

const LEAFLET = promo('p1', 'LEAFLET10', {
  redemptions: 3,
  maxRedemptions: 10,
  perAccountLimit: 1,
  // 4 January to 31 January 2027, London: validTo is the start of 1 February.
  validFrom: '2027-01-04T00:00:00Z',
  validTo: '2027-02-01T00:00:00Z',
  services: ['gcse-higher', 'alevel'],
});
/** The whole list as the service answers it when it fits on one page. */
const onePage = (items: PromoCode[]) => ({ items, nextCursor: null });

const FIVER = promo('p2', 'FIVER', { kind: 'fixed', value: 500, active: false });
const TASTER = promo('p3', 'TASTER', { kind: 'free-session', value: 0, firstTimePupilsOnly: true });

function renderSection() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminPromotions />
    </AppProviders>,
  );
}

const rowOf = async (code: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(`^${code}`) })).closest(
    'tr',
  ) as HTMLElement;

/** A name with a visually hidden part: jsdom may join the parts without the space. */
const spaced = (name: string) => new RegExp(`^${name.split(' ').join('\\s*')}$`);

/** The cell under a column, by the column's name (its data-label). */
const cell = (row: HTMLElement, column: string) =>
  row.querySelector(`[data-label="${column}"]`)?.textContent;

describe('the Promotions section', () => {
  it('loads more codes a page at a time, and takes focus to the first new one', async () => {
    const first = Array.from({ length: 50 }, (_, i) => promo(`n${i}`, `NEW${i}`));
    const sent = stubPromotions({
      'GET /api/admin/promo-codes': ({ url }) =>
        url.searchParams.get('cursor') === 'n49'
          ? { items: [LEAFLET, FIVER], nextCursor: null }
          : { items: first, nextCursor: 'n49' },
      'GET /api/admin/discounts/sibling': { percent: 0 },
    });
    renderSection();
    await rowOf('NEW49');
    expect(screen.queryByRole('rowheader', { name: /^LEAFLET10/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more promo codes' }));
    const leaflet = await rowOf('LEAFLET10');
    expect(await rowOf('FIVER')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(leaflet).getByRole('rowheader')),
    );
    // The last page: nothing more to load, and each code once.
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(screen.getAllByRole('rowheader')).toHaveLength(52);
    const lists = sent.filter((s) => s.route === 'GET /api/admin/promo-codes');
    expect(lists.map((s) => s.url.search)).toEqual(['', '?cursor=n49']);
  });

  it('lists each code in words: what it gives, when, uses, limits, courses and state', async () => {
    stubPromotions({
      'GET /api/admin/promo-codes': onePage([LEAFLET, FIVER, TASTER]),
      'GET /api/admin/discounts/sibling': { percent: 0 },
    });
    renderSection();
    const leaflet = await rowOf('LEAFLET10');
    expect(cell(leaflet, 'Gives')).toBe('10% off');
    expect(cell(leaflet, 'Valid')).toBe('4 Jan 2027 to 31 Jan 2027');
    expect(cell(leaflet, 'Uses')).toBe('3 of 10');
    expect(cell(leaflet, 'Per account')).toBe('1 per account');
    expect(cell(leaflet, 'First lesson only')).toBe('No');
    expect(cell(leaflet, 'Courses')).toBe('GCSE Higher, A-Level');
    expect(within(leaflet).getByText('Active')).toBeTruthy();
    const fiver = await rowOf('FIVER');
    expect(cell(fiver, 'Gives')).toBe('£5 off');
    expect(cell(fiver, 'Uses')).toBe('0, no limit');
    expect(cell(fiver, 'Valid')).toBe('Any time');
    expect(within(fiver).getByText('Inactive')).toBeTruthy();
    expect(within(fiver).getByRole('button', { name: spaced('Activate FIVER') })).toBeTruthy();
    const taster = await rowOf('TASTER');
    expect(cell(taster, 'Gives')).toBe('Free session');
    expect(cell(taster, 'First lesson only')).toBe('Yes');
    expect(cell(taster, 'Courses')).toBe('All courses');
  });

  it('creates a code, showing each of the service’s refusals beside its field', async () => {
    let listed: PromoCode[] = [];
    let refuse = true;
    const sent = stubPromotions({
      'GET /api/admin/promo-codes': () => onePage(listed),
      'GET /api/admin/discounts/sibling': { percent: 0 },
      'POST /api/admin/promo-codes': ({ body }) => {
        if (refuse) {
          refuse = false;
          return problem(400, 'The promo code was not saved.', {
            errors: [
              { field: 'code', message: 'That code is already in use.' },
              { field: 'value', message: 'A percentage is from 1 to 100.' },
            ],
          });
        }
        const created = promo('p9', String((body as { code: string }).code).toUpperCase(), {
          value: 20,
          services: ['gcse'],
        });
        listed = [created];
        return Response.json(created, { status: 201 });
      },
    });
    renderSection();
    expect(await screen.findByText('No promo codes yet. Make one with New code.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'spring' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Percentage off/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Percentage off/ }), {
      target: { value: '120' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), {
      target: { value: '2027-03-31' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'GCSE Foundation' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));

    // Each message is tied to its own field, and focus goes to the first of them.
    const code = within(dialog).getByLabelText(/^Code/);
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(code.getAttribute('aria-describedby')).toContain(
      within(dialog).getByText('That code is already in use.').id,
    );
    const value = within(dialog).getByRole('textbox', { name: /^Percentage off/ });
    expect(value.getAttribute('aria-describedby')).toContain(
      within(dialog).getByText('A percentage is from 1 to 100.').id,
    );
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(value, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf('SPRING')).toBeTruthy();
    const posts = sent.filter((s) => s.route === 'POST /api/admin/promo-codes');
    expect(posts.at(-1)?.body).toEqual({
      code: 'spring',
      kind: 'percent',
      value: 20,
      validFrom: null,
      // The last day is included: the code stops as 1 April 2027 starts in London (BST).
      validTo: '2027-03-31T23:00:00.000Z',
      maxRedemptions: null,
      perAccountLimit: null,
      firstTimePupilsOnly: false,
      services: ['gcse'],
      active: true,
    });
  });

  it('edits a code, sending only the fields that changed', async () => {
    const sent = stubPromotions({
      'GET /api/admin/promo-codes': onePage([LEAFLET]),
      'GET /api/admin/discounts/sibling': { percent: 0 },
      'PATCH /api/admin/promo-codes/:id': ({ body }) => ({ ...LEAFLET, ...(body as object) }),
    });
    renderSection();
    fireEvent.click(
      within(await rowOf('LEAFLET10')).getByRole('button', { name: spaced('Edit LEAFLET10') }),
    );
    const dialog = await screen.findByRole('dialog', { name: spaced('Edit LEAFLET10') });
    expect((within(dialog).getByLabelText(/^First day/) as HTMLInputElement).value).toBe(
      '2027-01-04',
    );
    expect((within(dialog).getByLabelText(/^Last day/) as HTMLInputElement).value).toBe(
      '2027-01-31',
    );
    fireEvent.change(within(dialog).getByLabelText(/^Uses in all/), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patches = sent.filter((s) => s.route === 'PATCH /api/admin/promo-codes/:id');
    expect(patches.map((p) => [p.url.pathname, p.body])).toEqual([
      ['/api/admin/promo-codes/p1', { maxRedemptions: 25 }],
    ]);
  });

  it('deactivates a code and shows it inactive', async () => {
    let current = LEAFLET;
    const sent = stubPromotions({
      'GET /api/admin/promo-codes': () => onePage([current]),
      'GET /api/admin/discounts/sibling': { percent: 0 },
      'PATCH /api/admin/promo-codes/:id': ({ body }) => {
        current = { ...current, ...(body as object) };
        return current;
      },
    });
    renderSection();
    const row = await rowOf('LEAFLET10');
    fireEvent.click(within(row).getByRole('button', { name: spaced('Deactivate LEAFLET10') }));
    expect(await within(row).findByText('Inactive')).toBeTruthy();
    expect(within(row).getByRole('button', { name: spaced('Activate LEAFLET10') })).toBeTruthy();
    expect(sent.filter((s) => s.route.startsWith('PATCH')).map((s) => s.body)).toEqual([
      { active: false },
    ]);
  });

  it('saves the sibling discount and says what was saved; a refusal shows under the field', async () => {
    const sent = stubPromotions({
      'GET /api/admin/promo-codes': onePage([]),
      'GET /api/admin/discounts/sibling': { percent: 0 },
      'PUT /api/admin/discounts/sibling': ({ body }) => {
        const { percent } = body as { percent: number };
        if (percent > 50) {
          return problem(400, 'Invalid input.', {
            errors: [{ field: 'percent', message: 'percent must be a whole number from 0 to 50.' }],
          });
        }
        return { percent };
      },
    });
    renderSection();
    expect(await screen.findByText('Sibling discount: 0% (off)')).toBeTruthy();
    const field = screen.getByLabelText(/^Percentage \(0 to 50\)/);
    await waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));

    fireEvent.change(field, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const refusal = await screen.findByText('percent must be a whole number from 0 to 50.');
    expect(field.getAttribute('aria-describedby')).toContain(refusal.id);

    fireEvent.change(field, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved: 10% off each additional pupil’s seat in the same session.'),
    ).toBeTruthy();
    expect(screen.getByText('Sibling discount: 10%')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(sent.filter((s) => s.route.startsWith('PUT')).map((s) => s.body)).toEqual([
      { percent: 60 },
      { percent: 10 },
    ]);
  });

  it('lists who used a code, with what they saved, its state and when, in London time', async () => {
    stubPromotions({
      'GET /api/admin/promo-codes': onePage([LEAFLET]),
      'GET /api/admin/discounts/sibling': { percent: 0 },
      'GET /api/admin/promo-codes/:id/redemptions': {
        items: [
          {
            id: 'r1',
            at: '2026-11-03T17:30:00Z',
            status: 'redeemed',
            discountPence: 500,
            checkoutId: 'c1',
            account: { id: 'u1', name: 'Jo Parent', email: 'jo@example.com' },
            pupils: [
              { id: 'k1', name: 'Maya' },
              { id: 'k2', name: 'Sam' },
            ],
          },
          {
            id: 'r2',
            at: '2026-07-01T08:05:00Z',
            status: 'held',
            discountPence: 150,
            checkoutId: null,
            account: null,
            pupils: [],
          },
        ],
        nextCursor: null,
      },
    });
    renderSection();
    fireEvent.click(
      within(await rowOf('LEAFLET10')).getByRole('button', {
        name: spaced('Redemptions of LEAFLET10'),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Who used LEAFLET10' });
    const [jo, gone] = await within(dialog).findAllByRole('listitem');
    expect(jo?.textContent).toContain('Jo Parent');
    expect(jo?.textContent).toContain('jo@example.com');
    expect(jo?.textContent).toContain('For Maya and Sam: £5.00 off');
    expect(jo?.textContent).toContain('Redeemed');
    expect(jo?.textContent).toContain('3 Nov 2026, 5:30 PM');
    expect(gone?.textContent).toContain('Deleted account');
    expect(gone?.textContent).toContain('Held, awaiting payment');
    // Summer time: 08:05 UTC is 9:05 in London.
    expect(gone?.textContent).toContain('1 Jul 2026, 9:05 AM');
  });

  it("loads a popular code's uses a page at a time, asking for the next after the last shown", async () => {
    const use = (n: number) => ({
      id: `r${n}`,
      at: '2026-11-03T17:30:00Z',
      status: 'released' as const,
      discountPence: 100,
      checkoutId: null,
      account: { id: `u${n}`, name: `Parent ${n}`, email: `p${n}@example.com` },
      pupils: [],
    });
    const sent = stubPromotions({
      'GET /api/admin/promo-codes': onePage([LEAFLET]),
      'GET /api/admin/discounts/sibling': { percent: 0 },
      'GET /api/admin/promo-codes/:id/redemptions': ({ url }) =>
        url.searchParams.get('cursor') === 'r2'
          ? { items: [use(3)], nextCursor: null }
          : { items: [use(1), use(2)], nextCursor: 'r2' },
    });
    renderSection();
    fireEvent.click(
      within(await rowOf('LEAFLET10')).getByRole('button', {
        name: spaced('Redemptions of LEAFLET10'),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Who used LEAFLET10' });
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more uses' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByText('Parent 3')));
    expect(within(dialog).queryByRole('button', { name: 'Load more uses' })).toBeNull();
    const asked = sent.filter((s) => s.route === 'GET /api/admin/promo-codes/:id/redemptions');
    expect(asked.map((s) => s.url.searchParams.get('cursor'))).toEqual([null, 'r2']);
  });
});
