// The tutor's private calendar (docs/decisions/104, docs/decisions/109): they paste its secret
// iCal address; the service reads only busy times from it, every few minutes, and the page says
// when it last read it or why it could not. The address is a secret: the service shows it back
// with its secret part hidden, and the page never puts it anywhere but the request body.
import { formatLondonDate, formatTime12h } from '@tuition/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { TextField } from '../shared/form-fields.tsx';
import { retryUnlessRefused, type TutorCalendar, teachApi } from './teach-api.ts';

const CALENDAR_KEY = ['teach', 'calendar'] as const;

/** "Last read 4:05 PM, Monday 30 November 2026", or that it has not been read yet. */
export function lastReadText(calendar: Pick<TutorCalendar, 'lastReadAt'>): string {
  if (!calendar.lastReadAt) return 'Not read yet: it is read within 5 minutes of saving.';
  const at = new Date(calendar.lastReadAt);
  return `Last read ${formatTime12h(at)}, ${formatLondonDate(at)}`;
}

function CalendarStatus({ calendar }: { calendar: TutorCalendar }) {
  if (!calendar.url) {
    return <p className="hours-calendar__none">No calendar connected.</p>;
  }
  return (
    <div className="hours-calendar__status">
      <p className="hours-calendar__url">
        Connected: <span translate="no">{calendar.url}</span>
      </p>
      <p>{lastReadText(calendar)}</p>
      {calendar.lastError && (
        <p className="auth-field-error" role="alert">
          The last read failed: {calendar.lastError}
        </p>
      )}
    </div>
  );
}

function useSaveCalendar(onDone: (error?: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string | null) => teachApi.saveCalendar(url),
    onSuccess: (saved, url) => {
      queryClient.setQueryData(CALENDAR_KEY, saved);
      toastSuccess({ title: url === null ? 'Calendar removed' : 'Calendar address saved' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const field = error.errors?.find((e) => e.field === 'url');
        onDone(field?.message ?? error.detail);
        return;
      }
      console.error('Saving the calendar failed', error);
      toastError({ title: 'The calendar could not be saved', description: 'Please try again.' });
      onDone();
    },
  });
}

export function CalendarSection() {
  const calendar = useQuery({
    queryKey: CALENDAR_KEY,
    queryFn: teachApi.calendar,
    retry: retryUnlessRefused,
  });
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const save = useSaveCalendar((refused) => {
    setError(refused);
    if (!refused) setAddress('');
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim() === '') {
      setError('Paste your calendar’s secret iCal address.');
      return;
    }
    save.mutate(address.trim());
  };
  return (
    <section className="hours-section card" aria-labelledby="hours-calendar">
      <h2 id="hours-calendar">Your own calendar</h2>
      <p>
        Connect your calendar and any time you are busy in it is kept free of 1-to-1 lessons. Paste
        its secret iCal address: in Google Calendar, open Settings, choose the calendar, and copy
        “Secret address in iCal format”. Only busy times are read, never the titles or who is
        invited. Keep the address private: anyone with it can see your calendar.
      </p>
      {calendar.isPending ? (
        <p role="status">Loading your calendar…</p>
      ) : calendar.isError ? (
        <p className="auth-field-error" role="alert">
          Your calendar could not be loaded.
        </p>
      ) : (
        <CalendarStatus calendar={calendar.data} />
      )}
      <form className="hours-calendar__form" noValidate onSubmit={onSubmit}>
        <TextField
          label={calendar.data?.url ? 'New calendar address' : 'Calendar address'}
          hint="Starts with https:// or webcal://"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={error}
        />
        <div className="hours-actions">
          <button type="submit" className="btn" disabled={save.isPending}>
            Save calendar address
          </button>
          {calendar.data?.url && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={save.isPending}
              onClick={() => save.mutate(null)}
            >
              Remove calendar
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
