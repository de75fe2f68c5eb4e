// "Show bookings for" (decision 048): when the bookings listed are for more than one pupil,
// a parent can narrow the list to one child. Nothing is shown for a one-pupil family.
import type { Booking } from '../../lib/api-client.ts';
import { useId } from 'react';

/** Everyone: no filter. */
export const ALL_PUPILS = '';

/** The distinct pupils of a list, in the order they first appear. */
export function pupilsOf(bookings: readonly Booking[]): Array<{ id: string; name: string }> {
  const seen = new Map<string, string>();
  for (const { pupil } of bookings) if (!seen.has(pupil.id)) seen.set(pupil.id, pupil.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** The bookings of one pupil, or all of them; a pupil no longer listed means all. */
export function byPupil<T extends Pick<Booking, 'pupil'>>(bookings: readonly T[], pupilId: string) {
  if (pupilId === ALL_PUPILS || !bookings.some((b) => b.pupil.id === pupilId)) return [...bookings];
  return bookings.filter((b) => b.pupil.id === pupilId);
}

export function PupilFilter({
  bookings,
  value,
  onChange,
}: {
  bookings: readonly Booking[];
  value: string;
  onChange: (pupilId: string) => void;
}) {
  const id = useId();
  const pupils = pupilsOf(bookings);
  if (pupils.length < 2) return null;
  return (
    <div className="bookings-filter">
      <label htmlFor={id}>Show bookings for</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={ALL_PUPILS}>Everyone</option>
        {pupils.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
