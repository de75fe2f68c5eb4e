// "Add a child" on /one-to-one: the shared pupil form; the new child is chosen for the lessons
// once saved. Loaded by ./one-to-one-who.tsx when asked for.
import { toastSuccess } from '../shared/app-toaster.tsx';
import { PupilForm } from '../shared/pupils/pupil-form.tsx';
import { type Pupil, useAddPupil } from '../shared/pupils/pupils-api.ts';

export function AddChild({
  consentStatement,
  onAdded,
  onDone,
}: {
  consentStatement: string;
  onAdded: (pupilId: string) => void;
  onDone: () => void;
}) {
  const add = useAddPupil((pupil: Pupil) => {
    toastSuccess({ title: `${pupil.name} added.` });
    onAdded(pupil.id);
    onDone();
  });
  return (
    <div className="one-to-one-who__add">
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
