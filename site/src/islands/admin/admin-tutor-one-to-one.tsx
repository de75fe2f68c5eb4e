// A tutor's 1-to-1 set-up on /admin (docs/decisions/104, docs/decisions/109): the courses they
// teach 1-to-1 (none: families cannot book them) and their 1-to-1 pay per hour, typed in pounds
// and sent in pence; beside it, read only, the weekly hours the tutor set and their calendar's
// state. The admin sees how many busy times the calendar holds, never what they are.
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { SERVICE_CODES, SERVICES, type ServiceCode } from '@tuition/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { type FieldErrors, TextField } from '../shared/form-fields.tsx';
import { plural, retryUnlessRefused, shortLondonDate } from './admin-format.ts';
import { penceFromPounds } from './admin-tutor-rates.tsx';
import { type Tutor, type TutorOneToOne, tutorsApi } from './admin-tutors-api.ts';

const DAY_SHORT: Record<string, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** "Mon 16:00–19:00, Tue 10:00–12:00", or that families cannot book them. */
export function windowsText(settings: Pick<TutorOneToOne, 'windows'>): string {
  if (settings.windows.length === 0) return 'No hours set: families cannot book them.';
  return settings.windows.map((w) => `${DAY_SHORT[w.day] ?? w.day} ${w.from}–${w.to}`).join(', ');
}

/** The calendar's state in one line, busy times counted, never described. */
export function calendarText(settings: Pick<TutorOneToOne, 'calendar' | 'busy'>): string {
  const { calendar, busy } = settings;
  if (!calendar.url) return 'No calendar connected.';
  if (calendar.lastError) return `Calendar: the last read failed (${calendar.lastError}).`;
  if (!calendar.lastReadAt) return 'Calendar connected, not read yet.';
  return `Calendar read ${shortLondonDate(calendar.lastReadAt)}: ${plural(busy.length, 'busy time', 'busy times')} ahead.`;
}

type Field = 'services' | 'ratePencePerHour' | 'form';

function refusalOf(error: unknown): FieldErrors<Field> {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { form: 'The 1-to-1 settings could not be saved. Please try again.' };
  }
  const found: FieldErrors<Field> = {};
  for (const { field, message } of error.errors ?? []) {
    const name = field.split('.')[0];
    if (name === 'services' || name === 'ratePencePerHour') found[name] = message;
  }
  if (Object.keys(found).length === 0) found.form = error.detail;
  return found;
}

function OneToOneForm({ tutor, settings }: { tutor: Tutor; settings: TutorOneToOne }) {
  const queryClient = useQueryClient();
  const legendId = useId();
  const [services, setServices] = useState<ServiceCode[]>(settings.services);
  const [rate, setRate] = useState((settings.ratePencePerHour / 100).toFixed(2));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const save = useMutation({
    mutationFn: (ratePencePerHour: number) =>
      tutorsApi.setOneToOne(tutor.id, { services, ratePencePerHour }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'tutor-one-to-one', tutor.id], saved);
      setErrors({});
      toastSuccess({ title: `1-to-1 settings saved for ${tutor.name}` });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400)) {
        console.error('Saving 1-to-1 settings failed', error);
        toastError({ title: 'The 1-to-1 settings could not be saved' });
      }
      setErrors(refusalOf(error));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pence = penceFromPounds(rate);
    if (pence === undefined) {
      setErrors({ ratePencePerHour: 'Enter an amount in pounds, such as 30 or 27.50.' });
      return;
    }
    save.mutate(pence);
  };
  const toggle = (code: ServiceCode, on: boolean) =>
    setServices((list) => (on ? [...list, code] : list.filter((c) => c !== code)));
  return (
    <form className="admin-tutor-one" noValidate onSubmit={onSubmit}>
      <fieldset
        className="admin-tutor-one__courses"
        aria-describedby={errors.services ? `${legendId}-error` : undefined}
      >
        <legend id={legendId}>
          Courses taught 1-to-1<span className="visually-hidden"> by {tutor.name}</span>
        </legend>
        {SERVICE_CODES.map((code) => (
          <label key={code} className="admin-tutor-one__course">
            <input
              type="checkbox"
              checked={services.includes(code)}
              onChange={(e) => toggle(code, e.target.checked)}
            />
            {SERVICES[code].label}
          </label>
        ))}
        {errors.services && (
          <span className="auth-field-error" id={`${legendId}-error`}>
            {errors.services}
          </span>
        )}
      </fieldset>
      <TextField
        label="1-to-1 pay per hour (£)"
        hint="What they are paid for each hour of 1-to-1 taught"
        inputMode="decimal"
        autoComplete="off"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        error={errors.ratePencePerHour}
      />
      {errors.form && (
        <p className="auth-field-error" role="alert">
          {errors.form}
        </p>
      )}
      <div>
        <button type="submit" className="btn" disabled={save.isPending}>
          Save 1-to-1<span className="visually-hidden"> for {tutor.name}</span>
        </button>
      </div>
    </form>
  );
}

export function TutorOneToOnePanel({ tutor }: { tutor: Tutor }) {
  const settings = useQuery({
    queryKey: ['admin', 'tutor-one-to-one', tutor.id],
    queryFn: () => tutorsApi.oneToOne(tutor.id),
    retry: retryUnlessRefused,
  });
  if (settings.isPending) {
    return (
      <Flex align="center" gap="2" role="status" className="admin-tutor-one">
        <Spinner /> <Text color="gray">Loading 1-to-1 settings…</Text>
      </Flex>
    );
  }
  if (settings.isError) {
    return (
      <Text as="p" color="red" role="alert" className="admin-tutor-one">
        The 1-to-1 settings could not be loaded.
      </Text>
    );
  }
  return (
    <div className="admin-tutor-one">
      <Text as="p" size="2" m="0">
        Hours: {windowsText(settings.data)}
      </Text>
      <Text as="p" size="2" m="0">
        {calendarText(settings.data)}
      </Text>
      <OneToOneForm tutor={tutor} settings={settings.data} />
    </div>
  );
}
