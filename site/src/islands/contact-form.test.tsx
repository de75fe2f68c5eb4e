import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form.tsx';

const SUCCESS = "Thank you! We'll get back to you within 24 hours.";
const FAILURE = 'Failed to send message. Please try again.';

function renderForm() {
  render(
    <ContactForm
      yearGroups={['y6', 'y7', 'y13']}
      nameMaxLength={100}
      emailMaxLength={254}
      phoneMaxLength={15}
      messageMaxLength={5000}
      successMessage={SUCCESS}
      failureMessage={FAILURE}
    />,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Parent name' }), {
    target: { value: 'Sam Parent' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
    target: { value: 'sam@example.com' },
  });
  fireEvent.change(screen.getByRole('combobox', { name: 'Year group' }), {
    target: { value: 'y13' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
    target: { value: 'Hello' },
  });
}

function deferredResponse() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const input = (name: string) =>
  screen.getByRole<HTMLInputElement | HTMLTextAreaElement>('textbox', { name });

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('labels every field, marks the required ones and offers in-person as coming soon', () => {
    renderForm();
    expect(input('Parent name').required).toBe(true);
    expect(input('Email').required).toBe(true);
    expect(input('Message').required).toBe(true);
    expect(input('Phone').required).toBe(false);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Year 13' }).value).toBe('y13');
    expect(
      screen.getByRole<HTMLOptionElement>('option', { name: 'In person (Coming soon)' }).disabled,
    ).toBe(true);
  });

  it('posts the enquiry as JSON, shows Sending... while waiting, then thanks and resets', async () => {
    const response = deferredResponse();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockReturnValue(response.promise);
    renderForm();
    submit();

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      parentName: 'Sam Parent',
      email: 'sam@example.com',
      phone: '',
      yearGroup: 'y13',
      subject: '',
      preference: '',
      message: 'Hello',
    });

    await act(async () => response.resolve(new Response('{"id":"e1"}', { status: 201 })));
    expect((await screen.findByRole('status')).textContent).toBe(SUCCESS);
    expect(input('Parent name').value).toBe('');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send Message' }).disabled).toBe(
      false,
    );
  });

  it('shows the problem detail the service sends back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ status: 400, title: 'Bad Request', detail: 'Message is required.' }),
        {
          status: 400,
          headers: { 'Content-Type': 'application/problem+json' },
        },
      ),
    );
    renderForm();
    submit();
    expect(
      (await screen.findByText('Message is required.')).closest('[role=alert]'),
    ).not.toBeNull();
    expect(input('Parent name').value).toBe('Sam Parent');
  });

  it('falls back to the generic message when the answer has no detail or never comes', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response('Bad gateway', { status: 502 }),
    );
    renderForm();
    submit();
    expect((await screen.findByText(FAILURE)).closest('[role=alert]')).not.toBeNull();

    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    submit();
    await screen.findByRole('button', { name: 'Send Message' });
    expect(screen.getByRole('alert').textContent).toBe(FAILURE);
    expect(logged).toHaveBeenCalledWith('Contact form error', expect.anything());
  });
});
