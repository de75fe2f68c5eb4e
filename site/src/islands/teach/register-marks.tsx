// The register (docs/decisions/079): each pupil's first name and year group with Present,
// Absent or Late, saved as soon as it is chosen. It can be marked from the lesson's start until
// 7 days after; otherwise the choices are disabled and say why. A refused mark puts the earlier
// one back and shows the service's reason in an alert.
import { yearGroupLabel } from '@tuition/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type AttendanceStatus,
  failureText,
  type RegisterPupil,
  type TutorRegister,
  teachApi,
} from './teach-api.ts';
import { registerClosedReason } from './teach-words.ts';

const CHOICES: ReadonlyArray<{ value: AttendanceStatus; label: string }> = [
  { value: 'present', label: 'Present' },
  { value: 'absent', label: 'Absent' },
  { value: 'late', label: 'Late' },
];

type Marks = Record<string, AttendanceStatus | null>;

const marksOf = (pupils: readonly RegisterPupil[]): Marks =>
  Object.fromEntries(pupils.map((p) => [p.pupilId, p.attendance ?? null]));

export function RegisterMarks({ register }: { register: TutorRegister }) {
  const { session, pupils } = register;
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [marks, setMarks] = useState<Marks>(() => marksOf(pupils));
  const [error, setError] = useState<string>();
  const mark = useMutation({
    mutationFn: ({ pupilId, status }: { pupilId: string; status: AttendanceStatus }) =>
      teachApi.mark(session.id, pupilId, status),
    onMutate: ({ pupilId, status }) => {
      const before = marks[pupilId] ?? null;
      setMarks((m) => ({ ...m, [pupilId]: status }));
      setError(undefined);
      return { before };
    },
    onSuccess: (saved) => {
      setMarks((m) => ({ ...m, [saved.pupilId]: saved.status }));
      // The register as the page holds it follows, so sending the report sees the marks.
      queryClient.setQueryData<TutorRegister>(
        ['teach', 'register', session.id],
        (old) =>
          old && {
            ...old,
            pupils: old.pupils.map((p) =>
              p.pupilId === saved.pupilId ? { ...p, attendance: saved.status } : p,
            ),
          },
      );
    },
    onError: (failure, { pupilId }, context) => {
      setMarks((m) => ({ ...m, [pupilId]: context?.before ?? null }));
      const name = pupils.find((p) => p.pupilId === pupilId)?.firstName ?? 'The pupil';
      setError(`${name}’s mark was not saved. ${failureText(failure, 'Please try again.')}`);
    },
  });
  const closedReason = registerClosedReason(session.register);
  const marked = pupils.filter((p) => marks[p.pupilId]).length;

  return (
    <section className="teach-section card" aria-labelledby="register-heading">
      <h2 id="register-heading">Register</h2>
      {closedReason ? (
        <p id={reasonId} className="teach-section__note">
          {closedReason}
        </p>
      ) : (
        <p className="teach-section__note" role="status">
          {marked} of {pupils.length} marked
        </p>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {pupils.length === 0 ? (
        <p>Nobody is booked on this session.</p>
      ) : (
        <ul className="teach-register">
          {pupils.map((pupil) => (
            <PupilMark
              key={pupil.pupilId}
              pupil={pupil}
              value={marks[pupil.pupilId] ?? null}
              disabled={Boolean(closedReason)}
              describedBy={closedReason ? reasonId : undefined}
              onChange={(status) => mark.mutate({ pupilId: pupil.pupilId, status })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PupilMark({
  pupil,
  value,
  disabled,
  describedBy,
  onChange,
}: {
  pupil: RegisterPupil;
  value: AttendanceStatus | null;
  disabled: boolean;
  describedBy: string | undefined;
  onChange: (status: AttendanceStatus) => void;
}) {
  const name = `mark-${pupil.pupilId}`;
  return (
    <li className="teach-register__pupil">
      <fieldset className="teach-mark" disabled={disabled} aria-describedby={describedBy}>
        <legend className="teach-mark__legend">
          <span className="teach-mark__name">{pupil.firstName}</span>{' '}
          <span className="teach-mark__year">{yearGroupLabel(pupil.yearGroup)}</span>
        </legend>
        <div className="teach-mark__choices">
          {CHOICES.map((choice) => (
            <label key={choice.value} className="teach-mark__choice">
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                disabled={disabled}
                onChange={() => onChange(choice.value)}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </li>
  );
}
