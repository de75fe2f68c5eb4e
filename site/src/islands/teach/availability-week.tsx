// The weekly windows of the tutor's 1-to-1 hours (docs/decisions/104, docs/decisions/109): for
// each weekday, the stretches of London time families may book, from and to on the quarter hour.
// Each control says which day and window it belongs to, so a screen reader hears "From, Tuesday
// window 2" rather than seven identical "From"s.
import { type Weekday, WEEKDAYS } from '@tuition/domain';
import { useId } from 'react';
import {
  DAY_NAMES,
  type HoursErrors,
  newWindow,
  QUARTER_HOURS,
  type WindowRow,
} from './availability-rows.ts';

interface TimeSelectProps {
  label: string;
  /** Said after the label to screen readers only: which row this is. */
  context: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** A quarter-hour time, 24-hour clock. A saved time off the list still shows as chosen. */
export function TimeSelect({ label, context, value, onChange, error }: TimeSelectProps) {
  const id = useId();
  const options = QUARTER_HOURS.includes(value) ? QUARTER_HOURS : [value, ...QUARTER_HOURS];
  return (
    <div className="field hours-time">
      <label htmlFor={id}>
        {label}
        <span className="visually-hidden">, {context}</span>
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      {error && (
        <span className="auth-field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

interface WeekProps {
  windows: WindowRow[];
  errors: HoursErrors['rows'];
  onChange: (windows: WindowRow[]) => void;
}

function DayWindows({ day, windows, errors, onChange }: WeekProps & { day: Weekday }) {
  const mine = windows.filter((w) => w.day === day);
  const update = (key: string, change: Partial<WindowRow>) =>
    onChange(windows.map((w) => (w.key === key ? { ...w, ...change } : w)));
  return (
    <fieldset className="hours-day">
      <legend className="hours-day__name">{DAY_NAMES[day]}</legend>
      {mine.length === 0 && <p className="hours-day__none">Not available</p>}
      {mine.map((w, i) => {
        const context = `${DAY_NAMES[day]} window ${i + 1}`;
        const rowError = errors[w.key]?.row;
        return (
          <div key={w.key} className="hours-row">
            <TimeSelect
              label="From"
              context={context}
              value={w.from}
              onChange={(from) => update(w.key, { from })}
              error={errors[w.key]?.from}
            />
            <TimeSelect
              label="To"
              context={context}
              value={w.to}
              onChange={(to) => update(w.key, { to })}
              error={errors[w.key]?.to}
            />
            <button
              type="button"
              className="btn btn--ghost hours-row__remove"
              onClick={() => onChange(windows.filter((o) => o.key !== w.key))}
            >
              Remove<span className="visually-hidden"> {context}</span>
            </button>
            {rowError && (
              <p className="auth-field-error hours-row__error" role="alert">
                {rowError}
              </p>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn--outline hours-day__add"
        onClick={() => onChange([...windows, newWindow(day, windows)])}
      >
        Add hours<span className="visually-hidden"> on {DAY_NAMES[day]}</span>
      </button>
    </fieldset>
  );
}

export function WeeklyWindows(props: WeekProps) {
  return (
    <div className="hours-week">
      {WEEKDAYS.map((day) => (
        <DayWindows key={day} day={day} {...props} />
      ))}
    </div>
  );
}
