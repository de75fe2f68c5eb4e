// The /booking page's first two steps (decision 043): the subject, then the course. Reschedule
// mode keeps the booking's course, so only /booking shows them (decision 117).
import {
  SERVICE_CODES,
  SERVICES,
  type ServiceCode,
  SUBJECT_CODES,
  SUBJECTS,
  type SubjectCode,
} from '@tuition/domain';
import { useId } from 'react';

export function SubjectStep({
  subject,
  onChoose,
}: {
  subject: SubjectCode | undefined;
  onChoose: (code: SubjectCode) => void;
}) {
  const id = useId();
  return (
    <fieldset className="booking-step">
      <legend className="booking-step__title">1. Choose a subject</legend>
      <div className="booking-options booking-options--subjects">
        {SUBJECT_CODES.map((code) => {
          const s = SUBJECTS[code];
          return (
            <label key={code} className="booking-option" data-disabled={!s.available || undefined}>
              <input
                type="radio"
                name={`${id}-subject`}
                value={code}
                checked={subject === code}
                disabled={!s.available}
                onChange={() => onChoose(code)}
              />
              <span className="booking-option__title">{s.title}</span>
              {!s.available && <span className="badge badge--soon">Coming Soon</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ServiceStep({
  subject,
  service,
  onChoose,
}: {
  subject: SubjectCode | undefined;
  service: ServiceCode | undefined;
  onChoose: (code: ServiceCode) => void;
}) {
  const id = useId();
  return (
    <fieldset className="booking-step" disabled={subject === undefined}>
      <legend className="booking-step__title">2. Choose a service</legend>
      {subject === undefined ? (
        <p className="booking-step__hint">Choose a subject first.</p>
      ) : (
        <div className="booking-options booking-options--services">
          {SERVICE_CODES.map((code) => (
            <label key={code} className="booking-option">
              <input
                type="radio"
                name={`${id}-service`}
                value={code}
                checked={service === code}
                onChange={() => onChoose(code)}
              />
              <span className="booking-option__title">{SERVICES[code].label}</span>
              <span className="booking-option__meta">{SERVICES[code].years}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
