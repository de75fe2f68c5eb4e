// The behaviour of the /contact enquiry form (components/contact-form.astro), in plain
// TypeScript: a React island cost the page ~60 KiB of runtime (decision 035). It posts JSON to
// the booking service's /api/contact; the service validates with the shared
// contactEnquirySchema and answers a bad field with a problem body whose `detail` is shown.
// The field names are the API contract's (a type-only import: nothing is bundled).
import type { ContactEnquiryRequest } from '@tuition/api-contract';

export const ENQUIRY_FIELDS = [
  'parentName',
  'email',
  'phone',
  'yearGroup',
  'subject',
  'preference',
  'message',
] as const satisfies readonly (keyof ContactEnquiryRequest)[];

export type Enquiry = Record<(typeof ENQUIRY_FIELDS)[number], string>;

/** The enquiry as the service expects it, read from the form's named fields. */
export function enquiryFrom(form: HTMLFormElement): Enquiry {
  const data = new FormData(form);
  const entries = ENQUIRY_FIELDS.map((name) => [name, String(data.get(name) ?? '')] as const);
  return Object.fromEntries(entries) as Enquiry;
}

/** The problem body's `detail` (RFC 9457), when the answer has one. */
export async function problemDetail(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
      return body.detail.trim() || undefined;
    }
  } catch {
    // Not JSON (a proxy's error page, say): fall back to the generic message.
  }
  return undefined;
}

/**
 * Wires the form: its data attributes give the endpoint and the success and failure messages;
 * `[data-contact-sent]` and `[data-contact-failed]` are the live regions for the outcome.
 */
export function enhanceContactForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const sent = form.querySelector<HTMLElement>('[data-contact-sent]');
  const failed = form.querySelector<HTMLElement>('[data-contact-failed]');
  if (!button || !sent || !failed) return;
  const endpoint = form.dataset.endpoint ?? '/api/contact';
  const successMessage = form.dataset.successMessage ?? '';
  const failureMessage = form.dataset.failureMessage ?? '';
  const idleLabel = button.textContent ?? 'Send Message';

  const say = (region: HTMLElement, kind: 'success' | 'error', text: string | null) => {
    region.replaceChildren();
    if (text === null) return;
    const note = document.createElement('p');
    note.className = `notice notice--${kind}`;
    note.textContent = text;
    region.append(note);
  };
  const setSending = (sending: boolean) => {
    button.disabled = sending;
    button.textContent = sending ? 'Sending...' : idleLabel;
  };
  const fail = (message: string) => {
    say(failed, 'error', message);
    setSending(false);
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const enquiry = enquiryFrom(form);
    say(sent, 'success', null);
    say(failed, 'error', null);
    setSending(true);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(enquiry),
      });
      if (!response.ok) {
        const detail = await problemDetail(response);
        console.error('Contact form error', response.status, detail);
        fail(detail ?? failureMessage);
        return;
      }
      form.reset();
      say(sent, 'success', successMessage);
      setSending(false);
    } catch (error) {
      console.error('Contact form error', error);
      fail(failureMessage);
    }
  });
  // Until now a click would have submitted the form natively (a GET carrying the parent's
  // details in the URL), so the button starts disabled in the HTML.
  button.disabled = false;
}
