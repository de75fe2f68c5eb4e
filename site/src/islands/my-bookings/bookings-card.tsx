// One booking in the customer's lists: status badge, London date and time, course and class (a
// 1-to-1 lesson: "1-to-1 with" its tutor, docs/decisions/108), who teaches it, once sent the
// lesson report for this child (docs/decisions/079), and the lesson's recording while this
// child's family may watch it (docs/decisions/099).
// Actions (Reschedule, Cancel) are passed in by the upcoming list; the previous list has none.
import { Badge } from '@radix-ui/themes';
import { type BookingBadge, bookingBadge, formatLondonDate, MESSAGES } from '@tuition/domain';
import type { ReactNode } from 'react';
import { api, type Booking } from '../../lib/api-client.ts';
import { WatchRecording } from '../shared/lesson-room/watch-recording.tsx';
import { londonTimeRange, serviceLabel } from '../shared/session-labels.ts';
import { LessonReportCard } from './lesson-report.tsx';

const BADGES: Record<BookingBadge, { text: string; color: 'green' | 'gray' | 'red' | 'blue' }> = {
  upcoming: { text: 'Upcoming', color: 'green' },
  completed: { text: 'Completed', color: 'gray' },
  cancelled: { text: 'Cancelled', color: 'red' },
  rescheduled: { text: 'Rescheduled', color: 'blue' },
};

export interface BookingsCardProps {
  booking: Booking;
  now: Date;
  children?: ReactNode;
  /** The date's heading level: h3 when the list sits under a section heading. */
  headingLevel?: 'h2' | 'h3';
}

export function BookingsCard({
  booking,
  now,
  children,
  headingLevel: Heading = 'h2',
}: BookingsCardProps) {
  const start = new Date(booking.startsAt);
  const valid = !Number.isNaN(start.getTime());
  const badge = BADGES[bookingBadge({ status: booking.status, startsAt: start }, now)];
  return (
    <li className="bookings-card card">
      <div className="bookings-card__head">
        <Heading className="bookings-card__date">
          {valid ? formatLondonDate(start) : MESSAGES.invalidDate.title}
        </Heading>
        <Badge color={badge.color} variant="soft" size="2" highContrast>
          {badge.text}
        </Badge>
      </div>
      <p className="bookings-card__time">
        {valid ? londonTimeRange(booking.startsAt, booking.endsAt) : ''}{' '}
        <span className="bookings-card__zone">(UK time)</span>
      </p>
      <p className="bookings-card__service">
        {booking.kind === 'one-to-one'
          ? // A tutor's own hour, not a class (docs/decisions/108): named by the tutor.
            `${booking.tutorName ? `1-to-1 with ${booking.tutorName}` : '1-to-1 lesson'} · ${serviceLabel(booking.service)}`
          : `Mathematics · ${serviceLabel(booking.service)}${
              booking.label && booking.label !== serviceLabel(booking.service)
                ? ` · ${booking.label}`
                : ''
            }`}
      </p>
      {/* Who attends (decision 048): a family's bookings are for different children. */}
      <p className="bookings-card__pupil">
        For <strong>{booking.pupil.name}</strong>
      </p>
      {booking.tutorName && booking.kind !== 'one-to-one' && (
        <p className="bookings-card__tutor">Tutor: {booking.tutorName}</p>
      )}
      {booking.report && (
        <LessonReportCard
          report={booking.report}
          pupilName={booking.pupil.name}
          headingLevel={Heading === 'h2' ? 'h3' : 'h4'}
        />
      )}
      {booking.recording && (
        <WatchRecording
          fetchLink={() => api.bookingRecording(booking.id)}
          viewCount={booking.recording.viewCount}
          about={`${booking.pupil.name}’s lesson${valid ? ` on ${formatLondonDate(start)}` : ''}`}
        />
      )}
      {children && <div className="bookings-card__actions">{children}</div>}
    </li>
  );
}

/** Grey placeholders while the list loads. */
export function BookingsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className="bookings-list" aria-busy="true" aria-label="Loading your bookings">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="bookings-card card bookings-card--skeleton" aria-hidden="true">
          <span className="bookings-skeleton bookings-skeleton--title" />
          <span className="bookings-skeleton" />
          <span className="bookings-skeleton bookings-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}
