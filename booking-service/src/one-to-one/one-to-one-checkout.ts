import { isId, type OneToOneCheckout } from '@tuition/api-contract';
import {
  addDays,
  bookingWindow,
  formatLondonDate,
  formatTime12h,
  isOneToOneLength,
  londonWallClockToUtc,
  oneToOneLessonPence,
  SERVICES,
  type ServiceCode,
  toLondonWallClock,
} from '@tuition/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../db/client.ts';
import { tutorOneToOneSettings, tutors } from '../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/problem.ts';
import { choosePromoForExpectedPrice, pricingRules, quoteSeats } from '../pricing/basket-price.ts';
import { holdTutorLessons, type WantedLesson } from '../sessions/seat-ledger/seat-ledger.ts';
import { seatPupils } from '../sessions/seat-pupils.ts';
import { type BasketHold, holdBasket, priceChanged } from '../checkout/basket-hold.ts';
import type { CheckoutDeps } from '../checkout/payment-page.ts';

/*
 * Booking a tutor's free hour (docs/decisions/106). The request names the course, the tutor,
 * the first start, the length and the child; the server decides everything else: the lengths
 * and courses sold (CMS), the weeks of a series (to the end of the term or of the booking
 * window, whichever is first), whether the tutor is free each week (checked again under the
 * tutor's lock inside the hold), and the price (the CMS hourly price for the length, a code if
 * one applies; session credit is a group seat and never pays for it).
 */

export interface OneToOneRequest {
  user: { id: string; email: string; name: string };
  service: ServiceCode;
  tutorId: string;
  startsAt: string;
  lengthMinutes: number;
  pupilId: string;
  weeks?: number | undefined;
  skipUnavailable?: boolean | undefined;
  adultNearby?: boolean | undefined;
  promoCode?: string | undefined;
  expectedPence?: number | undefined;
}

/** Whether the tutor is free for a lesson, read inside the hold's transaction. */
export type TutorFreeCheck = (
  tx: DbExecutor,
  input: { tutorId: string; lesson: WantedLesson; now: Date; except?: string },
) => Promise<boolean>;

const invalid = (field: string, message: string) => new ValidationError([{ field, message }]);

/** The series' lessons: the same London wall-clock hour each week, across clock changes. */
export function weeklyLessons(first: Date, lengthMinutes: number, weeks: number): WantedLesson[] {
  const { date, time } = toLondonWallClock(first);
  return Array.from({ length: weeks }, (_, week) => {
    const startsAt = week === 0 ? first : londonWallClockToUtc(addDays(date, 7 * week), time);
    return { startsAt, endsAt: new Date(startsAt.getTime() + lengthMinutes * 60_000) };
  });
}

/** The last London date a series starting on `firstDate` may reach: its term's or the window's end. */
async function seriesLastDay(deps: CheckoutDeps, firstDate: string, now: Date): Promise<string> {
  const terms = await deps.content.terms();
  const term = terms.find((t) => t.firstDay <= firstDate && firstDate <= t.lastDay);
  const windowEnd = bookingWindow(now).to;
  return term && term.lastDay < windowEnd ? term.lastDay : windowEnd;
}

/** 404 unless the tutor is active and teaches this course 1-to-1 (the admin's setting, 104). */
async function tutorTeaching(db: DbExecutor, tutorId: string, service: ServiceCode) {
  if (!isId(tutorId)) throw new NotFoundError('No such tutor.');
  const [row] = await db
    .select({ services: tutorOneToOneSettings.services })
    .from(tutors)
    .innerJoin(tutorOneToOneSettings, eq(tutorOneToOneSettings.tutorId, tutors.id))
    .where(and(eq(tutors.id, tutorId), isNull(tutors.deactivatedAt)));
  if (!row?.services.includes(service)) {
    throw new NotFoundError(`No tutor with that id teaches ${SERVICES[service].label} 1-to-1.`);
  }
}

/** What the request may book: the CMS's lengths and courses, a real start, weeks that fit. */
async function checkedSeries(deps: CheckoutDeps, request: OneToOneRequest, now: Date) {
  const pricing = await deps.content.pricing();
  if (!pricing.oneToOneServices.includes(request.service)) {
    throw invalid(
      'service',
      `1-to-1 lessons are not offered for ${SERVICES[request.service].label}.`,
    );
  }
  if (
    !isOneToOneLength(request.lengthMinutes) ||
    !pricing.oneToOneLengthsMinutes.includes(request.lengthMinutes)
  ) {
    const offered = pricing.oneToOneLengthsMinutes.join(', ');
    throw invalid('lengthMinutes', `Choose a lesson length of ${offered} minutes.`);
  }
  const first = new Date(request.startsAt);
  if (Number.isNaN(first.getTime())) {
    throw invalid('startsAt', 'startsAt must be an ISO instant from the free slots.');
  }
  const weeks = request.weeks ?? 1;
  const lessons = weeklyLessons(first, request.lengthMinutes, weeks);
  const lastDay = await seriesLastDay(deps, toLondonWallClock(first).date, now);
  const last = lessons.at(-1);
  if (last && toLondonWallClock(last.startsAt).date > lastDay) {
    throw invalid(
      'weeks',
      `A weekly series can run to ${formatLondonDate(londonWallClockToUtc(lastDay, '12:00'))} at the latest: choose fewer weeks.`,
    );
  }
  return { pricing, lessons };
}

