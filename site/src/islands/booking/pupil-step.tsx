// "Who is this for?" (decision 055), before the dates: a parent with several children ticks
// one or more; with one child it is only a line saying who, with "Add a child" beside it. A
// course outside a chosen child's year group gets a gentle note, never a block.
import { yearGroupLabel } from '@tuition/domain';
import { lazy, Suspense, useId, useState } from 'react';
import type { PupilChoice } from '../shared/booking-picker/use-pupil-choice.ts';

// The form loads when a parent asks for it: most bookings never add a child here.
const AddChild = lazy(() =>
  import('../shared/pupils/add-child.tsx').then(({ AddChild }) => ({ default: AddChild })),
);

export function PupilStep({
  choice,
  consentStatement,
}: {
  choice: PupilChoice;
  /**
   * The CMS's parental consent statement, from the /booking page; "Add a child" is offered only
   * with it, since adding a child under 16 asks the parent to tick it.
   */
  consentStatement?: string | undefined;
}) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const { pupils, chosenIds, warnings, student } = choice;
  if (!choice.shown) return null;
  const several = pupils.length > 1;

  return (
    <fieldset className="booking-step booking-pupils">
      <legend className="booking-step__title">Who is this for?</legend>
      {several ? (
        <>
          <p className="booking-step__hint">Choose one or more. Each session is a seat for each.</p>
          <div className="booking-options booking-options--pupils">
            {pupils.map((pupil) => (
              <label key={pupil.id} className="booking-option">
                <input
                  type="checkbox"
                  name={`${id}-pupil`}
                  value={pupil.id}
                  checked={chosenIds.includes(pupil.id)}
                  onChange={(e) => choice.toggle(pupil.id, e.target.checked)}
                />
                <span className="booking-option__title">{pupil.name}</span>
                <span className="booking-option__meta">{yearGroupLabel(pupil.yearGroup)}</span>
              </label>
            ))}
          </div>
        </>
      ) : pupils[0] ? (
        <p className="booking-step__hint">
          Booking for <strong>{pupils[0].name}</strong> ({yearGroupLabel(pupils[0].yearGroup)}).
        </p>
      ) : (
        <p className="booking-step__hint">
          No children added yet: sessions are booked in your name until you add one.
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="booking-pupils__warnings">
          {warnings.map((text) => (
            <li key={text} className="notice">
              {text}
            </li>
          ))}
        </ul>
      )}
      {!student &&
        consentStatement &&
        (adding ? (
          <Suspense fallback={<p className="booking-step__hint">Loading the form…</p>}>
            <AddChild
              className="booking-pupils__add"
              consentStatement={consentStatement}
              onAdded={(added) => choice.toggle(added, true)}
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
