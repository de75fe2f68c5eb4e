// /one-to-one's booking panel (docs/decisions/108): the time picked, "every week for N weeks"
// with each lesson's date, the child, "an adult will be nearby", a promo code, then the price
// and Pay (./one-to-one-pay.tsx). A field the service refuses (400) is named under that field.
import { formatLondonDate, formatTimeRange, SERVICES } from '@tuition/domain';
import { useId } from 'react';
import { OneToOnePay } from './one-to-one-pay.tsx';
import { OneToOneWho } from './one-to-one-who.tsx';
import { fieldMessages } from './one-to-one-fields.ts';
import type { OneToOneBooking } from './use-one-to-one-booking.ts';
import { lengthWords } from '../shared/free-times/free-time-words.ts';
import { weeklyStarts } from './one-to-one-words.ts';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span className="auth-field-error" id={id}>
      {text}
    </span>
  ) : null;
}

function Weekly({ flow, error }: { flow: OneToOneBooking; error: string | undefined }) {
  const id = useId();
  const { chosen } = flow;
  if (!chosen || flow.weeksMax < 2) return null;
  const taken = new Set(flow.unavailable?.starts ?? []);
  const starts = weeklyStarts(chosen.startsAt, flow.weeksAsked);
  return (
    <div className="one-to-one-weekly">
      <label className="auth-check">
        <input
          type="checkbox"
          checked={flow.weekly}
          onChange={(e) => flow.setWeekly(e.target.checked)}
        />
        <span>Every week at this time</span>
      </label>
      {flow.weekly && (
        <div className="field">
          <label htmlFor={`${id}-weeks`}>Number of weeks</label>
          <select
            id={`${id}-weeks`}
            className="select"
            value={flow.weeksAsked}
            onChange={(e) => flow.setWeeks(Number(e.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-weeks-error` : `${id}-weeks-hint`}
          >
            {Array.from({ length: flow.weeksMax - 1 }, (_, i) => i + 2).map((n) => (
              <option key={n} value={n}>
                {n} weeks
              </option>
            ))}
          </select>
          <span className="field-hint" id={`${id}-weeks-hint`}>
            Until the end of the term at the latest.
          </span>
          <FieldError id={`${id}-weeks-error`} text={error} />
        </div>
      )}
      {flow.weekly && (
        <ul className="one-to-one-lessons" aria-label="Lesson dates">
          {starts.map((start) => (
            <li key={start} data-free={taken.has(start) ? 'no' : 'yes'}>
              {formatLondonDate(new Date(start))}
              {taken.has(start) && <strong> – no longer free</strong>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Picked({ flow }: { flow: OneToOneBooking }) {
  const { chosen, service } = flow;
  if (!chosen || !service) {
    return <p className="field-hint">Pick a free time to book it.</p>;
  }
  return (
    <p className="one-to-one-picked">
      <strong>{formatLondonDate(new Date(chosen.startsAt))}</strong>
      <br />
      {formatTimeRange(new Date(chosen.startsAt), new Date(chosen.endsAt))} (UK time) with{' '}
      {chosen.tutorName}
      <br />
      <span className="field-hint">
        {SERVICES[service].label} · {lengthWords(flow.lengthMinutes)}
      </span>
    </p>
  );
}

function PromoField({ flow, error }: { flow: OneToOneBooking; error: string | undefined }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-promo`}>Promo code (optional)</label>
      <input
        id={`${id}-promo`}
        className="input"
        name="promoCode"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={40}
        value={flow.promoText}
        onChange={(e) => flow.setPromoText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-promo-error` : `${id}-promo-hint`}
      />
      {error ? (
        <FieldError id={`${id}-promo-error`} text={error} />
      ) : (
        <span className="field-hint" id={`${id}-promo-hint`}>
          Checked when you press Pay: you see the total with it before paying.
        </span>
      )}
    </div>
  );
}

/**
 * Whether the lesson is recorded (docs/decisions/115): by default unless an adult will be nearby;
 * always when the CMS says so. Either way recording needs the child's recording consent.
 */
function Recording({ flow, error }: { flow: OneToOneBooking; error: string | undefined }) {
  const id = useId();
  if (flow.offer.recordingCompulsory) {
    return (
      <p className="field-hint">
        Every 1-to-1 lesson is recorded for safeguarding, with your consent for your child.
      </p>
    );
  }
  return (
    <div className="field">
      <label className="auth-check">
        <input
          type="checkbox"
          checked={flow.adultNearby}
          onChange={(e) => flow.setAdultNearby(e.target.checked)}
          aria-describedby={`${id}-adult-hint${error ? ` ${id}-adult-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <span>An adult will be nearby during the lesson</span>
      </label>
      <span className="field-hint" id={`${id}-adult-hint`}>
        Otherwise 1-to-1 lessons are recorded for safeguarding, which needs your recording consent
        for your child.
      </span>
      <FieldError id={`${id}-adult-error`} text={error} />
    </div>
  );
}

export function OneToOneSummary({
  flow,
  consentStatement,
}: {
  flow: OneToOneBooking;
  consentStatement: string;
}) {
  const id = useId();
  const errors = fieldMessages(flow.checkout.error);
  return (
    <section className="one-to-one-summary card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="one-to-one__title">
        Your lesson
      </h2>
      <Picked flow={flow} />
      <Weekly flow={flow} error={errors.weeks} />
      <OneToOneWho flow={flow} consentStatement={consentStatement} error={errors.pupilId} />
      <Recording flow={flow} error={errors.adultNearby} />
      <PromoField flow={flow} error={errors.promoCode} />
      <OneToOnePay flow={flow} />
    </section>
  );
}
