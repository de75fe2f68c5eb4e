// /my-account "Your children" (decision 048): a parent adds, renames, moves a child to another
// year group and removes one (a child with bookings is archived by the service, never deleted);
// Years 6-11 need the consent statement ticked. A student account shows its one pupil, itself,
// in Year 12 or 13, with no way to add another. Signed out it renders nothing: the account page
// beside it shows the login prompt. A tutor's account has no children (decision 088): nothing
// either. Each child's edit form also holds the consent to recording their lessons, given and
// withdrawn here only (docs/decisions/099).
import { yearGroupLabel } from '@tuition/domain';
import { useState } from 'react';
import { useSession } from '../../lib/auth-client.ts';
import { roleOf } from '../../lib/auth-session.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { PupilForm, type PupilFormValues } from '../shared/pupils/pupil-form.tsx';
import {
  type Pupil,
  type PupilList,
  useAddPupil,
  usePupils,
  useRemovePupil,
  useUpdatePupil,
} from '../shared/pupils/pupils-api.ts';
import './pupils-section.css';

const FORM = { form: 'your-children' } as const;

/** What the service is sent for an edit: only what changed (an empty e-mail removes it). */
export function pupilPatch(pupil: Pupil, values: PupilFormValues) {
  return {
    ...(values.name !== pupil.name ? { name: values.name } : {}),
    ...(values.yearGroup !== pupil.yearGroup ? { yearGroup: values.yearGroup } : {}),
    ...(values.email !== (pupil.email ?? '') ? { email: values.email || null } : {}),
    ...(values.consent ? { consent: true as const } : {}),
    ...(values.recordingConsent !== pupil.recordingConsent
      ? { recordingConsent: values.recordingConsent }
      : {}),
  };
}

/**
 * The CMS's parental consent statement and how long recordings are kept (site settings), handed
 * from /my-account to each pupil form.
 */
interface ConsentProps {
  consentStatement: string;
  recordingRetentionDays?: number | undefined;
}

/** Who the child is, and whether their lessons may be recorded (docs/decisions/099). */
function PupilSummary({ pupil }: { pupil: Pupil }) {
  return (
    <div className="pupils__who">
      <strong>{pupil.name}</strong>
      <span className="pupils__year">{yearGroupLabel(pupil.yearGroup)}</span>
      {pupil.email && <span className="pupils__email">{pupil.email}</span>}
      {pupil.recordingConsent && <span className="pupils__recording">Lessons may be recorded</span>}
    </div>
  );
}

