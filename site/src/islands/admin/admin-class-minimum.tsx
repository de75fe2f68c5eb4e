// A weekly class's minimum (docs/decisions/100), on the Classes panel: the fewest pupils its
// sessions run with (none, or 2 to 10) and how many hours before the start each session is
// decided, saved with their own button (PUT /api/admin/classes/{id}/minimum), never on change.
// The service's words for a refused field show under that field; what is saved shows above.
import type { AdminClass, ClassMinimum } from '@tuition/api-contract';
import {
  DECISION_HOURS_FEWEST,
  DECISION_HOURS_MOST,
  DEFAULT_DECISION_HOURS_BEFORE,
  MIN_PUPILS_HIGHEST,
  MIN_PUPILS_LOWEST,
} from '@tuition/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { adminApi } from './admin-api.ts';

/** The select's value for "no minimum". */
const NONE = 'none';

const MIN_PUPIL_CHOICES = Array.from(
  { length: MIN_PUPILS_HIGHEST - MIN_PUPILS_LOWEST + 1 },
  (_, i) => MIN_PUPILS_LOWEST + i,
);

const HOURS_INVALID = `Enter a whole number of hours from ${DECISION_HOURS_FEWEST} to ${DECISION_HOURS_MOST}.`;

type Saved = Pick<ClassMinimum, 'minPupils' | 'decisionHoursBefore'>;
type FieldErrors = { minPupils?: string; decisionHoursBefore?: string };

/** "Now: at least 4 pupils, decided 48 hours before the start." */
export function minimumSavedText({ minPupils, decisionHoursBefore }: Saved): string {
  if (minPupils === null) return 'Now: no minimum; every session runs.';
  return `Now: at least ${minPupils} pupils, decided ${decisionHoursBefore} hours before the start.`;
}

/** The refused fields of a 400, by name; undefined when the refusal names neither. */
function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const named = (field: string) => error.errors?.find((e) => e.field === field)?.message;
  const found: FieldErrors = {};
  const minPupils = named('minPupils');
  const hours = named('decisionHoursBefore');
  if (minPupils) found.minPupils = minPupils;
  if (hours) found.decisionHoursBefore = hours;
  return minPupils || hours ? found : undefined;
}

/** The saved minimum, the refused fields, and the save that updates both. */
function useSaveMinimum(item: AdminClass, about: string) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Saved>({
    minPupils: item.minPupils ?? null,
    decisionHoursBefore: item.decisionHoursBefore ?? DEFAULT_DECISION_HOURS_BEFORE,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (minimum: Saved) => adminApi.setClassMinimum(item.id, minimum),
    onSuccess: (result) => {
      setErrors({});
      setSaved(result);
      toastSuccess({
        title:
          result.minPupils === null
            ? `${about} has no minimum now`
            : `${about} runs with at least ${result.minPupils} pupils`,
      });
      // The at-risk list and its count follow the minimum.
      for (const key of [
        ['admin', 'classes'],
        ['admin', 'sessions'],
        ['admin', 'summary'],
      ]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields) return setErrors(fields);
      console.error('Saving the class minimum failed', error);
      toastError({
        title: 'The minimum could not be saved',
        description:
          error instanceof ApiError && error.status === 400 && error.detail
            ? error.detail
            : 'Please try again.',
      });
    },
  });
  return { saved, errors, setErrors, save };
}

export function ClassMinimumForm({ item, about }: { item: AdminClass; about: string }) {
  const minId = useId();
  const hoursId = useId();
  const { saved, errors, setErrors, save } = useSaveMinimum(item, about);
  const [minPupils, setMinPupils] = useState(
    saved.minPupils === null ? NONE : String(saved.minPupils),
  );
  const [hours, setHours] = useState(String(saved.decisionHoursBefore));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const hoursBefore = Number(hours.trim());
    if (hours.trim() === '' || !Number.isInteger(hoursBefore)) {
      setErrors({ decisionHoursBefore: HOURS_INVALID });
      return;
    }
    setErrors({});
    save.mutate({
      minPupils: minPupils === NONE ? null : Number(minPupils),
      decisionHoursBefore: hoursBefore,
    });
  };
  const errorId = (id: string) => `${id}-error`;
  return (
    <form className="admin-class-minimum" noValidate onSubmit={onSubmit}>
      <p className="admin-class-minimum__now" role="status">
        {minimumSavedText(saved)}
      </p>
      <div className="admin-class-minimum__field">
        <label htmlFor={minId}>
          Minimum pupils <span className="visually-hidden">({about})</span>
        </label>
        <select
          id={minId}
          className="select"
          value={minPupils}
          onChange={(event) => setMinPupils(event.target.value)}
          aria-invalid={errors.minPupils ? true : undefined}
          aria-describedby={errors.minPupils ? errorId(minId) : undefined}
        >
          <option value={NONE}>None</option>
          {MIN_PUPIL_CHOICES.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
        {errors.minPupils && (
          <p id={errorId(minId)} className="admin-classes__error" role="alert">
            {errors.minPupils}
          </p>
        )}
      </div>
      <div className="admin-class-minimum__field">
        <label htmlFor={hoursId}>
          Decide how many hours before the start <span className="visually-hidden">({about})</span>
        </label>
        <input
          id={hoursId}
          className="input"
          type="number"
          inputMode="numeric"
          min={DECISION_HOURS_FEWEST}
          max={DECISION_HOURS_MOST}
          step={1}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          aria-invalid={errors.decisionHoursBefore ? true : undefined}
          aria-describedby={`${hoursId}-hint${errors.decisionHoursBefore ? ` ${errorId(hoursId)}` : ''}`}
        />
        <p id={`${hoursId}-hint`} className="admin-classes__hint">
          {DECISION_HOURS_FEWEST} to {DECISION_HOURS_MOST} hours; {DEFAULT_DECISION_HOURS_BEFORE} by
          default. Short of the minimum then, the session is cancelled and families get credit or a
          refund.
        </p>
        {errors.decisionHoursBefore && (
          <p id={errorId(hoursId)} className="admin-classes__error" role="alert">
            {errors.decisionHoursBefore}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        Save minimum <span className="visually-hidden">({about})</span>
      </button>
    </form>
  );
}
