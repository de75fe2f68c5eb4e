import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Transaction } from '../db/client.ts';
import type { SmsKind } from '../db/schema.ts';
import { queueFamilyText, textTime } from './texting.ts';

/*
 * The events that text a family (docs/decisions/103), each called in the transaction that
 * queues its e-mail, so the text is written exactly when the e-mail is. The e-mail always goes
 * too: texts are in addition to it.
 */

export interface FamilyTextDeps {
  clock: Clock;
  content: Pick<ContentLoader, 'siteSettings'>;
}

/** "Maya and Sam": the children a text is about, in the order given. */
export function childNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

interface EventText {
  userId: string;
  /** Unique per event and family. */
  key: string;
  pupilNames: readonly string[];
  sessionLabel: string;
  /** What {time} says: a start, or "cancelled, was …". */
  time: string;
  link: string;
  uselessAfter: Date | null;
}

function textOf(deps: FamilyTextDeps, tx: Transaction, kind: SmsKind, event: EventText) {
  return queueFamilyText(deps, tx, {
    userId: event.userId,
    kind,
    key: event.key,
    values: {
      child: childNames(event.pupilNames),
      session: event.sessionLabel,
      time: event.time,
      link: event.link,
    },
    uselessAfter: event.uselessAfter,
  });
}

/** A reminder before a lesson: useless once it started. */
export function textReminder(
  deps: FamilyTextDeps,
  tx: Transaction,
  input: Omit<EventText, 'time' | 'uselessAfter' | 'key'> & {
    bookingId: string;
    minutesBefore: number;
    startsAt: Date;
  },
) {
  return textOf(deps, tx, 'reminders', {
    ...input,
    key: `reminder:${input.bookingId}:${input.minutesBefore}`,
    time: textTime(input.startsAt),
    uselessAfter: input.startsAt,
  });
}

/** A waiting-list seat offered: useless once the offer lapsed. */
export function textOffer(
  deps: FamilyTextDeps,
  tx: Transaction,
  input: Omit<EventText, 'time' | 'uselessAfter' | 'key'> & {
    offerId: string;
    startsAt: Date;
    expiresAt: Date;
  },
) {
  return textOf(deps, tx, 'waitingListOffers', {
    ...input,
    key: `offer:${input.offerId}`,
    time: textTime(input.startsAt),
    uselessAfter: input.expiresAt,
  });
}

/**
 * A session the business cancelled, moved or merged: useless once the session it was about
 * started. `what` is `cancelled` or the new time.
 */
export function textChange(
  deps: FamilyTextDeps,
  tx: Transaction,
  input: Omit<EventText, 'time' | 'uselessAfter' | 'key'> & {
    changeKey: string;
    startsAt: Date;
    movedTo?: Date;
  },
) {
  return textOf(deps, tx, 'changes', {
    ...input,
    key: `change:${input.changeKey}`,
    time: input.movedTo
      ? `now ${textTime(input.movedTo)}, was ${textTime(input.startsAt)}`
      : `cancelled, was ${textTime(input.startsAt)}`,
    uselessAfter: input.startsAt,
  });
}

/** A tutor's lesson report sent: worth reading whenever it arrives. */
export function textReport(
  deps: FamilyTextDeps,
  tx: Transaction,
  input: Omit<EventText, 'time' | 'uselessAfter' | 'key'> & { reportKey: string; startsAt: Date },
) {
  return textOf(deps, tx, 'lessonReports', {
    ...input,
    key: `report:${input.reportKey}`,
    time: textTime(input.startsAt),
    uselessAfter: null,
  });
}
