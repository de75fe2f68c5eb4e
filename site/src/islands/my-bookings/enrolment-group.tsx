// /upcoming-bookings groups a term enrolment's seats (docs/decisions/083): a heading per
// enrolment, "Maya — GCSE Higher, Tuesdays 7:00 PM, Spring 2027: 9 sessions left", with its
// sessions beneath, each keeping its own actions; seats of no enrolment (or of one the service
// did not list) are drawn as before, under "Single sessions" once there is a group above them.
import type { ReactNode } from 'react';
import type { Booking } from '../../lib/api-client.ts';
import type { Enrolment } from '../../lib/term-api.ts';

export interface EnrolmentGroup {
  enrolment: Enrolment;
  bookings: Booking[];
}

/** The list split into enrolments (in the order their first session comes) and the rest. */
export function groupByEnrolment(
  list: readonly Booking[],
  enrolments: readonly Enrolment[],
): { groups: EnrolmentGroup[]; singles: Booking[] } {
  const byId = new Map(enrolments.map((e) => [e.id, e]));
  const groups = new Map<string, EnrolmentGroup>();
  const singles: Booking[] = [];
  for (const booking of list) {
    const enrolment = booking.enrolmentId ? byId.get(booking.enrolmentId) : undefined;
    if (!enrolment) {
      singles.push(booking);
      continue;
    }
    const group = groups.get(enrolment.id) ?? { enrolment, bookings: [] };
    group.bookings.push(booking);
    groups.set(enrolment.id, group);
  }
  return { groups: [...groups.values()], singles };
}

/** "Maya — GCSE Higher, Tuesdays 7:00 PM, Spring 2027: 9 sessions left". */
export function enrolmentHeading(enrolment: Enrolment): string {
  const left =
    enrolment.sessionsLeft === 1 ? '1 session left' : `${enrolment.sessionsLeft} sessions left`;
  return `${enrolment.pupil.name} — ${enrolment.label}, ${enrolment.termName}: ${left}`;
}

/** The groups, then the single sessions; `card` draws one booking with its actions. */
export function EnrolmentGroups({
  list,
  enrolments,
  card,
}: {
  list: readonly Booking[];
  enrolments: readonly Enrolment[];
  card: (booking: Booking, headingLevel: 'h2' | 'h3') => ReactNode;
}) {
  const { groups, singles } = groupByEnrolment(list, enrolments);
  if (groups.length === 0) {
    return <ul className="bookings-list">{singles.map((b) => card(b, 'h2'))}</ul>;
  }
  return (
    <>
      {groups.map(({ enrolment, bookings }) => (
        <section
          key={enrolment.id}
          className="bookings-enrolment"
          aria-labelledby={`enrolment-${enrolment.id}`}
        >
          <h2 id={`enrolment-${enrolment.id}`} className="bookings-enrolment__title">
            {enrolmentHeading(enrolment)}
          </h2>
          <ul className="bookings-list">{bookings.map((b) => card(b, 'h3'))}</ul>
        </section>
      ))}
      {singles.length > 0 && (
        <section className="bookings-enrolment" aria-labelledby="bookings-singles">
          <h2 id="bookings-singles" className="bookings-enrolment__title">
            Single sessions
          </h2>
          <ul className="bookings-list">{singles.map((b) => card(b, 'h3'))}</ul>
        </section>
      )}
    </>
  );
}
