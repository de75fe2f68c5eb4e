import { basketSchema, isCalendarDate, SERVICE_CODES } from '@tuition/domain';
import { z } from 'zod';
import { bandLabel, count, isoInstant, londonDate, named, pence } from './named.ts';

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
        "`booked`: a confirmed booking of the user; `pending`: in the user's own unpaid " +
        'checkout (picking it again replaces that checkout); `full`: no seat left.',
    }),
  }),
);
export type AvailabilitySlot = z.infer<typeof AvailabilitySlotSchema>;

export const AvailabilitySchema = named(
  'Availability',
  z.object({ slots: z.array(AvailabilitySlotSchema) }),
);
export type Availability = z.infer<typeof AvailabilitySchema>;

/** A basket: one service and the session starts chosen (the domain's rules). */
export const BasketSchema = named('Basket', basketSchema);

export const BOOKABILITY_STATUSES = ['ok', 'duplicate', 'pending', 'full', 'invalid'] as const;
export type BookabilityStatus = (typeof BOOKABILITY_STATUSES)[number];

export const BookabilityResultSchema = named(
  'BookabilityResult',
  z.object({
    startsAt: z.string(),
    status: z.enum(BOOKABILITY_STATUSES).meta({
      description:
        '`duplicate`: the user has a confirmed booking of it; `pending`: it is in their own ' +
        'unpaid checkout, which a new checkout of it replaces; `invalid`: not a bookable start.',
    }),
  }),
);
export type BookabilityResult = z.infer<typeof BookabilityResultSchema>;

export const BookabilitySchema = named(
  'Bookability',
  z.object({ results: z.array(BookabilityResultSchema) }),
);
export type Bookability = z.infer<typeof BookabilitySchema>;
