// The lesson report (docs/decisions/079): topic (required), homework, resources, a note about
// each pupil (each family reads only its own child's), and a staff note that never leaves staff
// pages. "Save draft" keeps it; "Send to families" asks first, then e-mails them; once sent, the
// same button sends a correction.
import { formatLondonDate, formatTime12h, yearGroupLabel } from '@tuition/domain';
import {
  type FormEvent,
  lazy,
  Suspense,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import '../shared/form-fields.css';
import type { LessonReport, TutorRegister } from './teach-api.ts';
import { useReportForm } from './use-report-form.ts';

// Only needed once "Send" is pressed: its code loads then, not with the page.
const ConfirmDialog = lazy(() =>
  import('../shared/confirm-dialog.tsx').then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
);

/** Where the report stands, in a line. */
export function reportStateLine(report: LessonReport | null): string {
  if (!report) return 'Not written yet.';
  if (!report.sentAt) return 'Draft: not sent to families yet.';
  const at = new Date(report.sentAt);
  const when = `${formatLondonDate(at)} at ${formatTime12h(at)}`;
  const corrected = report.version > 1 ? ' (corrected)' : '';
  return report.changedSinceSent
    ? `Sent ${when}${corrected}. You have changes families have not been sent.`
    : `Sent ${when}${corrected}.`;
}

interface TextBoxProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

function TextBox({ label, hint, error, required, ...textarea }: TextBoxProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <textarea
        {...textarea}
        id={id}
        className="textarea teach-report__box"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <span className="auth-field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export function ReportForm({ register }: { register: TutorRegister }) {
  const form = useReportForm(register);
  const [confirming, setConfirming] = useState(false);
  const sendLabel = form.sentBefore ? 'Send correction' : 'Send to families';
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    form.saveDraft();
  };
  const onConfirm = async () => {
    await form.sendNow();
    setConfirming(false);
  };
  return (
    <section className="teach-section card" aria-labelledby="report-heading">
      <h2 id="report-heading">Lesson report</h2>
      <p className="teach-section__note">{reportStateLine(form.report)}</p>
      <form className="teach-report" onSubmit={onSave} noValidate>
        <TextBox
          label="Topic"
          required
          rows={2}
          value={form.fields.topic}
          error={form.topicError}
          onChange={(e) => form.setField('topic', e.target.value)}
        />
        <TextBox
          label="Homework"
          rows={3}
          value={form.fields.homework}
          onChange={(e) => form.setField('homework', e.target.value)}
        />
        <TextBox
          label="Resources (optional)"
          hint="Links or pages families may find useful."
          rows={2}
          value={form.fields.resources}
          onChange={(e) => form.setField('resources', e.target.value)}
        />
        {register.pupils.length > 0 && (
          <fieldset className="teach-report__notes">
            <legend>Notes about each pupil</legend>
            <p className="field-hint">Each family reads only the note about its own child.</p>
            {register.pupils.map((pupil) => (
              <TextBox
                key={pupil.pupilId}
                label={`Note about ${pupil.firstName}`}
                hint={yearGroupLabel(pupil.yearGroup)}
                rows={2}
                value={form.fields.notes[pupil.pupilId] ?? ''}
                onChange={(e) => form.setNote(pupil.pupilId, e.target.value)}
              />
            ))}
          </fieldset>
        )}
        <TextBox
          label="Staff note: only staff see this"
          hint="Never sent to families."
          rows={2}
          value={form.fields.staffNote}
          onChange={(e) => form.setField('staffNote', e.target.value)}
        />
        <Outcome outcome={form.outcome} />
        <div className="teach-report__actions">
          <button type="submit" className="btn btn--outline" disabled={form.busy}>
            Save draft
          </button>
          <button
            type="button"
            className="btn"
            disabled={form.busy}
            onClick={() => {
              if (form.readyToSend()) setConfirming(true);
            }}
          >
            {sendLabel}
          </button>
        </div>
      </form>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={form.sentBefore ? 'Send the corrected report?' : 'Send the report to families?'}
            description={
              form.sentBefore
                ? 'Each family is e-mailed the report again, marked as corrected.'
                : 'Each family is e-mailed the topic, homework and resources, with your note about their own child. The staff note is not sent.'
            }
            keepLabel="Not yet"
            confirmLabel={sendLabel}
            busy={form.sending}
            onConfirm={() => void onConfirm()}
          />
        </Suspense>
      )}
    </section>
  );
}

function Outcome({ outcome }: { outcome: ReturnType<typeof useReportForm>['outcome'] }) {
  // Both regions are always present, so a screen reader announces what appears in them.
  return (
    <div className="teach-report__outcome">
      <div role="status">
        {outcome && outcome.kind !== 'error' && (
          <p className="notice notice--success">{outcome.text}</p>
        )}
      </div>
      <div role="alert">
        {outcome?.kind === 'error' && <p className="notice notice--error">{outcome.text}</p>}
      </div>
    </div>
  );
}
