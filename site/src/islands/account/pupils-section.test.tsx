// "Your children" on /my-account against a stubbed service: adding a child (consent asked for
// Years 6-11 only, the service's refusal shown on the field), editing, removing, and a student's
// account, which cannot add a second pupil.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pupil, PupilList } from '../shared/pupils/pupils-api.ts';
import { problem, stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ signedIn: true, role: 'user' }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn ? { user: { id: 'u1', name: 'Pat Parent', role: session.role } } : null,
    isPending: false,
  }),
}));

const { PupilsSection, pupilPatch } = await import('./pupils-section.tsx');

const pupil = (over: Partial<Pupil>): Pupil => ({
  id: 'p1',
  name: 'Sam',
  yearGroup: 'y10',
  email: null,
  archived: false,
  consentRecordedAt: '2026-11-01T10:00:00.000Z',
  consentPolicyVersion: '2026-08-01',
  recordingConsent: false,
  recordingConsentAt: null,
  ...over,
});

/** The service refusing a child in Years 6-11 without consent, naming the field. */
const consentRefused = () =>
  problem(400, 'Invalid request.', {
    errors: [{ field: 'consent', message: 'Consent from the service.' }],
  });

/** A tiny service: the list, POST (refusing Years 6-11 without consent), PATCH and DELETE. */
function stubService(initial: PupilList) {
  const state = structuredClone(initial);
  const { requests } = stubApi({
    'GET /api/me/pupils': () => state,
    'POST /api/me/pupils': ({ body }) => {
      const sent = body as { name: string; yearGroup: Pupil['yearGroup']; email?: string };
      const { consent } = body as { consent?: boolean };
      if (['y6', 'y7', 'y8', 'y9', 'y10', 'y11'].includes(sent.yearGroup ?? '') && !consent) {
        return consentRefused();
      }
      const added = pupil({
        id: `p${state.pupils.length + 1}`,
        name: sent.name,
        yearGroup: sent.yearGroup,
        email: sent.email ?? null,
        consentRecordedAt: consent ? '2026-11-24T10:00:00.000Z' : null,
      });
      state.pupils.push(added);
      return added;
    },
    'PATCH /api/me/pupils/:id': ({ params, body }) => {
      const index = state.pupils.findIndex((p) => p.id === params.id);
      const changed = { ...state.pupils[index], ...(body as Partial<Pupil>) } as Pupil;
      state.pupils[index] = changed;
      return changed;
    },
    'DELETE /api/me/pupils/:id': ({ params }) => {
      const index = state.pupils.findIndex((p) => p.id === params.id);
      state.pupils.splice(index, 1);
      return { id: params.id ?? '', outcome: 'archived' };
    },
  });
  return requests;
}

/** The statement /my-account passes from the CMS's site settings (not a site constant). */
const CONSENT =
  'As the parent or guardian of this child I agree to the Studio statement for under-16s.';

