// A parent's consent to recording their child's lessons (docs/decisions/099), on the child's
// edit form on /my-account: one tick, and what it means. Saving the form sends it; withdrawing
// it has the service delete the recordings the child was in.
import { DEFAULT_RECORDING_RETENTION_DAYS } from '@tuition/domain';

/** What the tick means, with the site settings' retention period ("deleted after 30 days"). */
export function recordingConsentText(retentionDays: number): string {
  const kept = retentionDays === 1 ? '1 day' : `${retentionDays} days`;
  return (
    'Some classes are recorded so pupils who were there can watch again. A recording is made ' +
    'only when every family in the session agrees, only families of pupils who were present, ' +
    `the tutor and our staff can watch it, and it is deleted after ${kept}. You can withdraw at ` +
    'any time; recordings your child was in are then deleted within a day.'
  );
}

export function RecordingConsentField({
  id,
  checked,
  retentionDays = DEFAULT_RECORDING_RETENTION_DAYS,
  onChange,
}: {
  id: string;
  checked: boolean;
  retentionDays?: number | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field">
      <label className="auth-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-explained`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>Record lessons</span>
      </label>
      <span className="field-hint" id={`${id}-explained`}>
        {recordingConsentText(retentionDays)}
      </span>
    </div>
  );
}
