import {
  DECISION_HOURS_FEWEST,
  DECISION_HOURS_MOST,
  DEFAULT_DECISION_HOURS_BEFORE,
  MIN_PUPILS_HIGHEST,
  MIN_PUPILS_LOWEST,
} from '@tuition/domain';
import { z } from 'zod';
import { count, isoInstant, named } from './named.ts';
import { PupilRefSchema } from './pupils.ts';
export { type RunsIf, RunsIfSchema } from './availability.ts';
import { SessionCancelledSchema } from './wallet.ts';

/*
 * A class that does not fill is decided at a published hour (docs/decisions/100): the admin's
 * minimum per weekly class, the condition families are shown, the decision (by the clock or an
 * admin), and the merge of a thin session into its sister.
 */

export const SESSION_DECISIONS = ['runs', 'cancelled'] as const;
export type SessionDecisionOutcome = (typeof SESSION_DECISIONS)[number];

const MIN_PUPILS_ERROR = `The minimum must be a whole number of pupils from ${MIN_PUPILS_LOWEST} to ${MIN_PUPILS_HIGHEST}, or none.`;
const DECISION_HOURS_ERROR = `Decide between ${DECISION_HOURS_FEWEST} and ${DECISION_HOURS_MOST} hours (a week) before the start, in whole hours.`;

/** PUT /api/admin/classes/{id}/minimum */
export const ClassMinimumRequestSchema = named(
  'ClassMinimumRequest',
  z.object({
    minPupils: z
      .number({ error: MIN_PUPILS_ERROR })
      .int({ error: MIN_PUPILS_ERROR })
      .min(MIN_PUPILS_LOWEST, { error: MIN_PUPILS_ERROR })
      .max(MIN_PUPILS_HIGHEST, { error: MIN_PUPILS_ERROR })
      .nullable(),
    decisionHoursBefore: z
      .number({ error: DECISION_HOURS_ERROR })
      .int({ error: DECISION_HOURS_ERROR })
      .min(DECISION_HOURS_FEWEST, { error: DECISION_HOURS_ERROR })
      .max(DECISION_HOURS_MOST, { error: DECISION_HOURS_ERROR })
      .default(DEFAULT_DECISION_HOURS_BEFORE),
  }),
);
export type ClassMinimumRequest = z.input<typeof ClassMinimumRequestSchema>;

export const ClassMinimumSchema = named(
  'ClassMinimum',
  z.object({
    classId: z.string(),
    minPupils: count.nullable().meta({ description: 'null: the class runs however few book' }),
    decisionHoursBefore: count,
    setAt: isoInstant.nullable().meta({
      description: 'When the minimum was set: it governs sessions decided after this instant',
    }),
  }),
);
export type ClassMinimum = z.infer<typeof ClassMinimumSchema>;

/** POST /api/admin/sessions/{id}/decision: an admin decides before the clock does. */
export const SessionDecisionRequestSchema = named(
  'SessionDecisionRequest',
  z.object({
    outcome: z.enum(SESSION_DECISIONS, { error: 'outcome must be runs or cancelled.' }),
  }),
);
export type SessionDecisionRequest = z.infer<typeof SessionDecisionRequestSchema>;

export const SessionDecisionSchema = named(
  'SessionDecision',
  z.object({
    sessionId: z.string(),
    outcome: z.enum(SESSION_DECISIONS),
    decidedAt: isoInstant,
    cancelled: SessionCancelledSchema.nullable().meta({
      description: 'When cancelled: what each seat got back',
    }),
  }),
);
export type SessionDecision = z.infer<typeof SessionDecisionSchema>;

/** POST /api/admin/sessions/{id}/merge */
export const SessionMergeRequestSchema = named(
  'SessionMergeRequest',
  z.object({ targetSessionId: z.string({ error: 'targetSessionId is required.' }).min(1) }),
);
export type SessionMergeRequest = z.infer<typeof SessionMergeRequestSchema>;

export const SessionMergedSchema = named(
  'SessionMerged',
  z.object({
    sessionId: z.string(),
    targetSessionId: z.string(),
    moved: z.array(
      z.object({ fromBookingId: z.string(), bookingId: z.string(), pupil: PupilRefSchema }),
    ),
  }),
);
export type SessionMerged = z.infer<typeof SessionMergedSchema>;

/** A session that could take an at-risk session's families. */
export const SisterSessionSchema = named(
  'SisterSession',
  z.object({
    sessionId: z.string(),
    startsAt: isoInstant,
    seatsLeft: count,
  }),
);
export type SisterSession = z.infer<typeof SisterSessionSchema>;

/** A session's minimum as the admin lists show it. */
export const SessionMinimumSchema = named(
  'SessionMinimum',
  z.object({
    minPupils: count,
    decidedAt: isoInstant,
    decision: z.enum(SESSION_DECISIONS).nullable().meta({ description: 'null until decided' }),
    sisters: z.array(SisterSessionSchema).meta({
      description: 'Sessions that could take all its pupils now (at-risk list only, else [])',
    }),
  }),
);
export type SessionMinimum = z.infer<typeof SessionMinimumSchema>;
