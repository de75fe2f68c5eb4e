import type { SessionSummary } from '@tuition/api-contract';
import {
  bandLabel,
  findSession,
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
  const minutes = Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000);
  return {
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    date: london.date,
    time: bandLabel(london.time, minutes > 0 && minutes < 1440 ? minutes : 60),
    label: findSession(timetable, service, session.startsAt)?.label ?? SERVICES[service].label,
    service,
  };
}
