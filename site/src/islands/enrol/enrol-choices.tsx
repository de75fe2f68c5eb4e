// /enrol's choices (docs/decisions/083): the term, the weekly class, the pupils and an optional
// promo code. Native selects and checkboxes, each labelled, so they work with a keyboard and a
// screen reader and fit a 375 px screen; a refusal the service names a field for sits under it.
import { yearGroupLabel } from '@tuition/domain';
import { type SubmitEvent, useId } from 'react';
import { fieldMessages, type TermEnrolment } from './use-term-enrolment.ts';
import { classWords, termDatesWords, termOpeningWords, termOptionWords } from './enrol-words.ts';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span className="auth-field-error" id={id}>
      {text}
    </span>
  ) : null;
}

function TermAndClass({
  flow,
  errors,
}: {
  flow: TermEnrolment;
  errors: ReturnType<typeof fieldMessages>;
}) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-term`}>Term</label>
        <select
          id={`${id}-term`}
          className="select"
          value={flow.term?.id ?? ''}
          onChange={(e) => flow.chooseTerm(e.target.value)}
          disabled={flow.openTerms.length === 0}
          aria-describedby={flow.term ? `${id}-term-dates` : undefined}
        >
          {flow.openTerms.length === 0 && <option value="">No terms open for enrolment</option>}
          {flow.openTerms.map((term) => (
            <option key={term.id} value={term.id}>
              {termOptionWords(term, flow.today)}
            </option>
          ))}
        </select>
        {flow.term && (
          <span className="field-hint" id={`${id}-term-dates`}>
            {termDatesWords(flow.term)}. {termOpeningWords(flow.term, flow.today)}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-class`}>Class</label>
        <select
          id={`${id}-class`}
          className="select"
          value={flow.classId}
          onChange={(e) => flow.chooseClass(e.target.value)}
          aria-invalid={errors.classId ? true : undefined}
          aria-describedby={errors.classId ? `${id}-class-error` : undefined}
        >
          <option value="">Choose a class</option>
          {(flow.classes.data ?? []).map((lesson) => (
            <option key={lesson.id} value={lesson.id}>
              {classWords(lesson)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-class-error`} text={errors.classId} />
      </div>
    </>
  );
}

function PupilTicks({ flow, error }: { flow: TermEnrolment; error: string | undefined }) {
  const id = useId();
  const { list, chosenIds, query } = flow.pupils;
  if (query.isPending) return <p className="field-hint">Loading your pupils…</p>;
  return (
    <fieldset className="enrol-pupils" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Pupils</legend>
      {list.length === 0 ? (
        <p className="field-hint">
          Add your child on <a href="/my-account">My Account</a> first, then come back to enrol.
        </p>
      ) : (
        list.map((pupil) => (
          <label key={pupil.id} className="auth-check enrol-pupils__pupil">
            <input
              type="checkbox"
              value={pupil.id}
              checked={chosenIds.includes(pupil.id)}
              onChange={(e) => flow.togglePupil(pupil.id, e.target.checked)}
            />
            <span>
              {pupil.name} <span className="field-hint">({yearGroupLabel(pupil.yearGroup)})</span>
            </span>
          </label>
        ))
      )}
      <FieldError id={`${id}-error`} text={error} />
    </fieldset>
  );
}

function PromoField({ flow, error }: { flow: TermEnrolment; error: string | undefined }) {
  const id = useId();
  const applied = flow.quote.data?.quote.price.promo;
  const note = applied && !applied.applied ? applied.reason : undefined;
  const message = error ?? note ?? undefined;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    flow.applyPromo();
  };
  return (
    <form className="field enrol-promo" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-promo`}>Promo code (optional)</label>
      <div className="enrol-promo__row">
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
          aria-describedby={message ? `${id}-promo-message` : undefined}
        />
        <button type="submit" className="btn btn--outline">
          Apply
        </button>
        {flow.promoCode && (
          <button type="button" className="btn btn--ghost" onClick={flow.clearPromo}>
            Remove code
          </button>
        )}
      </div>
      <span
        id={`${id}-promo-message`}
        role="alert"
        className={error ? 'auth-field-error' : 'field-hint'}
      >
        {message}
      </span>
    </form>
  );
}

/** The four choices; the quote below answers them. */
export function EnrolChoices({ flow }: { flow: TermEnrolment }) {
  const errors = {
    ...fieldMessages(flow.quote.error),
    ...fieldMessages(flow.checkout.error),
  };
  const promoError = errors.promoCode ?? flow.quote.data?.promoRefused;
  return (
    <section className="enrol-choices card" aria-labelledby="enrol-choices-title">
      <h2 id="enrol-choices-title" className="enrol__title">
        Choose a term, a class and your pupils
      </h2>
      <TermAndClass flow={flow} errors={errors} />
      <PupilTicks flow={flow} error={errors.pupilIds} />
      <PromoField flow={flow} error={promoError} />
    </section>
  );
}
