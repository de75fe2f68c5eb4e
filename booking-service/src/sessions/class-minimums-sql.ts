import { type AnyColumn, and, isNotNull, sql } from 'drizzle-orm';
import { weeklyClasses } from '../db/schema.ts';

/*
 * How a class's minimum is read (docs/decisions/100): a weekly class with a minimum set. Apart
 * from class-minimums.ts so the session rows' statement can carry the minimums of its service
 * (docs/decisions/118) without the two modules importing each other.
 */

/** A weekly class that has a minimum. */
export const HAS_MINIMUM = and(
  isNotNull(weeklyClasses.minPupils),
  isNotNull(weeklyClasses.minimumSetAt),
);

/** One class's minimum as the session rows' statement answers it (JSON). */
export interface ClassMinimumJson {
  id: string;
  service: string;
  day: string;
  startTime: string;
  minPupils: number;
  decisionHoursBefore: number;
  /** minimum_set_at in ms since the epoch, truncated as the driver truncates an instant. */
  setAtMs: number;
}

/**
 * The minimums of the classes of a session row's service, as a JSON array (null for none),
 * so availability reads its sessions and their classes' minimums in one round trip
 * (docs/decisions/118). weekly_classes holds a row per weekly slot: a few dozen at most.
 */
export function classMinimumsJsonSql(service: AnyColumn) {
  return sql<ClassMinimumJson[] | null>`(select json_agg(json_build_object(
    'id', ${weeklyClasses.id},
    'service', ${weeklyClasses.service},
    'day', ${weeklyClasses.day},
    'startTime', ${weeklyClasses.startTime},
    'minPupils', ${weeklyClasses.minPupils},
    'decisionHoursBefore', ${weeklyClasses.decisionHoursBefore},
    'setAtMs', floor(extract(epoch from ${weeklyClasses.minimumSetAt}) * 1000)))
    from ${weeklyClasses} where ${weeklyClasses.service} = ${service} and ${HAS_MINIMUM})`;
}
