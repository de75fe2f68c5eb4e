// The enquiry form of /contact (spec §3, §5). It posts JSON to the booking service's
// /api/contact; the service validates with the shared contactEnquirySchema and answers a bad
// field with a problem body whose `detail` this form shows. Everything the form needs from
// @tuition/domain (year groups, limits, messages) arrives as props from the Astro page, so the
// browser bundle carries no validation library.
import { type SubmitEvent, useEffect, useId, useState } from 'react';

export interface ContactFormProps {
  /** Year-group values in order, e.g. ['y6', …, 'y13']. */
  yearGroups: readonly string[];
  nameMaxLength: number;
  emailMaxLength: number;
  phoneMaxLength: number;
  messageMaxLength: number;
  successMessage: string;
  failureMessage: string;
  /** Where the enquiry is posted; the service's route by default. */
  endpoint?: string;
}

type Status =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent' }
  | { state: 'failed'; message: string };

/** "y10" -> "Year 10". */
const yearLabel = (value: string) => `Year ${value.replace(/^y/, '')}`;

/** The problem body's `detail` (RFC 9457), when the answer has one. */
async function problemDetail(response: Response): Promise<string | undefined> {
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

function RequiredMark() {
  return (
    <span className="required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export function ContactForm({
  yearGroups,
  nameMaxLength,
  emailMaxLength,
  phoneMaxLength,
  messageMaxLength,
  successMessage,
  failureMessage,
  endpoint = '/api/contact',
}: ContactFormProps) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  // Until the island has hydrated a click would submit the form natively (a GET carrying the
  // parent's details in the URL), so the button starts disabled in the server-rendered HTML.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const sending = status.state === 'sending';

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const enquiry = {
      parentName: text('parentName'),
      email: text('email'),
      phone: text('phone'),
      yearGroup: text('yearGroup'),
      subject: text('subject'),
      preference: text('preference'),
      message: text('message'),
    };
    setStatus({ state: 'sending' });
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(enquiry),
      });
      if (!response.ok) {
        const detail = await problemDetail(response);
        console.error('Contact form error', response.status, detail);
        setStatus({ state: 'failed', message: detail ?? failureMessage });
        return;
      }
      form.reset();
      setStatus({ state: 'sent' });
    } catch (error) {
      console.error('Contact form error', error);
      setStatus({ state: 'failed', message: failureMessage });
    }
  }

  return (
    <form className="contact-form" onSubmit={onSubmit} aria-describedby={field('required-note')}>
      <p className="field-hint" id={field('required-note')}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>

      <div className="contact-form__row">
        <div className="field">
          <label htmlFor={field('parentName')}>
            Parent name
            <RequiredMark />
          </label>
          <input
            className="input"
            id={field('parentName')}
            name="parentName"
            autoComplete="name"
            required
            maxLength={nameMaxLength}
          />
        </div>
        <div className="field">
          <label htmlFor={field('email')}>
            Email
            <RequiredMark />
          </label>
          <input
            className="input"
            id={field('email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={emailMaxLength}
          />
        </div>
      </div>

      <div className="contact-form__row">
        <div className="field">
          <label htmlFor={field('phone')}>Phone</label>
          <input
            className="input"
            id={field('phone')}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={phoneMaxLength}
          />
        </div>
        <div className="field">
          <label htmlFor={field('yearGroup')}>Year group</label>
          <select className="select" id={field('yearGroup')} name="yearGroup" defaultValue="">
            <option value="">Select year group</option>
            {yearGroups.map((value) => (
              <option key={value} value={value}>
                {yearLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="contact-form__row">
        <div className="field">
          <label htmlFor={field('subject')}>Subject</label>
          <select className="select" id={field('subject')} name="subject" defaultValue="">
            <option value="">Select subject</option>
            <option value="maths">Mathematics</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('preference')}>Tuition preference</label>
          <select className="select" id={field('preference')} name="preference" defaultValue="">
            <option value="">Select preference</option>
            <option value="online">Online</option>
            <option value="inperson" disabled>
              In person (Coming soon)
            </option>
          </select>
        </div>
      </div>

      <div className="field">
        <label htmlFor={field('message')}>
          Message
          <RequiredMark />
        </label>
        <textarea
          className="textarea"
          id={field('message')}
          name="message"
          required
          maxLength={messageMaxLength}
          rows={6}
        />
      </div>

      <div className="contact-form__footer">
        <button className="btn btn--lg" type="submit" disabled={sending || !hydrated}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>

      <div aria-live="polite" role="status">
        {status.state === 'sent' && <p className="notice notice--success">{successMessage}</p>}
      </div>
      <div aria-live="assertive" role="alert">
        {status.state === 'failed' && <p className="notice notice--error">{status.message}</p>}
      </div>
    </form>
  );
}
