import { addDays, londonWallClockToUtc, toLondonWallClock } from './london-time.ts';

/*
 * The pure rules of text messages (docs/decisions/103): how many segments a text costs, when a
 * family's quiet hours end, and what an inbound reply asks for. `now` is always a parameter.
 */

/** A text is at most two segments: longer ones cost more and arrive split on some phones. */
export const MAX_SMS_SEGMENTS = 2;

/** The GSM 03.38 basic character set: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: an escape and the character, two septets each. */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export interface SmsSegments {
  /** gsm7 when every character is in the GSM 03.38 set; otherwise the whole text is ucs2. */
  encoding: 'gsm7' | 'ucs2';
  /** Septets (gsm7) or UTF-16 code units (ucs2). */
  units: number;
  segments: number;
}

/**
 * How a text is split: GSM-7 takes 160 septets in one segment or 153 per segment of a longer
 * one (the rest is the concatenation header); a single character outside the set makes the
 * whole text UCS-2: 70 units, or 67 per segment.
 */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else return split('ucs2', text.length, 70, 67);
  }
  return split('gsm7', septets, 160, 153);
}

function split(encoding: SmsSegments['encoding'], units: number, single: number, multi: number) {
  const segments = units === 0 ? 1 : units <= single ? 1 : Math.ceil(units / multi);
  return { encoding, units, segments };
}

/** Whether a text stays in GSM-7 and within two segments (what the studio allows). */
export function fitsTwoGsm7Segments(text: string): boolean {
  const { encoding, segments } = smsSegments(text);
  return encoding === 'gsm7' && segments <= MAX_SMS_SEGMENTS;
}

/** The characters of a text outside GSM-7, each once, for the studio's message. */
export function nonGsm7Characters(text: string): string[] {
  return [
    ...new Set([...text].filter((c) => !GSM7_BASIC.includes(c) && !GSM7_EXTENDED.includes(c))),
  ];
}

/** The placeholders a text's wording may use; nothing else is filled in. */
export const SMS_PLACEHOLDERS = ['child', 'session', 'time', 'link', 'business'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];

/**
 * Fills `{child}`, `{session}`, `{time}`, `{link}` and `{business}` in a wording; an unknown
 * `{name}` is left as written (the studio refuses those before they are published).
 */
export function fillSmsWording(
  wording: string,
  values: Partial<Record<SmsPlaceholder, string>>,
): string {
  return wording.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name as SmsPlaceholder];
    return value === undefined ? whole : value;
  });
}

