// The "Classes" panel of /admin (decision 056): each weekly class of the timetable with its
// online meeting link, which an admin sets here (https only; the service names `url` when it
// refuses one), its lead tutor (docs/decisions/079), whether its lessons are recorded
// (docs/decisions/099), the fewest pupils it runs with (docs/decisions/100) and its term
// enrolments (docs/decisions/083). All are operational data
// kept by the service, never in CMS content.
import type { AdminClass } from '@tuition/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { ClassMinimumForm } from './admin-class-minimum.tsx';
import { ClassRecordingChoice } from './admin-class-recording.tsx';
import { retryUnlessRefused } from './admin-format.ts';
import { ClassEnrolments } from './admin-enrolments.tsx';
import { LeadTutorForm } from './admin-tutor-assign.tsx';

const DAY_NAMES: Record<AdminClass['day'], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const CLASSES_KEY = ['admin', 'classes'] as const;

function ClassRow({ item }: { item: AdminClass }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(item.meetingUrl ?? '');
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (next: string) =>
      apiFetch(`/api/admin/classes/${encodeURIComponent(item.id)}/meeting`, 'AdminClassSchema', {
        method: 'PUT',
        json: { url: next },
        repeatable: true,
      }),
    onSuccess: () => {
      setError(undefined);
      toastSuccess({ title: `Meeting link saved for ${item.label}, ${DAY_NAMES[item.day]}` });
      void queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
    },
    onError: (failure) => {
      const field =
        failure instanceof ApiError ? failure.errors?.find((e) => e.field === 'url') : undefined;
      if (field) setError(field.message);
      else toastError({ title: 'The meeting link could not be saved' });
    },
  });
  const inputId = `class-url-${item.id}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(url.trim());
  };
  return (
    <li className="admin-classes__row">
      <form onSubmit={onSubmit} className="admin-classes__form">
        <label htmlFor={inputId}>
          <strong>{item.label}</strong>, {DAY_NAMES[item.day]} {item.time}
          {item.meetingUrl ? '' : ' (no link yet)'}
        </label>
        <input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Save link
        </button>
        {error && (
          <p id={`${inputId}-error`} className="admin-classes__error" role="alert">
            {error}
          </p>
        )}
      </form>
      <LeadTutorForm item={item} about={`${item.label}, ${DAY_NAMES[item.day]} ${item.time}`} />
      <ClassRecordingChoice
        item={item}
        about={`${item.label}, ${DAY_NAMES[item.day]} ${item.time}`}
      />
      <ClassMinimumForm item={item} about={`${item.label}, ${DAY_NAMES[item.day]} ${item.time}`} />
      <ClassEnrolments
        classId={item.id}
        about={`${item.label}, ${DAY_NAMES[item.day]} ${item.time}`}
      />
    </li>
  );
}

export function AdminClasses() {
  const classes = useQuery({
    queryKey: CLASSES_KEY,
    queryFn: () => apiFetch('/api/admin/classes', 'AdminClassListSchema'),
    retry: retryUnlessRefused,
  });
  return (
    <section className="admin-classes card" aria-labelledby="admin-classes-heading">
      <h2 id="admin-classes-heading">Classes</h2>
      <p>
        The online meeting link, the lead tutor, lesson recording, the minimum number of pupils and
        the term enrolments of each weekly class. Families join through the site, never see the
        link.
      </p>
      {classes.isPending ? (
        <p>Loading classes…</p>
      ) : classes.isError ? (
        <p role="alert">The classes could not be loaded.</p>
      ) : (
        <ul className="admin-classes__list">
          {classes.data.classes.map((item) => (
            <ClassRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
