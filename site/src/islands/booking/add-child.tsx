// "Add a child" inside the booking flow's "Who is this for?" step: the shared pupil form; the new
// child is ticked for the booking once saved. Loaded by ./pupil-step.tsx when asked for.
import { PupilForm } from '../shared/pupils/pupil-form.tsx';
import { type Pupil, useAddPupil } from '../shared/pupils/pupils-api.ts';
import { toastSuccess } from '../shared/app-toaster.tsx';
import type { PupilChoice } from '../shared/booking-picker/use-pupil-choice.ts';

export function AddChild({
  choice,
  consentStatement,
  onDone,
}: {
  choice: PupilChoice;
  consentStatement: string;
  onDone: () => void;
}) {
  const add = useAddPupil((pupil: Pupil) => {
    toastSuccess({ title: `${pupil.name} added.` });
    choice.toggle(pupil.id, true);
    onDone();
  });
  return (
    <div className="booking-pupils__add">
      <PupilForm
        accountType="parent"
        consentStatement={consentStatement}
        submitLabel="Add child"
        onCancel={onDone}
        onSubmit={(values) =>
          add.mutateAsync({
            name: values.name,
            yearGroup: values.yearGroup,
            ...(values.email ? { email: values.email } : {}),
            ...(values.consent ? { consent: true as const } : {}),
          })
        }
      />
    </div>
  );
}
