// The "Tutors" section of /admin (docs/decisions/079): invite a tutor, and for each one their
// state (active, deactivated, still to choose a password), the classes they lead and their rates;
// set the rates, read their hours for a month (and download them as CSV), set what they teach
// 1-to-1 and its hourly rate (docs/decisions/109), or deactivate them. Deactivating stops
// sign-in; their classes, reports and pay lines stay.
import { Badge, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import type { Clock } from '@tuition/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { adminLoadFailure, pounds } from './admin-format.ts';
import { TutorHoursPanel } from './admin-tutor-hours.tsx';
import { TutorOneToOnePanel } from './admin-tutor-one-to-one.tsx';
import { InviteTutorForm } from './admin-tutor-invite.tsx';
import { SetRatesButton } from './admin-tutor-rates.tsx';
import { type Tutor, TUTORS_KEY, tutorsApi, useTutors } from './admin-tutors-api.ts';
import './admin-tutors.css';

const DAY_SHORT: Record<string, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** "GCSE Higher (Tue 19:00), A-level (Thu 17:00)", or that they lead none. */
export function classesLedText(tutor: Pick<Tutor, 'classes'>): string {
  if (tutor.classes.length === 0) return 'Leads no classes';
  const each = tutor.classes.map((c) => `${c.label} (${DAY_SHORT[c.day] ?? c.day} ${c.startTime})`);
  return `Leads ${each.join(', ')}`;
}

/** `onDeactivated`: the button leaves with the tutor's actions, so focus needs a new place. */
function DeactivateButton({ tutor, onDeactivated }: { tutor: Tutor; onDeactivated: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const deactivated = useRef(false);
  const deactivate = useMutation({
    mutationFn: () => tutorsApi.deactivate(tutor.id),
    onSuccess: (saved) => {
      deactivated.current = true;
      setOpen(false);
      queryClient.setQueryData<{ tutors: Tutor[] }>(TUTORS_KEY, (list) =>
        list ? { tutors: list.tutors.map((t) => (t.id === saved.id ? saved : t)) } : list,
      );
      toastSuccess({
        title: `${saved.name} is deactivated`,
        description: 'They can no longer sign in.',
      });
    },
    onError: (error) => {
      console.error('Deactivating a tutor failed', error);
      toastError({
        title: `${tutor.name} could not be deactivated`,
        description: 'Please try again.',
      });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="soft" color="red" size="2">
          Deactivate<span className="visually-hidden"> {tutor.name}</span>
        </Button>
      }
      title={`Deactivate ${tutor.name}?`}
      description={`${tutor.name} can no longer sign in or see their sessions. The classes they lead, their lesson reports and pay lines stay; choose another lead for their classes in Classes.`}
      keepLabel="Keep active"
      confirmLabel="Deactivate"
      confirmColor="red"
      busy={deactivate.isPending}
      onConfirm={() => deactivate.mutate()}
      onCloseAutoFocus={(event) => {
        if (!deactivated.current) return;
        event.preventDefault();
        onDeactivated();
      }}
    />
  );
}

function TutorItem({ tutor, clock }: { tutor: Tutor; clock: Clock | undefined }) {
  const [hoursOpen, setHoursOpen] = useState(false);
  const [oneOpen, setOneOpen] = useState(false);
  const hoursId = useId();
  const oneId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the dialog has gone, focus the tutor's name rather than leave it on the page's body.
  const focusName = () => heading.current?.focus();
  return (
    <li className="admin-tutor">
      <div className="admin-tutor__head">
        <Heading as="h4" size="3" className="admin-tutor__name" ref={heading} tabIndex={-1}>
          {tutor.name}
        </Heading>
        <Flex gap="2" wrap="wrap">
          {tutor.active ? (
            <Badge color="green">Active</Badge>
          ) : (
            <Badge color="gray">Deactivated</Badge>
          )}
          {tutor.active && !tutor.passwordSet && (
            <Badge color="orange">Invited, no password yet</Badge>
          )}
        </Flex>
      </div>
      <Text as="p" size="2" m="0" className="admin-tutor__email">
        {tutor.email}
      </Text>
      <Text as="p" size="2" m="0">
        {classesLedText(tutor)}
      </Text>
      <Text as="p" size="2" m="0">
        Rates: {pounds(tutor.perSessionPence)} a session, {pounds(tutor.perPupilPence)} a pupil
      </Text>
      <Flex gap="2" wrap="wrap" className="admin-tutor__actions">
        {tutor.active && <SetRatesButton tutor={tutor} />}
        <Button
          variant="soft"
          size="2"
          aria-expanded={hoursOpen}
          aria-controls={hoursId}
          onClick={() => setHoursOpen((o) => !o)}
        >
          Hours<span className="visually-hidden"> of {tutor.name}</span>
        </Button>
        {tutor.active && (
          <Button
            variant="soft"
            size="2"
            aria-expanded={oneOpen}
            aria-controls={oneId}
            onClick={() => setOneOpen((o) => !o)}
          >
            1-to-1<span className="visually-hidden"> of {tutor.name}</span>
          </Button>
        )}
        {tutor.active && <DeactivateButton tutor={tutor} onDeactivated={focusName} />}
      </Flex>
      <div id={hoursId} hidden={!hoursOpen}>
        {hoursOpen && <TutorHoursPanel tutor={tutor} {...(clock ? { clock } : {})} />}
      </div>
      <div id={oneId} hidden={!oneOpen}>
        {oneOpen && <TutorOneToOnePanel tutor={tutor} />}
      </div>
    </li>
  );
}

export function AdminTutors({ clock }: { clock?: Clock }) {
  const tutors = useTutors();
  useErrorToast(
    tutors.isError,
    (error) =>
      adminLoadFailure(error, { title: 'Error', description: 'Failed to load the tutors.' }),
    { error: tutors.error, logAs: 'Failed to load tutors' },
  );
  const list = tutors.data?.tutors ?? [];
  return (
    <Card size="3" className="admin-section admin-tutors">
      <Heading as="h2" size="5" mb="3">
        Tutors
      </Heading>
      <InviteTutorForm />
      <Heading as="h3" size="3" mt="5" mb="2">
        All tutors
      </Heading>
      {tutors.isPending ? (
        <Flex align="center" gap="2" role="status">
          <Spinner /> <Text color="gray">Loading tutors…</Text>
        </Flex>
      ) : tutors.isError && list.length === 0 ? (
        <Flex align="center" gap="3">
          <Text color="red">Failed to load the tutors.</Text>
          <Button variant="soft" onClick={() => void tutors.refetch()}>
            Try again
          </Button>
        </Flex>
      ) : list.length === 0 ? (
        <Text color="gray">No tutors yet. Invite one above.</Text>
      ) : (
        <ul className="admin-tutors__list">
          {list.map((tutor) => (
            <TutorItem key={tutor.id} tutor={tutor} clock={clock} />
          ))}
        </ul>
      )}
    </Card>
  );
}
