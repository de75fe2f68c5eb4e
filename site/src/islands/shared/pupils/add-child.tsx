// "Add a child" where a family picks who lessons are for (the booking flow's "Who is this for?"
// step, /one-to-one): the shared pupil form; once saved the new child is chosen there
// (`onAdded`). Loaded as a chunk of its own by the step that shows it, when asked for.
import { toastSuccess } from '../app-toaster.tsx';
import { PupilForm } from './pupil-form.tsx';
import { type Pupil, useAddPupil } from './pupils-api.ts';

export function AddChild({
  consentStatement,
  className,
  onAdded,
  onDone,
}: {
  consentStatement: string;
  /** The wrapper's class, for the page's layout. */
  className: string;
  onAdded: (pupilId: string) => void;
  onDone: () => void;
}) {
  const add = useAddPupil((pupil: Pupil) => {
    toastSuccess({ title: `${pupil.name} added.` });
    onAdded(pupil.id);
    onDone();
  });
  return (
    <div className={className}>
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
