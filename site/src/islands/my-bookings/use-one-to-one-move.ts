// Moving a 1-to-1 lesson to another free hour of the same tutor, of the same length
// (docs/decisions/106, 111): two-week pages of that tutor's free times inside the booking window,
// the time picked, and the service's reschedule. A refusal is kept as words for the picker to
// show; a time taken meanwhile (409 `unavailable`) also refreshes the free times.
import { MESSAGES } from '@tuition/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, type Booking } from '../../lib/api-client.ts';
import { rescheduleFailureMessage } from '../shared/booking-picker/booking-rules.ts';
import { freeTimes, type OneToOneSlot } from '../shared/free-times/free-times-api.ts';
import { slotKey, slotPages, unavailableWords } from '../shared/free-times/free-time-words.ts';

const MOVE_SLOTS_KEY = 'one-to-one-move-slots';

const minutesBetween = (startsAt: string, endsAt: string) =>
  Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000);

/** A refused move in words: the hour taken meanwhile, the field at fault, or the spec's message. */
export function moveFailureWords(error: unknown, tutorName: string, startsAt: string): string {
  if (error instanceof ApiError && error.code === 'unavailable') {
    return unavailableWords(tutorName, error.slots?.length ? error.slots : [startsAt]);
  }
  if (error instanceof ApiError && error.status === 400) {
    return error.errors?.[0]?.message ?? MESSAGES.rescheduleFailed.title;
  }
  const message = rescheduleFailureMessage(error);
  return [message.title, message.description].filter(Boolean).join(': ');
}

export function useOneToOneMove(options: {
  booking: Booking;
  now: Date;
  onMoved: (moved: Booking) => void;
}) {
  const { booking, now } = options;
  const queryClient = useQueryClient();
  const pages = slotPages(now);
  const [pageIndex, setPageIndex] = useState(0);
  const [chosen, setChosen] = useState<OneToOneSlot>();
  const [failure, setFailure] = useState<string>();
  const page = pages[Math.min(pageIndex, pages.length - 1)];
  const tutorId = booking.tutorId;
  const tutorName = booking.tutorName ?? 'your tutor';
  const lengthMinutes = minutesBetween(booking.startsAt, booking.endsAt);
  const slots = useQuery({
    queryKey: [MOVE_SLOTS_KEY, booking.service, tutorId, lengthMinutes, page?.from, page?.to],
    queryFn: () =>
      freeTimes({
        service: booking.service,
        tutorId,
        lengthMinutes: String(lengthMinutes),
        ...(page ? { from: page.from, to: page.to } : {}),
      }),
    enabled: tutorId !== undefined,
    placeholderData: keepPreviousData,
  });
  // Only this tutor's hours of this lesson's length, whatever else the answer holds.
  const shownSlots = (slots.data?.slots ?? []).filter(
    (slot) =>
      slot.tutorId === tutorId && minutesBetween(slot.startsAt, slot.endsAt) === lengthMinutes,
  );
  const move = useMutation({
    mutationFn: (slot: OneToOneSlot) => api.rescheduleBooking(booking.id, slot.startsAt),
    onSuccess: (moved) => {
      void queryClient.invalidateQueries({ queryKey: [MOVE_SLOTS_KEY] });
      options.onMoved(moved);
    },
    onError: (error, slot) => {
      console.error('1-to-1 move failed', error);
      setFailure(moveFailureWords(error, tutorName, slot.startsAt));
      if (error instanceof ApiError && error.code === 'unavailable') {
        setChosen(undefined);
        void queryClient.invalidateQueries({ queryKey: [MOVE_SLOTS_KEY] });
      }
    },
  });
  return {
    tutorId,
    tutorName,
    lengthMinutes,
    pages,
    pageIndex,
    slots,
    shownSlots,
    chosen,
    failure,
    moving: move.isPending,
    isChosen: (slot: OneToOneSlot) => chosen !== undefined && slotKey(chosen) === slotKey(slot),
    choose: (slot: OneToOneSlot) => {
      setChosen(slot);
      setFailure(undefined);
    },
    turnPage: (index: number) => setPageIndex(Math.max(0, Math.min(index, pages.length - 1))),
    confirm: () => {
      if (chosen) move.mutate(chosen);
    },
  };
}

export type OneToOneMove = ReturnType<typeof useOneToOneMove>;
