// An admin cancels one seat (decision 043) and says what the family gets back (decision 077):
// a session of credit (the default: the business cancelled, so the family is made whole), the
// seat's price back to the card, or nothing, when the family asked to cancel; and, if they wish,
// why, which the family's e-mail tells as a whole-session cancel's does. What was done is
// read from the service's answer, never assumed from the choice: a seat paid with credit gets
// its credit back even when a refund was chosen.
import { Box, Button, Text } from '@radix-ui/themes';
import type { CancelRemedy } from '@tuition/api-contract';
import { formatLondonDate, MESSAGES } from '@tuition/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { cancelSeatQuestion, londonTimeRange } from '../shared/session-labels.ts';
import { sessionsOf } from '../shared/wallet/credit-words.ts';
import { type AdminBookingHistoryEntry, adminApi, type RemedyOutcome } from './admin-api.ts';
import { pounds } from './admin-format.ts';
import { CancelReasonField } from './cancel-reason-field.tsx';
import { CancelRemedyChoice, type RemedyOption } from './cancel-remedy-choice.tsx';
import { userQueryKey } from './use-admin-user.ts';

const REMEDIES: ReadonlyArray<RemedyOption> = [
  {
    value: 'credit',
    label: 'Give a session of credit',
    hint: 'For any of their children; a seat paid with credit gets its own back.',
  },
  {
    value: 'refund',
    label: 'Refund to the card',
    hint: 'The price charged for this seat; a seat paid with credit gets its credit back.',
  },
  { value: 'none', label: 'No refund (the family asked to cancel)' },
];

/**
 * A 1-to-1 lesson is paid by card only: credit is a group seat (docs/decisions/106), so the
 * business makes the family whole with a refund.
 */
const LESSON_REMEDIES = REMEDIES.filter((option) => option.value !== 'credit');

/** The remedies offered for this booking, the first being the default. */
const remediesFor = (booking: Pick<AdminBookingHistoryEntry, 'kind'>) =>
  booking.kind === 'one-to-one' ? LESSON_REMEDIES : REMEDIES;

/** What the service did: "£10.00 refunded to the card", "1 session of credit given back". */
export function remedyOutcomeText(outcome: RemedyOutcome): string {
  const done = [
    outcome.refundedPence > 0 ? `${pounds(outcome.refundedPence)} refunded to the card` : '',
    outcome.creditReturned > 0 ? `${sessionsOf(outcome.creditReturned)} of credit given back` : '',
  ].filter(Boolean);
  return done.length > 0 ? done.join(' and ') : 'Nothing refunded';
}

export function CancelBooking({
  booking,
  userId,
  onCancelled,
}: {
  booking: AdminBookingHistoryEntry;
  userId: string;
  /** Told what was done, in words, once the seat is cancelled and the page redrawn. */
  onCancelled: (done: string) => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remedies = remediesFor(booking);
  const defaultRemedy = remedies[0]?.value ?? 'none';
  const [remedy, setRemedy] = useState<CancelRemedy>(defaultRemedy);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: (chosen: { remedy: CancelRemedy; reason?: string }) =>
      adminApi.cancelBooking(booking.id, chosen),
    onSuccess: async (cancelled) => {
      const done = remedyOutcomeText(cancelled.remedy);
      toastSuccess({ ...MESSAGES.adminBookingCancelled, description: `${done}.` });
      // The user's key covers the history, the figures and the credit panel. The dialog stays
      // (busy) until they are redrawn: closing it first would send focus back to this row's
      // Cancel button just before it goes, leaving the keyboard nowhere.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'summary'] }),
      ]);
      onCancelled(
        `${booking.pupil.name}’s ${booking.label} session on ${when} cancelled: ${done}.`,
      );
      setOpen(false);
    },
    onError: (error) => {
      console.error('Cancel failed', error);
      toastError(MESSAGES.adminCancelFailed);
    },
  });
  const when = formatLondonDate(new Date(booking.sessionStartsAt));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        // Each time it opens, afresh: no reason yet, and the default remedy (the business
        // cancelled, so the family is made whole).
        if (next) {
          setRemedy(defaultRemedy);
          setReason('');
        }
        setOpen(next);
      }}
      trigger={
        <Button size="1" variant="soft" color="red">
          Cancel
          <span className="visually-hidden">
            {' '}
            {booking.pupil.name}, {booking.label} on {when}
          </span>
        </Button>
      }
      title={cancelSeatQuestion(booking.pupil.name, booking.label, booking.sessionStartsAt)}
      description={MESSAGES.adminCancelConfirm.title}
      keepLabel="Keep Booking"
      confirmLabel="Cancel Booking"
      confirmColor="red"
      highContrast
      busy={cancel.isPending}
      onConfirm={() => {
        // A blank reason is none: the e-mail then gives no reason.
        const why = reason.trim();
        cancel.mutate({ remedy, ...(why ? { reason: why } : {}) });
      }}
    >
      <Text as="p" size="2" color="gray" mt="2">
        {booking.pupil.name}: {booking.label}, {when},{' '}
        {londonTimeRange(booking.sessionStartsAt, booking.sessionEndsAt)}
      </Text>
      <Text as="p" size="2" mt="2">
        The customer will be e-mailed that this session is cancelled.
      </Text>
      <Box mt="3">
        <CancelReasonField
          label="Reason, if any (sent to the family)"
          value={reason}
          onChange={setReason}
        />
      </Box>
      <CancelRemedyChoice
        legend="What the family gets back"
        options={remedies}
        value={remedy}
        onChange={setRemedy}
      />
    </ConfirmDialog>
  );
}