/**
 * A 1-to-1 lesson is recorded unless an adult will be nearby, and always when the CMS says so
 * (docs/decisions/115); a recording needs the family's consent for the child. A lesson that
 * would be recorded without it is refused here, naming what the family can change, rather than
 * taught with neither a recording nor an adult.
 */
function refuseUnrecordable(
  pricing: { oneToOneRecordingCompulsory: boolean },
  pupil: { name: string; recordingConsentAt: Date | null },
  adultNearby: boolean,
) {
  if (pupil.recordingConsentAt !== null) return;
  const firstName = pupil.name.trim().split(/\s+/)[0] ?? pupil.name;
  if (pricing.oneToOneRecordingCompulsory) {
    throw invalid(
      'pupilId',
      `1-to-1 lessons are always recorded, which needs your consent: turn on recording consent for ${firstName} in your account first.`,
    );
  }
  if (!adultNearby) {
    throw invalid(
      'adultNearby',
      `1-to-1 lessons are recorded unless an adult will be nearby: tick that box, or turn on recording consent for ${firstName} in your account.`,
    );
  }
}

/** 409 unavailable naming the lessons the tutor is not free for. */
function unavailable(lessons: readonly WantedLesson[]): ConflictError {
  const when = lessons.map((l) => `${formatLondonDate(l.startsAt)}, ${formatTime12h(l.startsAt)}`);
  return new ConflictError(
    'unavailable',
    lessons.map((l) => l.startsAt.toISOString()),
    `The tutor is no longer free on ${when.join('; ')}. Please choose another time.`,
  );
}

/**
 * Holds a tutor's hour (or a weekly series of it) for one child and opens the payment page;
 * the tutor's lock, the check and the seats are one transaction (holdTutorLessons).
 */
export async function startOneToOneCheckout(
  deps: CheckoutDeps,
  isFree: TutorFreeCheck,
  request: OneToOneRequest,
): Promise<OneToOneCheckout> {
  const now = deps.clock.now();
  const { pricing, lessons } = await checkedSeries(deps, request, now);
  await tutorTeaching(deps.db, request.tutorId, request.service);
  const [pupil] = await seatPupils(deps.db, request.user, [request.pupilId]);
  if (!pupil) throw new NotFoundError('No such pupil.');
  refuseUnrecordable(pricing, pupil, request.adultNearby === true);
  const { promo, droppedCode } = await choosePromoForExpectedPrice(
    deps.db,
    { code: request.promoCode, userId: request.user.id, pupilIds: [pupil.id], now },
    request.expectedPence,
  );
  const lessonPricePence = oneToOneLessonPence(pricing.oneToOneHourlyPence, request.lengthMinutes);
  const rules = await pricingRules(deps);
  let skipped: WantedLesson[] = [];
  let held: WantedLesson[] = [];
  const started = await holdBasket(deps, {
    user: request.user,
    seats: [],
    rows: [],
    useCredit: false,
    promo,
    now,
    refuse: () => unavailable(lessons),
    droppedCode,
    inTransaction: async (tx: Transaction, open) => {
      const hold = await holdTutorLessons(tx, {
        tutorId: request.tutorId,
        service: request.service,
        subject: `1-to-1 ${SERVICES[request.service].subject}`,
        pupilId: pupil.id,
        lessons,
        lessonPricePence,
        adultNearby: request.adultNearby === true,
        skipUnavailable: request.skipUnavailable === true,
        isFree: (inner, lesson) => isFree(inner, { tutorId: request.tutorId, lesson, now }),
        unavailable,
        open: async (inner, rows, inHold) => {
          const seats = rows.map((row) => ({
            sessionId: row.id,
            pupilId: pupil.id,
            service: request.service,
            startsAt: row.startsAt,
            lessonPricePence,
          }));
          // The price of what can be held now, against the total the page showed (102).
          const totalPence = quoteSeats(seats, rules, promo).totalPence;
          if (request.expectedPence !== undefined && totalPence !== request.expectedPence) {
            throw priceChanged(request.expectedPence, totalPence, droppedCode);
          }
          return open(inner, seats, inHold);
        },
      });
      skipped = hold.skipped;
      held = hold.rows.map((row) => ({ startsAt: row.startsAt, endsAt: row.endsAt }));
      return hold.opened;
    },
  } satisfies BasketHold);
  return {
    ...started,
    lessons: held.map((l) => l.startsAt.toISOString()),
    skipped: skipped.map((l) => l.startsAt.toISOString()),
  };
}
