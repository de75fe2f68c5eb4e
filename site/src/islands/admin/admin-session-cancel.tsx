// The business cancels a whole session for everyone (decision 077): the admin says why (the
// families are e-mailed the reason) and what every family gets back, a session of credit by
// default, since the family is made whole. What was done is read from the service's answer,
// never assumed from the choice: a seat paid with credit gets its credit back even when a refund
// was chosen. A cancelled session leaves the lists, so the summary outlives it in a toast and in
// the overview's own status line.
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import type { CancelRemedy, SessionCancelled } from '@tuition/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { sessionsOf } from '../shared/wallet/credit-words.ts';
import { adminApi } from './admin-api.ts';
import { pounds } from './admin-format.ts';
import { CancelReasonField } from './cancel-reason-field.tsx';
import { CancelRemedyChoice, type RemedyOption } from './cancel-remedy-choice.tsx';

const REMEDIES: ReadonlyArray<RemedyOption> = [
  {
    value: 'credit',
    label: 'A session of credit',
    hint: 'For any of their children; a seat paid with credit gets its own back.',
  },
  {
    value: 'refund',
    label: 'A refund to the card',
    hint: 'The price each seat was charged; a seat paid with credit gets its credit back.',
  },
  { value: 'none', label: 'Nothing', hint: 'The families are told, and nothing is given back.' },
];

const REASON_MISSING = 'Say why the session is cancelled: the families are told.';

/** "3 seats cancelled: 3 sessions of credit given back", "1 seat cancelled: £25.00 refunded". */
export function sessionCancelledText({ seats }: SessionCancelled): string {
  if (seats.length === 0) return 'No seats were booked';
  const refunded = seats.reduce((sum, seat) => sum + seat.refundedPence, 0);
  const credit = seats.reduce((sum, seat) => sum + seat.creditReturned, 0);
  const done = [
    refunded > 0 ? `${pounds(refunded)} refunded` : '',
    credit > 0 ? `${sessionsOf(credit)} of credit given back` : '',
  ].filter(Boolean);
  const cancelled = `${seats.length} ${seats.length === 1 ? 'seat' : 'seats'} cancelled`;
  return `${cancelled}: ${done.length > 0 ? done.join(' and ') : 'nothing given back'}`;
}

/** The service's refusal in its own words: a 400 names the field, a 409 says why not. */
function refusalOf(error: unknown): { reason?: string; form?: string } {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) {
    return { form: 'The session could not be cancelled. Please try again.' };
  }
  const reason = error.errors?.find((e) => e.field === 'reason')?.message;
  return reason ? { reason } : { form: error.detail || error.title };
}

function useCancelSession(sessionId: string, onDone: (summary: string) => void) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'attendees', sessionId] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'summary'] });
  };
  return useMutation({
    mutationFn: (cancel: { remedy: CancelRemedy; reason: string }) =>
      adminApi.cancelSession(sessionId, cancel),
    onSuccess: (cancelled) => {
      const summary = sessionCancelledText(cancelled);
      toastSuccess({ title: 'Session cancelled', description: `${summary}.` });
      onDone(summary);
      refresh();
    },
    onError: (error) => {
      // Started or cancelled already: the list is out of date.
      if (error instanceof ApiError && error.status === 409) refresh();
      else if (!(error instanceof ApiError && error.status === 400)) {
        console.error('Session cancel failed', error);
        toastError({
          title: 'The session could not be cancelled',
          description: 'Please try again.',
        });
      }
    },
  });
}

export interface CancelSessionProps {
  sessionId: string;
  /** "GCSE Foundation, Tuesday 22 December 2026, 5-6pm". */
  sessionName: string;
  bookedCount: number;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  /** The reason the dialog opens with (a day closed in the CMS: "We are closed that day"). */
  initialReason?: string;
  /** Told what was done, in words, once the session is cancelled. */
  onCancelled: (summary: string) => void;
}