beforeEach(() => {
  session.signedIn = true;
  session.role = 'user';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PupilsSection', () => {
  it('lists the children and adds one in Year 10 only once consent is ticked', async () => {
    const calls = stubService({ accountType: 'parent', pupils: [pupil({})] });
    render(<PupilsSection consentStatement={CONSENT} />);
    expect(await screen.findByRole('heading', { name: 'Your children' })).toBeTruthy();
    expect(await screen.findByText('Sam')).toBeTruthy();
    expect(screen.getByText('Year 10')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a child' }));
    fireEvent.change(screen.getByLabelText(/Child’s name/), { target: { value: 'Alex' } });
    fireEvent.change(screen.getByLabelText(/Year group/), { target: { value: 'y10' } });
    // The statement ticked is the one the page passed from content, then the policy link.
    const tick = screen.getByRole('checkbox', { name: `${CONSENT} Read the privacy policy` });
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    expect(
      await screen.findByText(/Please confirm that you are their parent or guardian/),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(tick);
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    expect(await screen.findByText('Alex')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Alex',
      yearGroup: 'y10',
      consent: true,
    });
  });

  it('asks no consent for Year 12 and sends none', async () => {
    const calls = stubService({ accountType: 'parent', pupils: [] });
    render(<PupilsSection consentStatement={CONSENT} />);
    expect(await screen.findByText('No children added yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a child' }));
    fireEvent.change(screen.getByLabelText(/Child’s name/), { target: { value: 'Jo' } });
    fireEvent.change(screen.getByLabelText(/Year group/), { target: { value: 'y12' } });
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    expect(await screen.findByText('Jo')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Jo', yearGroup: 'y12' });
  });

  it('moves a child into Year 9 and back: consent already on record is not asked again', async () => {
    const calls = stubService({ accountType: 'parent', pupils: [pupil({ yearGroup: 'y11' })] });
    render(<PupilsSection consentStatement={CONSENT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam' }));
    fireEvent.change(screen.getByLabelText(/Year group/), { target: { value: 'y9' } });
    expect(screen.queryByRole('checkbox', { name: /Read the privacy policy/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Year 9')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      params: { id: 'p1' },
      body: { yearGroup: 'y9' },
    });
  });

  it('gives and withdraws consent to recording lessons, saying what it means', async () => {
    const calls = stubService({ accountType: 'parent', pupils: [pupil({})] });
    render(<PupilsSection consentStatement={CONSENT} recordingRetentionDays={30} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam' }));
    const tick = screen.getByRole('checkbox', { name: 'Record lessons' });
    expect(tick).toHaveProperty('checked', false);
    const explained = document.getElementById(tick.getAttribute('aria-describedby') ?? '');
    expect(explained?.textContent).toBe(
      'Some classes are recorded so pupils who were there can watch again. A recording is made only when every family in the session agrees, only families of pupils who were present, the tutor and our staff can watch it, and it is deleted after 30 days. You can withdraw at any time; recordings your child was in are then deleted within a day.',
    );
    fireEvent.click(tick);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Lessons may be recorded')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { recordingConsent: true },
    ]);

    // Withdrawn the same way: the tick shows what is on record, and only the change is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sam' }));
    const again = screen.getByRole('checkbox', { name: 'Record lessons' });
    expect(again).toHaveProperty('checked', true);
    fireEvent.click(again);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByText('Lessons may be recorded')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { recordingConsent: true },
      { recordingConsent: false },
    ]);
  });

  it('removes a child after asking, saying their bookings are kept', async () => {
    const calls = stubService({ accountType: 'parent', pupils: [pupil({})] });
    render(<PupilsSection consentStatement={CONSENT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam' }));
    const confirm = screen.getByRole('group', { name: 'Remove Sam?' });
    expect(within(confirm).getByText(/past bookings and payments are kept/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove Sam' }));
    await waitFor(() => expect(screen.queryByText('Sam')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/me/pupils/p1');
  });

  it('shows the service’s refusal on the field it names', async () => {
    stubService({ accountType: 'parent', pupils: [] });
    render(<PupilsSection consentStatement={CONSENT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a child' }));
    fireEvent.change(screen.getByLabelText(/Child’s name/), { target: { value: 'Kit' } });
    // Year 6 ticked in the form but the service still refuses: its message is shown.
    fireEvent.change(screen.getByLabelText(/Year group/), { target: { value: 'y6' } });
    fireEvent.click(screen.getByRole('checkbox'));
    const fetchStub = vi.mocked(fetch);
    fetchStub.mockImplementationOnce(async () => consentRefused());
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    expect(await screen.findByText('Consent from the service.')).toBeTruthy();
  });

  it('a student sees their own pupil, Year 12 or 13 only, and cannot add or remove one', async () => {
    stubService({ accountType: 'student', pupils: [pupil({ name: 'Robin', yearGroup: 'y12' })] });
    render(<PupilsSection consentStatement={CONSENT} />);
    expect(await screen.findByRole('heading', { name: 'Your year group' })).toBeTruthy();
    expect(await screen.findByText('Robin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a child' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Robin' }));
    const options = within(screen.getByLabelText(/Year group/)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a year group',
      'Year 12',
      'Year 13',
    ]);
  });

  it.each([
    ['signed out', { signedIn: false, role: 'user' }],
    ['for a tutor’s account', { signedIn: true, role: 'tutor' }],
  ])('renders nothing %s and asks the service nothing', async (_, who) => {
    Object.assign(session, who);
    const calls = stubService({ accountType: 'parent', pupils: [] });
    vi.useFakeTimers();
    try {
      const { container } = render(<PupilsSection consentStatement={CONSENT} />);
      // Every timer and promise the section could start has run: still nothing.
      await act(() => vi.runAllTimersAsync());
      expect(container.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toEqual([]);
  });
});

describe('pupilPatch', () => {
  it('sends only what changed; an emptied e-mail is removed', () => {
    const sam = pupil({ email: 'sam@example.com' });
    const values = {
      name: 'Sam',
      yearGroup: 'y10' as const,
      email: '',
      consent: false,
      recordingConsent: false,
    };
    expect(pupilPatch(sam, values)).toEqual({ email: null });
    expect(pupilPatch(sam, { ...values, email: 'sam@example.com' })).toEqual({});
    expect(pupilPatch(sam, { ...values, name: 'Samuel', email: 'sam@example.com' })).toEqual({
      name: 'Samuel',
    });
  });
});
