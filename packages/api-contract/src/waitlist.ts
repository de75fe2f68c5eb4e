import { SERVICE_CODES } from '@tuition/domain';
import { z } from 'zod';
import { BasketSchema } from './availability.ts';
import { count, isoInstant, named } from './named.ts';
import { PupilRefSchema, pupilIdsField } from './pupils.ts';
import { expectedPenceField, promoCodeField } from './promotions.ts';
import { SessionSummarySchema } from './sessions.ts';

/*
 * The waiting list of a full session (docs/decisions/060): one place per pupil, first
 * come first served; a freed seat is offered to the first place and held for it until the
 * offer's `expiresAt`.
 */

/**
 * A place's life: `waiting` in the queue; `offered` while its offer is live; then one of
 * `booked` (checked out through the offer), `left` (left the list while waiting), `declined`
 * (left while offered), `lapsed` (the offer ran out) or `closed` (the session started).
 */
export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'booked',
  'left',
  'declined',
  'lapsed',
  'closed',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WaitlistJoinSchema = named(
  'WaitlistJoin',
  z.object({
    service: z.enum(SERVICE_CODES, { error: 'Please choose a service.' }),
    startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO instant.' }),
    pupilIds: pupilIdsField,
  }),
);
export type WaitlistJoinRequest = z.infer<typeof WaitlistJoinSchema>;

export const WaitlistJoinedSchema = named(
  'WaitlistJoined',
  z.object({
    id: z.string().meta({ description: "The first named pupil's place" }),
    position: count.meta({ description: '1 = next to be offered a seat' }),
    places: z
      .array(z.object({ id: z.string(), pupil: PupilRefSchema, position: count }))
      .meta({ description: 'One place per pupil named, in the order named' }),
  }),
);
export type WaitlistJoined = z.infer<typeof WaitlistJoinedSchema>;

export const WaitlistOfferSchema = named(
  'WaitlistOffer',
  z.object({
    id: z.string(),
    expiresAt: isoInstant.meta({ description: 'The seat is held for you until then' }),
    url: z.string().meta({ description: 'The booking page with the offered seat in the basket' }),
  }),
);
export type WaitlistOffer = z.infer<typeof WaitlistOfferSchema>;

export const WaitlistEntrySchema = named(
  'WaitlistEntry',
  SessionSummarySchema.extend({
    id: z.string(),
    pupil: PupilRefSchema,
    joinedAt: isoInstant,
    position: count.nullable().meta({
      description: 'Place in the queue (1 = next); null while an offer is live',
    }),
    offer: WaitlistOfferSchema.nullable(),
  }),
);
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const WaitlistEntryListSchema = z.array(WaitlistEntrySchema);

export const WaitlistIdParamsSchema = z.object({ id: z.string() });

/** POST /api/checkout: a basket, and the offer it takes up when it comes from one. */
export const CheckoutRequestSchema = named(
  'CheckoutRequest',
  BasketSchema.extend({
    offerId: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "A live waiting-list offer of yours for one of the basket's sessions" }),
    useCredit: z
      .boolean()
      .optional()
      .meta({
        description:
          'Pay for seats with the account’s credit first (default: true when it has credit); ' +
          'seats it does not cover are priced as usual and paid by card',
      }),
    promoCode: promoCodeField.optional(),
    expectedPence: expectedPenceField.optional(),
  }),
);
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** One place on a session's list as the admin session detail shows it. */
export const AdminWaitlistEntrySchema = named(
  'AdminWaitlistEntry',
  z.object({
    id: z.string(),
    pupil: PupilRefSchema,
    userId: z.string(),
    name: z.string().meta({ description: "The account holder's name" }),
    email: z.string(),
    joinedAt: isoInstant,
    position: count.nullable().meta({ description: 'null while holding an offer' }),
    offerExpiresAt: isoInstant.nullable().meta({ description: 'Set while holding a live offer' }),
  }),
);
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntrySchema>;

export const AdminWaitlistSchema = z.array(AdminWaitlistEntrySchema);
