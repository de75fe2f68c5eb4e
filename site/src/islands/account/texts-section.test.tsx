// "Text messages" on /my-account against a stubbed service (docs/decisions/103 and 110): the
// number's state in words, the code flow (sent, a wrong code said under the field, verified), the
// service's own sentence beside each choice, the 409 of a choice turned on before verifying said
// beside the switches, the choice and quiet hours sent, and nothing shown signed out.
import type { Notifications } from '@tuition/api-contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn ? { user: { id: 'u1', name: 'Pat Parent', role: 'user' } } : null,
    isPending: false,
  }),
}));

const { TextsSection } = await import('./texts-section.tsx');
const { TEXTS_MESSAGES } = await import('./texts-api.ts');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const renderSection = () => render(<TextsSection queryClient={createQueryClient()} />);

const EXPLANATIONS = {
  reminders: 'Text me a reminder before each lesson. You still get the e-mail.',
  changes: 'Text me when we cancel or move a session.',
  waitingListOffers: 'Text me when a seat is offered to me.',
  lessonReports: "Text me when a tutor's report is ready.",
};

function notifications(phone: Partial<Notifications['phone']> = {}): Notifications {
  return {
    sms: { reminders: false, changes: false, waitingListOffers: false, lessonReports: false },
    quietHours: { from: '21:00', to: '08:00' },
    phone: {
      number: '+447700900123',
      verified: false,
      stoppedByReply: false,
      stoppedAt: null,
      unreachable: false,
      ...phone,
    },
    explanations: EXPLANATIONS,
  };
}

/** A service that verifies with 123456 and refuses a choice while the number is unverified. */
function stubService(start: Notifications) {
  let state = start;
  return stubApi({
    'GET /api/me/notifications': () => state,
    'POST /api/me/phone/verification': () => ({
      number: '+447700900123',
      expiresAt: '2026-11-11T10:10:00.000Z',
    }),
    'POST /api/me/phone/verification/confirm': ({ body }) => {
      if ((body as { code: string }).code !== '123456') {
        return problem(400, 'Invalid input', {
          errors: [{ field: 'code', message: 'That code is wrong. 4 tries left.' }],
        });
      }
      state = { ...state, phone: { ...state.phone, verified: true } };
      return { number: '+447700900123', verified: true };
    },
    'PUT /api/me/notifications': ({ body }) => {
      const update = body as { sms?: Partial<Notifications['sms']>; quietHours?: never };
      if (Object.values(update.sms ?? {}).some(Boolean) && !state.phone.verified) {
        return problem(409, 'Verify your mobile number before choosing texts.', {
          code: 'phone-not-verified',
        });
      }
      state = {
        ...state,
        sms: { ...state.sms, ...update.sms },
        ...(update.quietHours ? { quietHours: update.quietHours } : {}),
      };
      return state;
    },
  });
}

const reminders = () => screen.findByRole('switch', { name: 'Lesson reminders' });

