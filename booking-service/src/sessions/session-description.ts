import type { SessionSummary } from '@tuition/api-contract';
import {
  findSession,
  formatTimeRange,
  SERVICES,
  type ServiceCode,
  toLondonWallClock,
  type WeeklySlot,
} from '@tuition/domain';

/** How every response and e-mail names one session: the API contract's shape. */
export type { SessionSummary };

/**
 * The label comes from the timetable slot the session was booked from; if the timetable has
 * changed since, the service's own name stands in, so an old booking still reads sensibly.
 */
export function describeSession(
  timetable: readonly WeeklySlot[],
  session: { service: ServiceCode; startsAt: Date; endsAt: Date },
): SessionSummary {
  const service = session.service;
  const london = toLondonWallClock(session.startsAt);
  return {
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    date: london.date,
    time: formatTimeRange(session.startsAt, session.endsAt),
    label: findSession(timetable, service, session.startsAt)?.label ?? SERVICES[service].label,
    service,
  };
}
