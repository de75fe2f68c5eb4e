// /one-to-one's choices and free times (docs/decisions/108): course, lesson length and tutor as
// native labelled selects, then two weeks of the tutors' free times, grouped by day, as one group
// of radio buttons, with "Earlier" and "Later" (shared/free-times, also used to move a lesson,
// docs/decisions/111).
import { SERVICES, type ServiceCode, SERVICE_CODES } from '@tuition/domain';
import { useId } from 'react';
import type { OneToOneBooking } from './use-one-to-one-booking.ts';
import { FreeTimeList, FreeTimePages } from '../shared/free-times/free-time-list.tsx';
import { lengthWords } from '../shared/free-times/free-time-words.ts';

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

function SlotList({ flow }: { flow: OneToOneBooking }) {
  const byTutor = flow.tutorId !== '';
  return (
    <FreeTimeList
      request={flow.slots}
      slots={flow.shownSlots}
      isChosen={flow.isChosen}
      onChoose={flow.chooseSlot}
      emptyText={`No free times in these two weeks${byTutor ? ' for this tutor' : ''}. Try later weeks${byTutor ? ' or any tutor' : ''}.`}
    />
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
      <FreeTimePages pages={flow.pages} pageIndex={flow.pageIndex} onTurn={flow.turnPage} />
      <SlotList flow={flow} />
    </section>
  );
}
