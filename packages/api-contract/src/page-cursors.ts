import { z } from 'zod';
import { isId } from './ids.ts';

/*
 * Keyset page cursors of the admin lists (docs/decisions/075): the last row's sort keys, joined
 * by "_". Instants are UTC to the microsecond, so a cursor falls exactly between two rows. The
 * service parses a cursor only through these functions, so nothing else reaches SQL.
 */

const INSTANT = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z`;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export interface SessionCursor {
  /** Present on a list sorted by bookings: the last row's confirmed seats. */
  booked?: number;
  startsAt: string;
  id: string;
}

const SESSION_CURSOR = new RegExp(`^(?:(\\d{1,5})_)?(${INSTANT})_(${UUID})$`);

export function sessionCursor(cursor: SessionCursor): string {
  const keys = `${cursor.startsAt}_${cursor.id}`;
  return cursor.booked === undefined ? keys : `${cursor.booked}_${keys}`;
}

export function parseSessionCursor(text: string): SessionCursor | undefined {
  const match = SESSION_CURSOR.exec(text);
  if (!match?.[2] || !match[3]) return undefined;
  return {
    ...(match[1] === undefined ? {} : { booked: Number(match[1]) }),
    startsAt: match[2],
    id: match[3],
  };
}

/** A user row's creation instant and id (ids are better-auth's: letters, digits, - and _). */
export interface UserCursor {
  createdAt: string;
  id: string;
}

const USER_CURSOR = new RegExp(`^(${INSTANT})_([A-Za-z0-9_-]{1,100})$`);

export const userCursor = (cursor: UserCursor): string => `${cursor.createdAt}_${cursor.id}`;

export function parseUserCursor(text: string): UserCursor | undefined {
  const match = USER_CURSOR.exec(text);
  return match?.[1] && match[2] ? { createdAt: match[1], id: match[2] } : undefined;
}

/**
 * A booking in a user's history: its id. The service reads that booking's sort keys (its
 * session's start, when it was made) from the database, so they compare to the microsecond.
 */
export function parseHistoryCursor(text: string): string | undefined {
  return isId(text) ? text : undefined;
}

/** The `cursor` query parameter of a paged list: a nextCursor this API handed out. */
export function cursorParam(parse: (text: string) => unknown) {
  return z
    .string()
    .refine((text) => text.length <= 200 && parse(text) !== undefined, {
      error: 'cursor must be a nextCursor from an earlier page.',
    })
    .optional()
    .meta({ description: 'The nextCursor of the page before; absent for the first page' });
}

export const nextCursorField = z
  .string()
  .nullable()
  .meta({ description: 'Pass as `cursor` for the next page; null on the last page' });
