// A tutor's free times as /one-to-one (docs/decisions/108) and the 1-to-1 move on
// /upcoming-bookings (111) draw them: two-week pages turned with Earlier and Later, and the times
// grouped by day as one group of radio buttons (arrow keys move between times, as in any radio
// group; a screen reader hears the day from each group's legend).
import { useId } from 'react';
import type { OneToOneSlot } from './free-times-api.ts';
import { pageWords, type SlotPage, slotKey, slotsByDay, slotWords } from './free-time-words.ts';
import './free-times.css';

export interface FreeTimePagesProps {
  pages: readonly SlotPage[];
  pageIndex: number;
  onTurn: (index: number) => void;
}

/** "Earlier", the dates shown, "Later": the weeks before and after, inside the booking window. */
export function FreeTimePages({ pages, pageIndex, onTurn }: FreeTimePagesProps) {
  const page = pages[pageIndex];
  return (
    <div className="free-time-pages">
      <button
        type="button"
        className="btn btn--outline"
        disabled={pageIndex === 0}
        onClick={() => onTurn(pageIndex - 1)}
      >
        Earlier
      </button>
      <p className="free-time-pages__dates" aria-live="polite">
        {page ? pageWords(page) : ''}
      </p>
      <button
        type="button"
        className="btn btn--outline"
        disabled={pageIndex >= pages.length - 1}
        onClick={() => onTurn(pageIndex + 1)}
      >
        Later
      </button>
    </div>
  );
}

export interface FreeTimeListProps {
  /** The availability request: loading, failed (with a retry) or answered. */
  request: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The free times to offer, in start order. */
  slots: readonly OneToOneSlot[];
  isChosen: (slot: OneToOneSlot) => boolean;
  onChoose: (slot: OneToOneSlot) => void;
  /** What to say when this page has no free time. */
  emptyText: string;
}

/** The free times by day, one radio group; a time names its tutor when several are shown. */
export function FreeTimeList({ request, slots, isChosen, onChoose, emptyText }: FreeTimeListProps) {
  const id = useId();
  if (request.isPending) return <p className="field-hint">Loading the free times…</p>;
  if (request.isError) {
    return (
      <p className="notice notice--error">
        The free times could not be loaded.{' '}
        <button type="button" className="btn btn--ghost" onClick={() => request.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const days = slotsByDay(slots);
  if (days.length === 0) return <p className="field-hint">{emptyText}</p>;
  const withTutor = new Set(slots.map((s) => s.tutorId)).size > 1;
  return (
    <div className="free-time-days">
      {days.map((day) => (
        <fieldset key={day.date} className="free-time-day">
          <legend className="free-time-day__title">{day.label}</legend>
          <div className="free-time-day__times">
            {day.slots.map((slot) => (
              <label key={slotKey(slot)} className="free-time">
                <input
                  type="radio"
                  name={`${id}-slot`}
                  checked={isChosen(slot)}
                  onChange={() => onChoose(slot)}
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
