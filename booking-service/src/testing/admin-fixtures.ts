import { londonWallClockToUtc, SERVICES, type ServiceCode } from '@tuition/domain';
import type { Database } from '../db/client.ts';
import type { CheckoutStatus } from '@tuition/domain';
import { bookings, checkouts, classSessions, user } from '../db/schema.ts';
import { holderPupilId } from './pupil-fixtures.ts';

/*
 * Rows written straight into the tables for the admin tests, so each test knows every figure
 * the dashboard should add up to without going through checkout and payment.
 */

export async function insertCustomer(
  db: Database,
  input: { name: string; email: string; phone?: string; createdAt?: Date },
): Promise<string> {
  const id = `cust-${crypto.randomUUID()}`;
  await db.insert(user).values({
    id,
    name: input.name,
    email: input.email,
    emailVerified: true,
    phone: input.phone ?? null,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  return id;
}

/**
 * A session at a London wall-clock date and time (a timetable slot, for labels to resolve); with
 * `tutorId`, a 1-to-1 lesson of that tutor's hour (docs/decisions/106), one seat.
 */
export async function insertSession(
  db: Database,
  input: { service: ServiceCode; date: string; time: string; capacity?: number; tutorId?: string },
): Promise<{ id: string; startsAt: Date }> {
  const startsAt = londonWallClockToUtc(input.date, input.time);
  const [row] = await db
    .insert(classSessions)
    .values({
      subject: SERVICES[input.service].subject,
      service: input.service,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      pricePence: 1500,
      ...(input.capacity ? { capacity: input.capacity } : {}),
      ...(input.tutorId
        ? { kind: 'one-to-one' as const, tutorId: input.tutorId, capacity: 1 }
        : {}),
    })
    .returning({ id: classSessions.id });
  if (!row) throw new Error('session not inserted');
  return { id: row.id, startsAt };
}

export async function insertBooking(
  db: Database,
  input: {
    userId: string;
    sessionId: string;
    status?: 'confirmed' | 'cancelled' | 'rescheduled';
    checkoutId?: string;
    /** Default: the account's first pupil (created after the holder when it has none). */
    pupilId?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(bookings)
    .values({
      userId: input.userId,
      sessionId: input.sessionId,
      pupilId: input.pupilId ?? (await holderPupilId(db, input.userId)),
      status: input.status ?? 'confirmed',
      checkoutId: input.checkoutId ?? null,
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error('booking not inserted');
  return row.id;
}

export async function insertCheckout(
  db: Database,
  input: {
    userId: string;
    status: CheckoutStatus;
    amountPence: number;
    paidAt?: Date;
    refundedAt?: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(checkouts)
    .values({
      userId: input.userId,
      status: input.status,
      provider: 'local',
      amountPence: input.amountPence,
      sessionCount: Math.max(1, Math.round(input.amountPence / 1500)),
      expiresAt: new Date(Date.now() + 30 * 60_000),
      paidAt: input.paidAt ?? null,
      refundedAt: input.refundedAt ?? null,
    })
    .returning({ id: checkouts.id });
  if (!row) throw new Error('checkout not inserted');
  return row.id;
}