export function CancelSession(props: CancelSessionProps) {
  const { sessionId, sessionName, bookedCount, trigger, initialReason = '' } = props;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(initialReason);
  const [remedy, setRemedy] = useState<CancelRemedy>('credit');
  const [shown, setShown] = useState<{ reason?: string; form?: string }>({});
  const done = useRef(false);
  const cancel = useCancelSession(sessionId, (summary) => {
    // The button that opened the dialog leaves with the session: focus goes to the summary.
    done.current = true;
    setOpen(false);
    props.onCancelled(`${sessionName} cancelled. ${summary}.`);
  });
  const refusal = cancel.isError ? refusalOf(cancel.error) : shown;
  const onOpenChange = (next: boolean) => {
    // Each time it opens, afresh: the default remedy, the reason it starts with.
    if (next) {
      setRemedy('credit');
      setReason(initialReason);
      setShown({});
      cancel.reset();
    }
    setOpen(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    cancel.reset();
    if (!reason.trim()) return setShown({ reason: REASON_MISSING });
    setShown({});
    cancel.mutate({ remedy, reason: reason.trim() });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content
        maxWidth="480px"
        onCloseAutoFocus={(event) => {
          if (done.current) event.preventDefault();
        }}
      >
        <Dialog.Title>Cancel this session for everyone?</Dialog.Title>
        <Dialog.Description size="2">
          {sessionName}: {bookedCount} booked. Every seat is cancelled and each family is e-mailed
          the reason below. This cannot be undone.
        </Dialog.Description>
        <form className="admin-session-cancel" noValidate onSubmit={onSubmit}>
          <CancelReasonField
            label="Reason (sent to the families)"
            required
            value={reason}
            onChange={(next) => {
              setReason(next);
              if (refusal.reason) {
                setShown({});
                cancel.reset();
              }
            }}
            error={refusal.reason}
          />
          <CancelRemedyChoice
            legend="What do families get back?"
            options={REMEDIES}
            value={remedy}
            onChange={setRemedy}
          />
          {refusal.form && (
            <Text as="p" size="2" color="red" role="alert" mt="3" mb="0">
              {refusal.form}
            </Text>
          )}
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Keep session
              </Button>
            </Dialog.Close>
            <Button type="submit" color="red" highContrast loading={cancel.isPending}>
              Cancel session for everyone
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

type SessionToCancel = Omit<CancelSessionProps, 'trigger' | 'initialReason'>;

/** In an upcoming session's detail, below its attendees. */
export function CancelSessionButton(props: SessionToCancel) {
  const trigger = (
    <Button
      variant="soft"
      color="red"
      className="admin-session__cancel"
      aria-label={`Cancel session: ${props.sessionName}`}
    >
      Cancel session
    </Button>
  );
  return <CancelSession {...props} trigger={trigger} />;
}

/** Beside the "Closed" flag of a session whose day was closed in the CMS after families booked. */
export function CancelClosedDay(props: SessionToCancel) {
  const trigger = (
    <Button
      size="1"
      variant="soft"
      color="red"
      aria-label={`Cancel session and credit families: ${props.sessionName}`}
    >
      Cancel session and credit families
    </Button>
  );
  return <CancelSession {...props} initialReason="We are closed that day" trigger={trigger} />;
}

/** What the last cancel did, kept on the overview after the session has left the list. */
export function SessionCancelledNote({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new summary takes the focus.
  useEffect(() => ref.current?.focus(), [text]);
  return (
    <Callout.Root
      ref={ref}
      tabIndex={-1}
      color="green"
      mb="4"
      role="status"
      data-testid="session-cancel-outcome"
    >
      <Flex gap="3" align="center" justify="between" wrap="wrap">
        <Callout.Text className="admin-session-cancelled__text">{text}</Callout.Text>
        <Button size="1" variant="soft" color="gray" onClick={onDismiss}>
          Dismiss
        </Button>
      </Flex>
    </Callout.Root>
  );
}
