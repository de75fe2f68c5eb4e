// /teach/availability (docs/decisions/104, docs/decisions/109): the hours a tutor offers for
// 1-to-1 lessons, week by week in London time, the dates they are away, and their own calendar.
// With no hours set no family can book them, and the page says so. Guards as on /teach
// (docs/decisions/079): signed out is sent to /login, anyone but a tutor told it is not for them.
import { type Clock, londonDate, systemClock } from '@tuition/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AppProviders, toastError, toastSuccess } from '../shared/app-providers.tsx';
import { LoadFailed } from '../shared/load-shell.tsx';
import { DaysAway } from './availability-away.tsx';
import { CalendarSection } from './availability-calendar.tsx';
import {
  type AwayRow,
  checkRows,
  type HoursErrors,
  hasErrors,
  newAway,
  refusalErrors,
  requestOf,
  rowsOf,
  type WindowRow,
} from './availability-rows.ts';
import { WeeklyWindows } from './availability-week.tsx';
import { RefusalNotice, useSignInRedirect } from './teach-access.tsx';
import { refusalOf, retryUnlessRefused, type TutorAvailability, teachApi } from './teach-api.ts';
import './teach.css';
import './teach-hours.css';

export interface TeachAvailabilityProps {
  /** Where a signed-out visitor is sent (a stand-in in tests). */
  navigate?: (url: string) => void;
  clock?: Clock;
}

const AVAILABILITY_KEY = ['teach', 'availability'] as const;
const NO_ERRORS: HoursErrors = { rows: {} };

function NoHoursWarning({ saved }: { saved: TutorAvailability }) {
  if (saved.windows.length > 0) {
    return (
      <p className="hours-summary" role="status">
        Families can book 1-to-1 lessons with you inside these hours, when you are free.
      </p>
    );
  }
  return (
    <p className="hours-warning" role="status">
      You have no hours set, so no family can book a 1-to-1 lesson with you. Add the times you can
      teach and save.
    </p>
  );
}

function HoursForm({ saved, today }: { saved: TutorAvailability; today: string }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => rowsOf(saved));
  const [errors, setErrors] = useState<HoursErrors>(NO_ERRORS);
  // A newer answer (saved here, or read again after another tab saved) replaces the rows; the
  // first one is already in them, and new keys would remount every control.
  const shown = useRef(saved);
  useEffect(() => {
    if (shown.current === saved) return;
    shown.current = saved;
    setRows(rowsOf(saved));
  }, [saved]);
  const save = useMutation({
    mutationFn: (request: ReturnType<typeof requestOf>) => teachApi.saveAvailability(request.body),
    onSuccess: (answer) => {
      queryClient.setQueryData(AVAILABILITY_KEY, answer);
      setErrors(NO_ERRORS);
      toastSuccess({ title: 'Your hours are saved' });
    },
    onError: (error, request) => {
      const found = refusalErrors(error, request.windowKeys, request.awayKeys);
      if (found.form && Object.keys(found.rows).length === 0) {
        toastError({ title: 'Your hours could not be saved', description: found.form });
      }
      setErrors(found);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRows(rows.windows, rows.away);
    setErrors(checked);
    if (hasErrors(checked)) return;
    save.mutate(requestOf(rows.windows, rows.away));
  };
  const setWindows = (windows: WindowRow[]) => setRows((r) => ({ ...r, windows }));
  const setAway = (away: AwayRow[]) => setRows((r) => ({ ...r, away }));
  return (
    <form className="hours-form" noValidate onSubmit={onSubmit}>
      <section className="hours-section card" aria-labelledby="hours-weekly">
        <h2 id="hours-weekly">Your weekly hours</h2>
        <p>
          The times each week you can teach 1-to-1. All times are UK time (London), as the clocks in
          the UK show them, in summer and in winter.
        </p>
        <NoHoursWarning saved={saved} />
        <WeeklyWindows windows={rows.windows} errors={errors.rows} onChange={setWindows} />
      </section>
      <section className="hours-section card" aria-labelledby="hours-away">
        <h2 id="hours-away">Days away</h2>
        <p>Dates you cannot teach, the whole day or part of it, even inside your weekly hours.</p>
        <DaysAway
          away={rows.away}
          errors={errors.rows}
          today={today}
          onChange={setAway}
          onAdd={() => setAway([...rows.away, newAway()])}
        />
      </section>
      {hasErrors(errors) && (
        <p className="auth-field-error hours-form__error" role="alert">
          {errors.form ?? 'Some hours need fixing: see the notes above.'}
        </p>
      )}
      <div className="hours-actions">
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save hours'}
        </button>
      </div>
    </form>
  );
}

export function TeachAvailabilityContent({
  navigate,
  clock = systemClock,
}: TeachAvailabilityProps) {
  const availability = useQuery({
    queryKey: AVAILABILITY_KEY,
    queryFn: teachApi.availability,
    retry: retryUnlessRefused,
  });
  const refused = refusalOf(availability.error);
  const refusal = refused === 'not-found' ? undefined : refused;
  useSignInRedirect(refusal, navigate);
  if (refusal) return <RefusalNotice refusal={refusal} />;
  if (availability.isPending) {
    return (
      <p className="teach__count" role="status">
        Loading your hours…
      </p>
    );
  }
  if (availability.isError) {
    return (
      <LoadFailed
        text="Your hours could not be loaded."
        onRetry={() => void availability.refetch()}
      />
    );
  }
  return (
    <div className="teach hours">
      <HoursForm saved={availability.data} today={londonDate(clock.now())} />
      <CalendarSection />
    </div>
  );
}

export function TeachAvailability({
  queryClient,
  ...props
}: TeachAvailabilityProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <TeachAvailabilityContent {...props} />
    </AppProviders>
  );
}

export default TeachAvailability;
