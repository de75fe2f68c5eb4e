import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ContentLoader } from '@tuition/content';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { bookings, calendarFeeds, classSessions } from '../db/schema.ts';
import { joinPageUrl } from '../lessons/join-window.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { selectBookingRows } from '../sessions/booking-rows.ts';
import { calendarFile } from '../sessions/calendar-invite.ts';
import { describeSession } from '../sessions/session-description.ts';
import { calendarSession } from '../sessions/session-lines.ts';

/*
 * A personal calendar feed (docs/decisions/056): a secret address a calendar app subscribes to,
 * listing the account's upcoming confirmed seats with the same UIDs and SEQUENCEs as the mailed
 * files. The token is an HMAC of a stored random nonce under the server's secret, so the
 * account page can show the address again while the database alone cannot rebuild it; the feed
 * is found by the token's SHA-256. Rotating replaces the nonce: every earlier address is dead.
 */

export interface CalendarFeedDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Pick<Config, 'publicUrl' | 'auth'>;
}

/** Where calendar apps fetch the feed; the token rides in the query, which logs never keep. */
export const CALENDAR_FEED_PATH = '/api/calendar-feed.ics';

function tokenOf(secret: string, userId: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`calendar-feed:${userId}:${nonce}`)
    .digest('base64url');
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

function feedUrl(deps: CalendarFeedDeps, userId: string, nonce: string): string {
  const token = tokenOf(deps.config.auth.secret, userId, nonce);
  return `${deps.config.publicUrl}${CALENDAR_FEED_PATH}?token=${token}`;
}

async function writeNonce(deps: CalendarFeedDeps, userId: string, replace: boolean) {
  const nonce = randomBytes(24).toString('base64url');
  const tokenHash = sha256(tokenOf(deps.config.auth.secret, userId, nonce));
  const insert = deps.db.insert(calendarFeeds).values({ userId, nonce, tokenHash });
  await (replace
    ? insert.onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { nonce, tokenHash, createdAt: new Date() },
      })
    : insert.onConflictDoNothing());
}

/** The account's feed address, made on first request. */
export async function calendarFeedUrl(deps: CalendarFeedDeps, userId: string): Promise<string> {
  const read = () =>
    deps.db
      .select({ nonce: calendarFeeds.nonce })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
  let [feed] = await read();
  if (!feed) {
    await writeNonce(deps, userId, false);
    [feed] = await read();
  }
  if (!feed) throw new Error('the calendar feed was not created');
  return feedUrl(deps, userId, feed.nonce);
}

/** A new address; the old one answers 404 from now on. */
export async function rotateCalendarFeed(deps: CalendarFeedDeps, userId: string): Promise<string> {
  await writeNonce(deps, userId, true);
  return calendarFeedUrl(deps, userId);
}

/** The feed's iCalendar text for a token, or undefined for any token but a current one. */
export async function calendarFeedFor(
  deps: CalendarFeedDeps,
  token: string | undefined,
): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = sha256(token);
  const [feed] = await deps.db
    .select({ userId: calendarFeeds.userId, tokenHash: calendarFeeds.tokenHash })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hash));
  // The lookup is by hash; the constant-time compare keeps timing from hinting anyway.
  if (!feed || !timingSafeEqual(Buffer.from(feed.tokenHash), Buffer.from(hash))) return undefined;
  const now = deps.clock.now();
  const [rows, brand, timetable] = await Promise.all([
    selectBookingRows(
      deps.db,
      and(
        eq(bookings.userId, feed.userId),
        eq(bookings.status, 'confirmed'),
        gt(classSessions.endsAt, now),
      ),
    ).orderBy(asc(classSessions.startsAt)),
    mailBrand(deps),
    deps.content.timetable(),
  ]);
  return calendarFile(
    brand.name,
    rows.map((row) =>
      calendarSession(brand.name, row.id, describeSession(timetable, row), row.pupilName, {
        uid: row.calendarUid,
        sequence: row.calendarSequence,
        joinUrl: joinPageUrl(brand.siteUrl, row.id),
      }),
    ),
  );
}
