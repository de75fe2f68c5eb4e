// Reschedule for a 1-to-1 lesson more than 24 hours ahead (docs/decisions/106, 111): a dialog on
// /upcoming-bookings listing the same tutor's free times of the same length, two weeks at a time
// inside the booking window, drawn as on /one-to-one (shared/free-times). Moving it calls the
// service's reschedule; the list is read again and the new booking is marked. A refusal is shown
// in the dialog, in words; closing it after one reads the list again too.
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { formatLondonDate, MESSAGES } from '@tuition/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '../../lib/api-client.ts';
import { toastSuccess } from '../shared/app-providers.tsx';
import { FreeTimeList, FreeTimePages } from '../shared/free-times/free-time-list.tsx';
import { lengthWords, whenWords } from '../shared/free-times/free-time-words.ts';
import { londonTimeRange } from '../shared/session-labels.ts';
import { type OneToOneMove, useOneToOneMove } from './use-one-to-one-move.ts';

export interface OneToOneMoveProps {
  booking: Booking;
  now: Date;
  /** The booking the move made, to mark in the list. */
  onMoved: (movedId: string) => void;
}

function MovePicker({ move }: { move: OneToOneMove }) {
  if (move.tutorId === undefined) {
    return (
      <p className="notice notice--error">
        This lesson’s tutor is not known here. Please contact us to move it.
      </p>
    );
  }
  const lastPage = move.pageIndex >= move.pages.length - 1;
  return (
    <div className="one-to-one-move__times" aria-busy={move.slots.isFetching}>
      <FreeTimePages pages={move.pages} pageIndex={move.pageIndex} onTurn={move.turnPage} />
      <FreeTimeList
        request={move.slots}
        slots={move.shownSlots}
        isChosen={move.isChosen}
        onChoose={move.choose}
        emptyText={`${move.tutorName} has no other free times in these dates.${lastPage ? '' : ' Try later weeks.'}`}
      />
    </div>
  );
}

function MoveContent({ booking, now, onMoved, close }: OneToOneMoveProps & { close: () => void }) {
  const move = useOneToOneMove({
    booking,
    now,
    onMoved: (moved) => {
      toastSuccess(MESSAGES.rescheduleSuccess);
      onMoved(moved.id);
      close();
    },
  });
  const start = new Date(booking.startsAt);
  return (
    <>
      <Dialog.Title>Reschedule 1-to-1 lesson</Dialog.Title>
      <Dialog.Description size="2">
        {booking.pupil.name}’s lesson with {move.tutorName} is on {formatLondonDate(start)},{' '}
        {londonTimeRange(booking.startsAt, booking.endsAt)} (UK time). Choose another of{' '}
        {move.tutorName}’s free times of the same length ({lengthWords(move.lengthMinutes)}).
      </Dialog.Description>
      <MovePicker move={move} />
      <div className="one-to-one-move__outcome" aria-live="polite">
        {move.failure ? (
          <p className="notice notice--error" role="alert">
            {move.failure}
          </p>
        ) : (
          move.chosen && (
            <p className="one-to-one-move__chosen">
              New time: <strong>{whenWords(move.chosen.startsAt)}</strong> (UK time)
            </p>
          )
        )}
      </div>
      <Flex gap="3" mt="4" justify="end" wrap="wrap">
        <Dialog.Close>
          <Button variant="soft" color="gray">
            Keep current time
          </Button>
        </Dialog.Close>
        <Button onClick={move.confirm} disabled={!move.chosen || move.moving} loading={move.moving}>
          Move lesson
        </Button>
      </Flex>
    </>
  );
}

/** The Reschedule button of a 1-to-1 lesson and its dialog. */
export function OneToOneMoveDialog(props: OneToOneMoveProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // A refusal may mean the booking changed (moved elsewhere, now too late): read the list again.
    if (!next) void queryClient.invalidateQueries({ queryKey: ['bookings'] });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft">Reschedule</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="560px" className="one-to-one-move">
        {open && <MoveContent {...props} close={() => onOpenChange(false)} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}