function PupilRow({
  pupil,
  list,
  consentStatement,
  recordingRetentionDays,
}: { pupil: Pupil; list: PupilList } & ConsentProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-remove'>('view');
  const update = useUpdatePupil();
  const remove = useRemovePupil();
  const student = list.accountType === 'student';

  if (mode === 'edit') {
    return (
      <li className="pupils__item">
        <PupilForm
          accountType={list.accountType}
          consentStatement={consentStatement}
          existing={pupil}
          recordingRetentionDays={recordingRetentionDays}
          submitLabel="Save changes"
          onCancel={() => setMode('view')}
          onSubmit={async (values) => {
            const patch = pupilPatch(pupil, values);
            if (Object.keys(patch).length === 0) {
              setMode('view');
              return;
            }
            await update.mutateAsync({ pupilId: pupil.id, input: patch });
            toastSuccess({ title: `${values.name}’s details saved.` }, FORM);
            setMode('view');
          }}
        />
      </li>
    );
  }

  return (
    <li className="pupils__item">
      <PupilSummary pupil={pupil} />
      {mode === 'confirm-remove' ? (
        <fieldset className="pupils__confirm">
          <legend>Remove {pupil.name}?</legend>
          <p>
            Their past bookings and payments are kept; they will no longer be offered when booking.
          </p>
          <div className="auth-form__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setMode('view')}>
              Keep {pupil.name}
            </button>
            <button
              type="button"
              className="btn"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(pupil.id, {
                  onSuccess: () => toastSuccess({ title: `${pupil.name} removed.` }, FORM),
                  onError: (error) => {
                    console.error('Removing a pupil failed', error);
                    toastError(
                      { title: `Could not remove ${pupil.name}. Please try again.` },
                      FORM,
                    );
                    setMode('view');
                  },
                })
              }
            >
              Remove {pupil.name}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="pupils__actions">
          <button
            type="button"
            className="btn btn--soft"
            aria-label={`Edit ${pupil.name}`}
            onClick={() => setMode('edit')}
          >
            Edit
          </button>
          {!student && (
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={`Remove ${pupil.name}`}
              onClick={() => setMode('confirm-remove')}
            >
              Remove
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function PupilsContent({ consentStatement, recordingRetentionDays }: ConsentProps) {
  const pupils = usePupils();
  const [adding, setAdding] = useState(false);
  const add = useAddPupil((pupil) => {
    toastSuccess({ title: `${pupil.name} added.` }, FORM);
    setAdding(false);
  });

  if (pupils.isPending) {
    return (
      <p className="account-loading" role="status">
        Loading your children…
      </p>
    );
  }
  if (pupils.isError) {
    return (
      <p className="auth-field-error" role="alert">
        We could not load your children. Please reload the page.
      </p>
    );
  }
  const list = pupils.data;
  const student = list.accountType === 'student';
  const addChild = (values: PupilFormValues) =>
    add.mutateAsync({
      name: values.name,
      yearGroup: values.yearGroup,
      ...(values.email ? { email: values.email } : {}),
      ...(values.consent ? { consent: true as const } : {}),
    });

  return (
    <>
      <p className="pupils__lead">
        {student
          ? 'Your account is a student’s: you book for yourself, in Year 12 or 13.'
          : 'Book sessions for each of your children from this one account.'}
      </p>
      {list.pupils.length === 0 ? (
        <p className="pupils__empty">
          {student ? 'Add your year group when you first book.' : 'No children added yet.'}
        </p>
      ) : (
        <ul className="pupils">
          {list.pupils.map((pupil) => (
            <PupilRow
              key={pupil.id}
              pupil={pupil}
              list={list}
              consentStatement={consentStatement}
              recordingRetentionDays={recordingRetentionDays}
            />
          ))}
        </ul>
      )}
      {student && list.pupils.length === 0 && !adding && (
        <button type="button" className="btn" onClick={() => setAdding(true)}>
          Add your year group
        </button>
      )}
      {!student && !adding && (
        <button type="button" className="btn" onClick={() => setAdding(true)}>
          Add a child
        </button>
      )}
      {adding && (
        <div className="pupils__add">
          <h3>{student ? 'Your details' : 'Add a child'}</h3>
          <PupilForm
            accountType={list.accountType}
            consentStatement={consentStatement}
            submitLabel={student ? 'Save' : 'Add child'}
            onCancel={() => setAdding(false)}
            onSubmit={addChild}
          />
        </div>
      )}
    </>
  );
}

function PupilsSectionContent({ consentStatement, recordingRetentionDays }: ConsentProps) {
  const { data: session, isPending } = useSession();
  // Staff accounts book nothing, so the service refuses them the list: not asked.
  const customer = Boolean(session?.user) && roleOf(session?.user) !== 'tutor';
  // The same query as the list below: asked once.
  const pupils = usePupils(customer);
  if (isPending || !customer) return null;
  const student = pupils.data?.accountType === 'student';
  return (
    <section className="account-card pupils-section" aria-labelledby="children-heading">
      <h2 id="children-heading">{student ? 'Your year group' : 'Your children'}</h2>
      <PupilsContent
        consentStatement={consentStatement}
        recordingRetentionDays={recordingRetentionDays}
      />
    </section>
  );
}

export function PupilsSection({ consentStatement, recordingRetentionDays }: ConsentProps) {
  return (
    <AppProviders>
      <PupilsSectionContent
        consentStatement={consentStatement}
        recordingRetentionDays={recordingRetentionDays}
      />
    </AppProviders>
  );
}

export default PupilsSection;