/** Placeholders in a wording that are not among SMS_PLACEHOLDERS. */
export function unknownSmsPlaceholders(wording: string): string[] {
  const names = [...wording.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  return [...new Set(names.filter((n) => !(SMS_PLACEHOLDERS as readonly string[]).includes(n)))];
}

/** Quiet hours as London wall-clock "HH:MM"; `from` after `to` spans midnight. */
export interface QuietHoursWindow {
  from: string;
  to: string;
}

export const DEFAULT_QUIET_HOURS: QuietHoursWindow = { from: '21:00', to: '08:00' };

/**
 * When the quiet hours `now` falls in end, or null when `now` is outside them. London wall
 * clock: 21:00–08:00 means no text from 9 pm until 8 am whatever the season; an end time the
 * spring change skips is moved forward by the gap (londonWallClockToUtc). Equal `from` and `to`
 * means no quiet hours.
 */
export function quietHoursEnd(now: Date, quiet: QuietHoursWindow): Date | null {
  if (quiet.from === quiet.to) return null;
  const { date, time } = toLondonWallClock(now);
  const spansMidnight = quiet.from > quiet.to;
  const inside = spansMidnight
    ? time >= quiet.from || time < quiet.to
    : time >= quiet.from && time < quiet.to;
  if (!inside) return null;
  const endDate = spansMidnight && time >= quiet.from ? addDays(date, 1) : date;
  return londonWallClockToUtc(endDate, quiet.to);
}

/**
 * When a text due at `now` may go: `now`, or the end of the quiet hours; `dropped` when it would
 * then be useless (the lesson started, the offer lapsed) — `uselessAfter` null means never.
 */
export function textSendTime(
  now: Date,
  quiet: QuietHoursWindow,
  uselessAfter: Date | null,
): { at: Date; held: boolean } | { dropped: true } {
  const end = quietHoursEnd(now, quiet);
  const at = end ?? now;
  if (uselessAfter && at.getTime() >= uselessAfter.getTime()) return { dropped: true };
  return { at, held: end !== null };
}

/** What an inbound reply asks for; the carriers' and Twilio's usual words. */
export type SmsKeyword = 'stop' | 'start' | 'help';

const KEYWORDS: Record<SmsKeyword, readonly string[]> = {
  stop: [
    'STOP',
    'STOPALL',
    'STOP ALL',
    'UNSUBSCRIBE',
    'CANCEL',
    'END',
    'QUIT',
    'OPTOUT',
    'OPT OUT',
    'REVOKE',
  ],
  start: ['START', 'UNSTOP', 'YES'],
  help: ['HELP', 'INFO'],
};

/**
 * The keyword a reply is, or null: the whole message, any case, surrounding spaces and
 * punctuation ignored ("Stop." is STOP; "please don't stop" is not).
 */
export function parseSmsKeyword(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
  for (const [keyword, words] of Object.entries(KEYWORDS) as [SmsKeyword, readonly string[]][]) {
    if (words.includes(word)) return keyword;
  }
  return null;
}

/** Texts a day to one account before the rest of the day goes by e-mail only (content may change it). */
export const DEFAULT_SMS_PER_ACCOUNT_DAY = 10;

/** The text kinds whose wording lives in content (the kinds a family chooses). */
export const SMS_WORDING_KINDS = [
  'reminder',
  'change',
  'waitingListOffer',
  'lessonReport',
] as const;
export type SmsWordingKind = (typeof SMS_WORDING_KINDS)[number];

/**
 * The wording when content sets none. Service texts only: no offer, no marketing (PECR), no
 * link but the site's own join or booking page.
 */
export const DEFAULT_SMS_WORDING: Record<SmsWordingKind, string> = {
  reminder: '{business}: {child} has {session} at {time}. Join here: {link}',
  change: "{business}: {child}'s {session} has changed: {time}. Details: {link}",
  waitingListOffer:
    '{business}: a seat is free for {child} in {session} at {time}. It is held for you for a short time: {link}',
  lessonReport: "{business}: the tutor's report on {child}'s {session} is ready: {link}",
};

/** The longest value each placeholder is allowed for when checking a wording's length. */
export const SMS_PLACEHOLDER_ALLOWANCE: Record<SmsPlaceholder, number> = {
  business: 30,
  child: 20,
  session: 40,
  time: 32,
  link: 70,
};

/**
 * What is wrong with a text's wording, in an editor's words, or null: only the known
 * placeholders, GSM-7 characters only, and two segments at most once every placeholder is
 * filled with its longest allowed value.
 */
export function smsWordingProblem(wording: string): string | null {
  const unknown = unknownSmsPlaceholders(wording);
  if (unknown.length > 0)
    return `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}; use ${SMS_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`;
  const odd = nonGsm7Characters(wording);
  if (odd.length > 0)
    return `Texts cannot carry ${odd.map((c) => `"${c}"`).join(' ')} without costing three times as much; use plain letters and straight quotes`;
  const longest = fillSmsWording(
    wording,
    Object.fromEntries(SMS_PLACEHOLDERS.map((n) => [n, 'x'.repeat(SMS_PLACEHOLDER_ALLOWANCE[n])])),
  );
  const { segments } = smsSegments(longest);
  if (segments > MAX_SMS_SEGMENTS)
    return `Too long: with the longest names and links it takes ${segments} texts; shorten it to fit ${MAX_SMS_SEGMENTS}`;
  return null;
}
