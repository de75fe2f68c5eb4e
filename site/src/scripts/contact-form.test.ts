// The enquiry form's script on a form shaped like components/contact-form.astro (the built
// page itself is exercised by e2e/contact-form.spec.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceContactForm, problemDetail } from './contact-form.ts';

const SUCCESS = "Thank you! We'll get back to you within 24 hours.";
const FAILURE = 'Failed to send message. Please try again.';

function mountForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form data-contact-form data-success-message="${SUCCESS}" data-failure-message="${FAILURE}">
      <input name="parentName">
      <input name="email">
      <input name="phone" value="">
      <select name="yearGroup"><option value="">-</option><option value="y13">Year 13</option></select>
      <select name="subject"><option value="" selected>-</option></select>
      <select name="preference"><option value="" selected>-</option></select>
      <textarea name="message"></textarea>
      <button type="submit" disabled>Send Message</button>
      <div role="status" data-contact-sent></div>
      <div role="alert" data-contact-failed></div>
    </form>`;
  const form = document.querySelector('form') as HTMLFormElement;
  // Typed by the visitor, so a reset empties them.
  const typed = {
    parentName: 'Sam Parent',
    email: 'sam@example.com',
    yearGroup: 'y13',
    message: 'Hello',
  };
  for (const [name, value] of Object.entries(typed)) {
    (form.elements.namedItem(name) as HTMLInputElement).value = value;
  }
  enhanceContactForm(form);
  return form;
}

const button = () => document.querySelector('button') as HTMLButtonElement;
const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
const submit = (form: HTMLFormElement) => form.requestSubmit();

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the contact form script', () => {
  it('enables the button only once it can send the form itself', () => {
    mountForm();
    expect(button().disabled).toBe(false);
  });

  it('posts the enquiry as JSON, shows Sending... while waiting, then thanks and resets', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const form = mountForm();
    submit(form);

    expect(button().textContent).toBe('Sending...');
    expect(button().disabled).toBe(true);
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

    answer(new Response('{"id":"e1"}', { status: 201 }));
    await vi.waitFor(() => expect(text('[role=status]')).toBe(SUCCESS));
    expect(text('[role=alert]')).toBe('');
    expect(button().textContent).toBe('Send Message');
    expect(button().disabled).toBe(false);
    expect((form.elements.namedItem('message') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the problem detail the service sends back and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ status: 400, detail: 'Message is required.' }, { status: 400 }),
    );
    const form = mountForm();
    submit(form);
    await vi.waitFor(() => expect(text('[role=alert]')).toBe('Message is required.'));
    expect((form.elements.namedItem('parentName') as HTMLInputElement).value).toBe('Sam Parent');
    expect(button().disabled).toBe(false);
  });

  it('falls back to the generic message when the answer has no detail or never comes', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const form = mountForm();
    submit(form);
    await vi.waitFor(() => expect(text('[role=alert]')).toBe(FAILURE));

    submit(form);
    await vi.waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Contact form error', expect.any(TypeError)),
    );
    expect(text('[role=alert]')).toBe(FAILURE);
  });
});

describe('problemDetail', () => {
  it('reads the detail of a problem body and ignores anything else', async () => {
    expect(await problemDetail(Response.json({ detail: ' Bad phone ' }))).toBe('Bad phone');
    expect(await problemDetail(Response.json({ detail: '' }))).toBeUndefined();
    expect(await problemDetail(new Response('<html>'))).toBeUndefined();
  });
});
