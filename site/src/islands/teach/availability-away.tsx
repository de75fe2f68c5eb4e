// The dates a tutor is away (docs/decisions/104, docs/decisions/109): a whole day off, or part of
// a day, on top of the weekly windows. Past dates drop off when the service saves them.
import { useId } from 'react';
import type { AwayRow, HoursErrors } from './availability-rows.ts';
import { TimeSelect } from './availability-week.tsx';

interface AwayProps {
  away: AwayRow[];
  errors: HoursErrors['rows'];
  /** Today in London: no earlier date is offered. */
  today: string;
  onChange: (away: AwayRow[]) => void;
  onAdd: () => void;
}

function AwayItem({
  row,
  index,
  errors,
  today,
  update,
  remove,
}: {
  row: AwayRow;
  index: number;
  errors: HoursErrors['rows'][string] | undefined;
  today: string;
  update: (change: Partial<AwayRow>) => void;
  remove: () => void;
}) {
  const id = useId();
  const context = `day away ${index + 1}`;
  return (
    <li className="hours-away card">
      <div className="field">
        <label htmlFor={id}>
          Date<span className="visually-hidden">, {context}</span>
        </label>
        <input
          id={id}
          className="input"
          type="date"
          min={today}
          value={row.date}
          onChange={(e) => update({ date: e.target.value })}
          aria-invalid={errors?.date ? true : undefined}
          aria-describedby={errors?.date ? `${id}-error` : undefined}
        />
        {errors?.date && (
          <span className="auth-field-error" id={`${id}-error`}>
            {errors.date}
          </span>
        )}
      </div>
      <label className="hours-away__whole">
        <input
          type="checkbox"
          checked={row.wholeDay}
          onChange={(e) => update({ wholeDay: e.target.checked })}
        />
        The whole day<span className="visually-hidden">, {context}</span>
      </label>
      {!row.wholeDay && (
        <div className="hours-row">
          <TimeSelect
            label="Away from"
            context={context}
            value={row.from}
            onChange={(from) => update({ from })}
            error={errors?.from}
          />
          <TimeSelect
            label="Until"
            context={context}
            value={row.to}
            onChange={(to) => update({ to })}
            error={errors?.to}
          />
        </div>
      )}
      {errors?.row && (
        <p className="auth-field-error" role="alert">
          {errors.row}
        </p>
      )}
      <button type="button" className="btn btn--ghost hours-away__remove" onClick={remove}>
        Remove<span className="visually-hidden"> {context}</span>
      </button>
    </li>
  );
}

export function DaysAway({ away, errors, today, onChange, onAdd }: AwayProps) {
  return (
    <div className="hours-aways">
      {away.length === 0 ? (
        <p className="hours-day__none">No days away.</p>
      ) : (
        <ul className="hours-aways__list">
          {away.map((row, index) => (
            <AwayItem
              key={row.key}
              row={row}
              index={index}
              errors={errors[row.key]}
              today={today}
              update={(change) =>
                onChange(away.map((a) => (a.key === row.key ? { ...a, ...change } : a)))
              }
              remove={() => onChange(away.filter((a) => a.key !== row.key))}
            />
          ))}
        </ul>
      )}
      <button type="button" className="btn btn--outline" onClick={onAdd}>
        Add a day away
      </button>
    </div>
  );
}
