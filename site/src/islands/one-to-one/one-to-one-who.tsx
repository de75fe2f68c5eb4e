// Who the 1-to-1 lessons are for (docs/decisions/108): one of the account's pupils, as on the
// booking page (decision 048), with "Add a child" when the family has none yet or wants another.
// Signed out, the family is asked to log in here; the dialog signs them in on this page, so the
// time they picked stays picked.
import { yearGroupLabel } from '@tuition/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import type { OneToOneBooking } from './use-one-to-one-booking.ts';

// The form loads when a parent asks for it: most bookings never add a child here.
const AddChild = lazy(() =>
  import('../shared/pupils/add-child.tsx').then(({ AddChild }) => ({ default: AddChild })),
);

function LogInPrompt() {
  return (
    <div className="one-to-one-login">
      <p className="field-hint">Log in to choose which of your children the lessons are for.</p>
      <div className="one-to-one-login__actions">
        <button type="button" className="btn" onClick={() => openAuthDialog('login')}>
          Log In
        </button>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => openAuthDialog('register')}
        >
          Create Account
        </button>
      </div>
    </div>
  );
}

export function OneToOneWho({
  flow,
  consentStatement,
  error,
}: {
  flow: OneToOneBooking;
  consentStatement: string;
  error: string | undefined;
}) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const { list, query, pupilId } = flow.pupils;
  if (!flow.signedIn) {
    return (
      <fieldset className="one-to-one-who">
        <legend>Who are the lessons for?</legend>
        <LogInPrompt />
      </fieldset>
    );
  }
  if (query.isPending) return <p className="field-hint">Loading your children…</p>;
  const student = query.data?.accountType === 'student';
  return (
    <fieldset
      className="one-to-one-who"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>Who are the lessons for?</legend>
      {list.length === 0 && (
        <p className="field-hint">Add your child first: each lesson is for one child.</p>
      )}
      {list.map((pupil) => (
        <label key={pupil.id} className="auth-check one-to-one-who__pupil">
          <input
            type="radio"
            name={`${id}-pupil`}
            value={pupil.id}
            checked={pupilId === pupil.id}
            onChange={() => flow.choosePupil(pupil.id)}
          />
          <span>
            {pupil.name}{' '}
            {pupil.yearGroup && (
              <span className="field-hint">({yearGroupLabel(pupil.yearGroup)})</span>
            )}
          </span>
        </label>
      ))}
      {error && (
        <span className="auth-field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
      {!student &&
        (adding ? (
          <Suspense fallback={<p className="field-hint">Loading the form…</p>}>
            <AddChild
              className="one-to-one-who__add"
              consentStatement={consentStatement}
              onAdded={(added) => flow.choosePupil(added)}
              onDone={() => setAdding(false)}
            />
          </Suspense>
        ) : (
          <button type="button" className="btn btn--outline" onClick={() => setAdding(true)}>
            Add a child
          </button>
        ))}
    </fieldset>
  );
}
