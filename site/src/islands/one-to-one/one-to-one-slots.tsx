// /one-to-one's choices and free times (docs/decisions/108): course, lesson length and tutor as
// native labelled selects, then two weeks of the tutors' free times, grouped by day, as one group
// of radio buttons (arrow keys move between times, as in any radio group; a screen reader hears
// the day from each group's legend). "Earlier" and "Later" turn to the weeks before and after,
// inside the booking window.
import { SERVICES, type ServiceCode, SERVICE_CODES } from '@tuition/domain';
import { useId } from 'react';
import type { OneToOneBooking } from './use-one-to-one-booking.ts';
import { lengthWords, pageWords, slotsByDay, slotWords } from './one-to-one-words.ts';

export function OneToOneChoices({ flow }: { flow: OneToOneBooking }) {
  const id = useId();
  const services = SERVICE_CODES.filter((code) => flow.offer.services.includes(code));
  return (
    <div className="one-to-one-choices">
      <div className="field">
        <label htmlFor={`${id}-course`}>Course</label>
        <select
          id={`${id}-course`}
          className="select"
          value={flow.service ?? ''}
          onChange={(e) => flow.chooseService(e.target.value as ServiceCode)}
        >
          {services.map((code) => (
            <option key={code} value={code}>
              {SERVICES[code].label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-length`}>Lesson length</label>
        <select
          id={`${id}-length`}
          className="select"
          value={flow.lengthMinutes}
          onChange={(e) => flow.chooseLength(Number(e.target.value))}
        >
          {flow.offer.lengthsMinutes.map((minutes) => (
            <option key={minutes} value={minutes}>
              {lengthWords(minutes)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tutor`}>Tutor</label>
        <select
          id={`${id}-tutor`}
          className="select"
          value={flow.tutorId}
          onChange={(e) => flow.chooseTutor(e.target.value)}
        >
          <option value="">Any tutor</option>
          {flow.tutors.map((tutor) => (
            <option key={tutor.id} value={tutor.id}>
              {tutor.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function PageTurn({ flow }: { flow: OneToOneBooking }) {
  const page = flow.pages[flow.pageIndex];
  return (
    <div className="one-to-one-pages">
      <button
        type="button"
        className="btn btn--outline"
        disabled={flow.pageIndex === 0}
        onClick={() => flow.turnPage(flow.pageIndex - 1)}
      >
        Earlier
      </button>
      <p className="one-to-one-pages__dates" aria-live="polite">
        {page ? pageWords(page) : ''}
      </p>
      <button
        type="button"
        className="btn btn--outline"
        disabled={flow.pageIndex >= flow.pages.length - 1}
        onClick={() => flow.turnPage(flow.pageIndex + 1)}
      >
        Later
      </button>
    </div>
  );
}

function SlotList({ flow }: { flow: OneToOneBooking }) {
  const id = useId();
  const { slots } = flow;
  if (slots.isPending) return <p className="field-hint">Loading the free times…</p>;
  if (slots.isError) {
    return (
      <p className="notice notice--error">
        The free times could not be loaded.{' '}
        <button type="button" className="btn btn--ghost" onClick={() => slots.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const days = slotsByDay(flow.shownSlots);
  if (days.length === 0) {
    return (
      <p className="field-hint">
        No free times in these two weeks{flow.tutorId ? ' for this tutor' : ''}. Try later weeks
        {flow.tutorId ? ' or any tutor' : ''}.
      </p>
    );
  }
  // Several tutors: each time names whose it is.
  const withTutor = new Set(flow.shownSlots.map((s) => s.tutorId)).size > 1;
  return (
    <div className="one-to-one-days">
      {days.map((day) => (
        <fieldset key={day.date} className="one-to-one-day">
          <legend className="one-to-one-day__title">{day.label}</legend>
          <div className="one-to-one-day__times">
            {day.slots.map((slot) => (
              <label key={`${slot.tutorId} ${slot.startsAt}`} className="one-to-one-time">
                <input
                  type="radio"
                  name={`${id}-slot`}
                  checked={flow.isChosen(slot)}
                  onChange={() => flow.chooseSlot(slot)}
                />
                <span>{slotWords(slot, withTutor)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** The free times section: the page of dates and the times to pick from. */
export function OneToOneSlots({ flow }: { flow: OneToOneBooking }) {
  return (
    <section
      className="one-to-one-slots card"
      aria-labelledby="one-to-one-slots-title"
      aria-busy={flow.slots.isFetching}
    >
      <h2 id="one-to-one-slots-title" className="one-to-one__title">
        Free times
      </h2>
      <OneToOneChoices flow={flow} />
      <PageTurn flow={flow} />
      <SlotList flow={flow} />
    </section>
  );
}
