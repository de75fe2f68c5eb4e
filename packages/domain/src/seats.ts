/**
 * How many seats of a session are left, as one family sees them (docs/decisions/060, 063): the
 * one answer availability, bookability, a term's basket, the seat ledger and the offer engine
 * share. What counts as taken (bookings, pending holds, live offers, the waiting list's claims)
 * is counted by the service; this decides what is left of it.
 */

/** A session's size and the seats taken in it by everyone, this family included. */
export interface SessionSeatCount {
  capacity: number;
  taken: number;
}

/**
 * Of the seats taken, those that are this family's to take again for the pupils it asks for:
 * seats in its own pending, unexpired checkouts (a new checkout replaces that one, decision 041)
 * and seats held for its pupils by live waiting-list offers.
 */
export interface OwnHeldSeats {
  pending?: number;
  offered?: number;
}

/**
 * The seats left for a family: capacity less the seats others have taken. Never below none (a
 * session taken past its capacity, lowered since, has none left) nor above the capacity (the
 * family's own seats are never counted back more than once).
 */
export function seatsLeft(session: SessionSeatCount, own: OwnHeldSeats = {}): number {
  const pending = own.pending ?? 0;
  const offered = own.offered ?? 0;
  for (const [name, value] of Object.entries({ ...session, pending, offered })) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`seatsLeft: ${name} must be a whole number >= 0: ${value}`);
    }
  }
  const takenByOthers = Math.max(0, session.taken - pending - offered);
  return Math.max(0, session.capacity - takenByOthers);
}
