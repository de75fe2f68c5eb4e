// Who teaches (docs/decisions/079): the lead tutor of a weekly class, on the Classes panel, and a
// cover tutor for one session, in its panel on the sessions overview. The tutor of a session is
// its cover, else its class's lead. Each is a select of the active tutors saved with its own
// button, never on change: arrowing through a closed select must not e-mail families. A tutor
// with no pay rate for the lessons is saved all the same, and the admin is told (113).
import type { AdminClass, AdminSession } from '@tuition/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { plural } from './admin-format.ts';
import { payWarningText } from './admin-tutor-pay-warning.ts';
import { type SessionTutor, TUTORS_KEY, tutorsApi, useTutors } from './admin-tutors-api.ts';
import './admin-tutors.css';

/** The select's value for "nobody". */
const NONE = '';

/**
 * The active tutors, and the one chosen now even when deactivated since (so the select shows
 * what is saved); `noneLabel` first. Rendered by the select itself, so that React sets its value
 * again once the list arrives.
 */
function tutorOptions(tutors: ReturnType<typeof useTutors>, current: string, noneLabel: string) {
  const offered = (tutors.data?.tutors ?? []).filter((t) => t.active || t.id === current);
  return (
    <>
      <option value={NONE}>{noneLabel}</option>
      {offered.map((t) => (
        <option key={t.id} value={t.id}>
          {t.active ? t.name : `${t.name} (deactivated)`}
        </option>
      ))}
      {tutors.isPending && current && <option value={current}>Loading tutors…</option>}
    </>
  );
}

interface TutorChoiceProps {
  label: string;
  /** Names the class or session to screen readers. */
  about: string;
  noneLabel: string;
  saved: string | null | undefined;
  saveLabel: string;
  /** Who it is now, under the label. */
  now?: string;
  className: string;
  busy: boolean;
  onSave: (tutorId: string | null) => void;
  /** Said after a save that leaves the tutor unpaid (docs/decisions/113); '' when none. */
  warning?: string;
}

function TutorChoice({
  label,
  about,
  noneLabel,
  saved,
  saveLabel,
  now,
  className,
  busy,
  onSave,
  warning = '',
}: TutorChoiceProps) {
  const selectId = useId();
  const tutors = useTutors();
  const [choice, setChoice] = useState(saved ?? NONE);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave(choice === NONE ? null : choice);
  };
  return (
    <form className={`admin-tutor-choice ${className}`} onSubmit={onSubmit}>
      <div className="admin-tutor-choice__head">
        <label htmlFor={selectId} className="admin-tutor-choice__label">
          {label}
          <span className="visually-hidden"> ({about})</span>
        </label>
        {now && <span className="admin-tutor-choice__now">{now}</span>}
      </div>
      <select
        id={selectId}
        className="select admin-tutor-choice__select"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
      >
        {tutorOptions(tutors, saved ?? NONE, noneLabel)}
      </select>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {saveLabel}
        <span className="visually-hidden"> ({about})</span>
      </button>
      <p className="admin-tutor-choice__warning" role="status">
        {warning}
      </p>
    </form>
  );
}

/** The Classes panel: a weekly class's lead tutor. */
export function LeadTutorForm({ item, about }: { item: AdminClass; about: string }) {
  const queryClient = useQueryClient();
  const [lead, setLead] = useState(item.leadTutorName ?? null);
  const [warning, setWarning] = useState('');
  const save = useMutation({
    mutationFn: (tutorId: string | null) => tutorsApi.setClassTutor(item.id, tutorId),
    onSuccess: (saved) => {
      setLead(saved.tutorName);
      setWarning(saved.tutorName ? payWarningText(saved.tutorName, saved.warnings) : '');
      toastSuccess({
        title: saved.tutorName
          ? `${saved.tutorName} leads ${about}`
          : `${about} has no lead tutor now`,
      });
      for (const key of [['admin', 'classes'], TUTORS_KEY, ['admin', 'sessions']]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: (error) => {
      console.error('Saving the lead tutor failed', error);
      toastError({ title: 'The lead tutor could not be saved', description: 'Please try again.' });
    },
  });
  return (
    <TutorChoice
      className="admin-classes__lead"
      label="Lead tutor"
      about={about}
      now={lead ? `Now: ${lead}` : 'Now: no lead tutor'}
      noneLabel="No lead tutor"
      saved={item.leadTutorId}
      saveLabel="Save lead tutor"
      busy={save.isPending}
      onSave={(tutorId) => save.mutate(tutorId)}
      warning={warning}
    />
  );
}

/** "Mr Patel covers this session. 3 families told." */
export function coverSavedText(saved: SessionTutor): string {
  const who = saved.coverTutorName
    ? `${saved.coverTutorName} covers this session.`
    : 'No cover: the class’s lead tutor teaches.';
  return `${who} ${plural(saved.familiesTold, 'family', 'families')} told.`;
}

/** One session's panel: who teaches it, and a cover tutor for this date only. */
export function SessionTutorForm({ session, about }: { session: AdminSession; about: string }) {
  const queryClient = useQueryClient();
  const [teacher, setTeacher] = useState(session.tutorName ?? null);
  const [outcome, setOutcome] = useState('');
  const [warning, setWarning] = useState('');
  const save = useMutation({
    mutationFn: (tutorId: string | null) => tutorsApi.setSessionTutor(session.id, tutorId),
    onSuccess: (saved) => {
      setTeacher(saved.coverTutorName ?? saved.leadTutorName);
      setOutcome(coverSavedText(saved));
      setWarning(saved.coverTutorName ? payWarningText(saved.coverTutorName, saved.warnings) : '');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] });
    },
    onError: (error) => {
      console.error('Saving the cover tutor failed', error);
      setOutcome('');
      setWarning('');
      toastError({ title: 'The cover tutor could not be saved', description: 'Please try again.' });
    },
  });
  return (
    <div className="admin-session-tutor">
      <p className="admin-session-tutor__now">
        {teacher ? `Taught by ${teacher}` : 'No tutor yet: choose the class’s lead in Classes.'}
      </p>
      <TutorChoice
        className="admin-session-tutor__choice"
        label="Cover tutor"
        about={about}
        noneLabel="No cover (class lead teaches)"
        saved={session.coverTutorId}
        saveLabel="Save cover"
        busy={save.isPending}
        onSave={(tutorId) => save.mutate(tutorId)}
        warning={warning}
      />
      <p className="admin-session-tutor__hint">
        Families with a seat are e-mailed once when a cover tutor is chosen.
      </p>
      <p className="admin-session-tutor__outcome" role="status">
        {outcome}
      </p>
    </div>
  );
}