describe('text messages on /my-account', () => {
  beforeEach(() => {
    session.signedIn = true;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [{ verified: true }, TEXTS_MESSAGES.verified],
    [{ verified: false }, TEXTS_MESSAGES.notVerified],
    [
      { verified: true, stoppedByReply: true, stoppedAt: '2026-11-11T09:00:00.000Z' },
      TEXTS_MESSAGES.stopped,
    ],
    [{ verified: true, unreachable: true }, TEXTS_MESSAGES.unreachable],
  ] as const)('says the number is %o as "%s"', async (phone, words) => {
    stubService(notifications(phone));
    renderSection();
    expect(await screen.findByText(words)).toBeTruthy();
    // Unverified or unreachable numbers are offered a code; a verified one is not.
    const offered = !phone.verified || ('unreachable' in phone && phone.unreachable);
    expect(screen.queryByRole('button', { name: 'Send a code' }) !== null).toBe(offered);
  });

  it('says texts add to e-mail, which messages stay e-mail only, and that STOP stops them', async () => {
    stubService(notifications());
    renderSection();
    const section = await screen.findByRole('region', { name: 'Text messages' });
    expect(section.textContent).toContain('as well as e-mail');
    expect(section.textContent).toContain(
      'Payments, receipts and account e-mails stay e-mail only',
    );
    expect(section.textContent).toContain('Reply STOP to any text to stop all texts');
  });

  it('asks for a number when the account has none', async () => {
    stubService(notifications({ number: null }));
    renderSection();
    expect(await screen.findByText(TEXTS_MESSAGES.noNumber)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a code' })).toBeNull();
  });

  it('sends a code, says a wrong one under the field, and verifies with the right one', async () => {
    const { calls } = stubService(notifications());
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a code' }));
    const field = (await screen.findByLabelText('Code from the text')) as HTMLInputElement;
    expect(
      screen.getByText(/We texted a 6-digit code to .*It works for 10 minutes\./),
    ).toBeTruthy();

    fireEvent.change(field, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code from the text.')).toBeTruthy();
    expect(calls).not.toContain('POST /api/me/phone/verification/confirm');

    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const wrong = await screen.findByText('That code is wrong. 4 tries left.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(wrong.id);

    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(TEXTS_MESSAGES.verified)).toBeTruthy();
    expect(screen.queryByLabelText('Code from the text')).toBeNull();
  });

  it('says why a code could not be sent', async () => {
    stubApi({
      'GET /api/me/notifications': notifications(),
      'POST /api/me/phone/verification': () =>
        problem(429, 'Three codes have been sent this hour; try again later.'),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Three codes have been sent this hour; try again later.',
    );
  });

  it("shows the service's own sentence beside each choice, tied to its switch", async () => {
    stubService(notifications({ verified: true }));
    renderSection();
    for (const [name, sentence] of [
      ['Lesson reminders', EXPLANATIONS.reminders],
      ['Changes to my sessions', EXPLANATIONS.changes],
      ['Waiting-list offers', EXPLANATIONS.waitingListOffers],
      ['Lesson reports', EXPLANATIONS.lessonReports],
    ]) {
      const control = await screen.findByRole('switch', { name });
      const explanation = screen.getByText(sentence as string);
      expect(control.getAttribute('aria-describedby')).toBe(explanation.id);
    }
  });

  it('turns a choice on once verified, and says so', async () => {
    const { requests } = stubService(notifications({ verified: true }));
    renderSection();
    fireEvent.click(await reminders());
    await waitFor(async () =>
      expect((await reminders()).getAttribute('aria-checked')).toBe('true'),
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ sms: { reminders: true } });
    expect(await screen.findByText(/^Lesson reminders by text turned on/)).toBeTruthy();
  });

  it('says clearly that the number must be verified when a choice is turned on before', async () => {
    stubService(notifications());
    renderSection();
    fireEvent.click(await reminders());
    expect((await screen.findByRole('alert')).textContent).toBe(TEXTS_MESSAGES.notVerifiedToTurnOn);
    expect((await reminders()).getAttribute('aria-checked')).toBe('false');
  });

  it('shows quiet hours in London time, 21:00 to 08:00 by default, and saves a change', async () => {
    const { requests } = stubService(notifications({ verified: true }));
    renderSection();
    const from = (await screen.findByLabelText('No texts from')) as HTMLInputElement;
    expect(from.value).toBe('21:00');
    expect((screen.getByLabelText('until') as HTMLInputElement).value).toBe('08:00');
    expect(
      screen.getByText(/No texts are sent from 21:00 until 08:00, UK time \(London\)/),
    ).toBeTruthy();
    fireEvent.change(from, { target: { value: '20:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText(new RegExp(`^${TEXTS_MESSAGES.quietSaved}`))).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      quietHours: { from: '20:30', to: '08:00' },
    });
  });

  it('shows nothing signed out', async () => {
    session.signedIn = false;
    stubService(notifications());
    vi.useFakeTimers();
    try {
      const { container } = renderSection();
      await act(() => vi.runAllTimersAsync());
      expect(container.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
