import { basketSchema, isCalendarDate, SERVICE_CODES } from '@tuition/domain';
import { z } from 'zod';
import { bandLabel, count, isoInstant, londonDate, named, pence } from './named.ts';
import { closedDaysField } from './closures.ts';
import { PriceQuoteSchema, promoCodeField } from './promotions.ts';
import { pupilIdsField } from './pupils.ts';

const londonDateParam = (name: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD.` })
    .optional()
    .meta({ description: 'London date YYYY-MM-DD' });

/** Admins only: answer as this customer would see it (their bookings and unpaid checkouts). */
const forUserParam = z
  .string()
  .min(1, { error: 'forUser must be a user id.' })
  .max(100, { error: 'forUser must be a user id.' })
  .optional()
  .meta({
    description:
      'Admins only: the user id of the customer to answer for (reschedule on their behalf). ' +
      'Anyone else passing it gets 403.',
  });

export const AvailabilityQuerySchema = z.object({
  service: z.enum(SERVICE_CODES, {
    error: `Unknown service: use one of ${SERVICE_CODES.join(', ')}.`,
  }),
  from: londonDateParam('from'),
  to: londonDateParam('to'),
  forUser: forUserParam,
});
export type AvailabilityQuery = z.input<typeof AvailabilityQuerySchema>;

export const BookabilityQuerySchema = z.object({ forUser: forUserParam });
export type BookabilityQuery = z.input<typeof BookabilityQuerySchema>;

export const SLOT_STATES = ['available', 'full', 'booked', 'pending'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

/** The condition a session with a minimum runs on, shown until it is decided. */
export const RunsIfSchema = named(
  'RunsIf',
  z.object({
    minPupils: count,
    decidedAt: isoInstant.meta({ description: 'When the session is decided' }),
  }),
);
export type RunsIf = z.infer<typeof RunsIfSchema>;

export const AvailabilitySlotSchema = named(
  'AvailabilitySlot',
  z.object({
    sessionId: z.string(),
    startsAt: isoInstant,
    endsAt: isoInstant,
    date: londonDate,
    time: bandLabel,
    label: z.string(),
    service: z.enum(SERVICE_CODES),
    pricePence: pence,
    capacity: count,
    seatsLeft: count,
    state: z.enum(SLOT_STATES).meta({
      description:
        '`booked`: every current pupil of the user holds a confirmed seat (for a one-pupil ' +
        "account: it is booked); `pending`: in the user's own unpaid checkout (picking it again " +
        'for the same pupil replaces that checkout); `full`: no seat left.',
    }),
    heldBy: z.array(z.string()).meta({
      description:
        "Ids of the signed-in viewer's pupils with a confirmed seat in it (any that are " +
        'booked, whatever `state` says); always [] when signed out.',
    }),
    waiting: count.optional().meta({
      description: 'Places on its waiting list (waiting or holding an offer)',
    }),
    waitingFor: z.array(z.string()).optional().meta({
      description: "Ids of the viewer's pupils waiting for it or holding an offer of it",
    }),
    runsIf: RunsIfSchema.optional().meta({
      description:
        'Present while the session waits for its minimum (docs/decisions/100): it runs if at ' +
        'least minPupils are booked by decidedAt',
    }),
    confirmedToRun: z.literal(true).optional().meta({
      description: 'Present once a session with a minimum was decided to run',
    }),
  }),
);
export type AvailabilitySlot = z.infer<typeof AvailabilitySlotSchema>;

export const AvailabilitySchema = named(
  'Availability',
  z.object({ slots: z.array(AvailabilitySlotSchema), closed: closedDaysField }),
);
export type Availability = z.infer<typeof AvailabilitySchema>;

/**
 * A basket: one service, the session starts chosen (the domain's rules) and the pupils they
 * are for; each start × pupil is one seat.
 */
export const BasketSchema = named(
  'Basket',
  basketSchema.extend({ pupilIds: pupilIdsField, promoCode: promoCodeField.optional() }),
);
export type BasketRequest = z.input<typeof BasketSchema>;

export const BOOKABILITY_STATUSES = ['ok', 'duplicate', 'pending', 'full', 'invalid'] as const;
export type BookabilityStatus = (typeof BOOKABILITY_STATUSES)[number];

export const BookabilityResultSchema = named(
  'BookabilityResult',
  z.object({
    startsAt: z.string(),
    status: z.enum(BOOKABILITY_STATUSES).meta({
      description:
        '`duplicate`: a named pupil already has a confirmed seat in it; `pending`: a named ' +
        "pupil's seat in it is in the user's own unpaid checkout, which a new checkout of it " +
        'replaces; `full`: fewer seats left than pupils named; `invalid`: not a bookable start.',
    }),
    pupilIds: z.array(z.string()).optional().meta({
      description: 'duplicate and pending only: the named pupils concerned',
    }),
  }),
);
export type BookabilityResult = z.infer<typeof BookabilityResultSchema>;

export const BookabilitySchema = named(
  'Bookability',
  z.object({
    results: z.array(BookabilityResultSchema),
    creditAvailable: z.number().int().meta({
      description: 'Sessions of credit the account can spend now (0 when it has none)',
    }),
    price: PriceQuoteSchema.optional().meta({
      description: 'The server’s price for the ok seats, with the one discount that applies',
    }),
    cardPrice: PriceQuoteSchema.optional().meta({
      description:
        'When credit pays for the earliest seats (in the order sent) and some are left: what ' +
        'the card pays for the rest, priced as checkout prices them',
    }),
  }),
);
export type Bookability = z.infer<typeof BookabilitySchema>;
