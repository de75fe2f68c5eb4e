// One form for adding a child or changing one: name, year group, their own e-mail (optional) and,
// for Years 6-11, the parent's consent; when changing one, the consent to recording their
// lessons too (docs/decisions/099). Used by "Your children" on /my-account and by "Add a
// child" on the booking page. The service decides in the end (400 naming `consent`); the form
// only asks for what it will need, so a parent is not sent back for a missing tick.
import {
  type AccountType,
  CONSENT_REQUIRED_MESSAGE,
  needsParentalConsent,
  STUDENT_YEAR_GROUPS,
  YEAR_GROUPS,
  type YearGroup,
  yearGroupLabel,
} from '@tuition/domain';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, TextField } from '../form-fields.tsx';
import type { Pupil } from './pupils-api.ts';
import { RecordingConsentField } from './recording-consent-field.tsx';

export interface PupilFormValues {
  name: string;
  yearGroup: YearGroup;
  email: string;
  consent: boolean;
  /** Lessons may be recorded (only asked when changing a pupil; false when adding one). */
  recordingConsent: boolean;
}

type Field = 'name' | 'yearGroup' | 'email' | 'consent';

/** Whether saving these values needs the consent tick (a new pupil, or moved into Years 6-11 without consent on record). */
export function consentNeeded(yearGroup: YearGroup | '', existing?: Pupil): boolean {
  if (!yearGroup || !needsParentalConsent(yearGroup)) return false;
  return !existing?.consentRecordedAt;
}

/** The first problem per field before anything is sent; the service checks the same rules. */
export function pupilFormProblems(
  values: { name: string; yearGroup: YearGroup | ''; consent: boolean },
  existing?: Pupil,
): FieldErrors<Field> {
  const problems: FieldErrors<Field> = {};
  if (!values.name.trim()) problems.name = 'Name is required.';
  if (!values.yearGroup) problems.yearGroup = 'Please choose a year group.';
  if (consentNeeded(values.yearGroup, existing) && !values.consent) {
    problems.consent = CONSENT_REQUIRED_MESSAGE;
  }
  return problems;
}

/** The service's field errors (400) by field; anything else is the form's general error. */
function problemsFrom(error: unknown): { fields: FieldErrors<Field>; general?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'Something went wrong.' };
  const fields: FieldErrors<Field> = {};
  for (const { field, message } of error.errors ?? []) {
    const key = field.split('.')[0];
    if (key === 'name' || key === 'yearGroup' || key === 'email' || key === 'consent') {
      fields[key] ??= message;
    }
  }
  return Object.keys(fields).length > 0 ? { fields } : { fields, general: error.detail };
}

/** The year group, from the choices the account may pick. */
function YearGroupField({
  id,
  value,
  choices,
  error,
  onChange,
}: {
  id: string;
  value: YearGroup | '';
  choices: readonly YearGroup[];
  error: string | undefined;
  onChange: (value: YearGroup | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        Year group
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <select
        id={id}
        className="select"
        value={value}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value as YearGroup | '')}
      >
        <option value="">Choose a year group</option>
        {choices.map((group) => (
          <option key={group} value={group}>
            {yearGroupLabel(group)}
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

/** A parent's consent for a child in Years 6-11, in the CMS's words. */
function ConsentTick({
  id,
  statement,
  checked,
  error,
  onChange,
}: {
  id: string;
  statement: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field">
      <label className="auth-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {statement} <a href="/privacy-policy">Read the privacy policy</a>
        </span>
      </label>
      {error && (
        <span className="auth-field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export interface PupilFormProps {
  accountType: AccountType;
  /**
   * What the parent ticks for a child under 16: the CMS's site settings (pupilConsentStatement),
   * passed down from the Astro page. The service records the privacy policy version current at
   * the time it is ticked.
   */
  consentStatement: string;
  /** Editing this pupil; adding one when absent. */
  existing?: Pupil;
  submitLabel: string;
  /** Days a recording is kept (the site settings'), in the recording consent's words. */
  recordingRetentionDays?: number | undefined;
  /** Sends the values; a rejection (ApiError) is shown on the form. */
  onSubmit: (values: PupilFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

export function PupilForm({
  accountType,
  consentStatement,
  existing,
  submitLabel,
  recordingRetentionDays,
  onSubmit,
  onCancel,
}: PupilFormProps) {
  const idBase = useId();
  const [name, setName] = useState(existing?.name ?? '');
  const [yearGroup, setYearGroup] = useState<YearGroup | ''>(existing?.yearGroup ?? '');
  const [email, setEmail] = useState(existing?.email ?? '');
  const [consent, setConsent] = useState(false);
  const [recordingConsent, setRecordingConsent] = useState(existing?.recordingConsent ?? false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [general, setGeneral] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // A student is in Year 12 or 13; a parent may book from Year 6.
  const choices: readonly YearGroup[] =
    accountType === 'student' ? STUDENT_YEAR_GROUPS : YEAR_GROUPS;
  const askConsent = accountType === 'parent' && consentNeeded(yearGroup, existing);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = pupilFormProblems({ name, yearGroup, consent }, existing);
    setErrors(problems);
    setGeneral(undefined);
    if (Object.keys(problems).length > 0 || !yearGroup) return;
    setSaving(true);
    try {
      await onSubmit({
        name: name.trim(),
        yearGroup,
        email: email.trim(),
        consent,
        recordingConsent,
      });
    } catch (error) {
      const shown = problemsFrom(error);
      setErrors(shown.fields);
      setGeneral(shown.general);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="auth-form pupil-form" onSubmit={submit} noValidate>
      <TextField
        label={existing ? 'Name' : 'Child’s name'}
        requiredMark
        autoComplete="off"
        value={name}
        maxLength={100}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <YearGroupField
        id={`${idBase}-year`}
        value={yearGroup}
        choices={choices}
        error={errors.yearGroup}
        onChange={setYearGroup}
      />
      <TextField
        label="Their own email (optional)"
        type="email"
        autoComplete="off"
        value={email}
        error={errors.email}
        hint="From Year 12, this address gets a copy of their booking confirmations, changes, reminders and waiting-list offers. Use an address the pupil reads."
        onChange={(e) => setEmail(e.target.value)}
      />
      {askConsent && (
        <ConsentTick
          id={`${idBase}-consent`}
          statement={consentStatement}
          checked={consent}
          error={errors.consent}
          onChange={setConsent}
        />
      )}
      {existing && (
        <RecordingConsentField
          id={`${idBase}-recording`}
          checked={recordingConsent}
          retentionDays={recordingRetentionDays}
          onChange={setRecordingConsent}
        />
      )}
      {general && (
        <p className="auth-field-error" role="alert">
          {general}
        </p>
      )}
      <FormActions saving={saving} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

/** Cancel (when the form can be closed) and the submit button, busy while saving. */
function FormActions({
  saving,
  submitLabel,
  onCancel,
}: Pick<PupilFormProps, 'submitLabel' | 'onCancel'> & { saving: boolean }) {
  return (
    <div className="auth-form__actions">
      {onCancel && (
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      )}
      <button type="submit" className="btn" disabled={saving}>
        {saving ? 'Saving…' : submitLabel}
      </button>
    </div>
  );
}
