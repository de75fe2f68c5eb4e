import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch, type Response as UndiciResponse } from 'undici';

/*
 * A tutor's private calendar address (docs/decisions/104): an https or webcal iCalendar feed,
 * such as Google Calendar's "secret address in iCal format". In local mode plain http on the
 * loopback address is accepted too, so tests and a laptop can serve a feed. The address is a
 * secret (it reads the tutor's whole calendar): it is never logged and never shown back in
 * full, only its scheme and host.
 *
 * In production the service never reads a calendar from this machine or a private network
 * (cloud metadata, the database, other services). The address's host is checked when it is
 * saved and before every read, and every address a name resolves to is checked again at the
 * moment of connecting, for the address actually connected to: a name that resolved to a
 * public address when it was checked cannot answer with a private one when it is read (DNS
 * rebinding), and a redirect's host is checked the same way (docs/decisions/130).
 */

/** How long one read may take, and how large a feed may be. */
export const CALENDAR_READ_TIMEOUT_MS = 10_000;
export const CALENDAR_MAX_BYTES = 1_000_000;
/** Redirects followed at most, each checked as the address itself is. */
const REDIRECTS_MAX = 3;

export const CALENDAR_ADDRESS_RULE =
  'url must be an https or webcal calendar address (for example Google Calendar\'s "secret address in iCal format").';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether a calendar may be read from this IP address in production: a public unicast address
 * only. Loopback, private, link-local (cloud metadata), carrier-grade NAT, unique-local,
 * multicast, reserved and unspecified addresses are refused, and an IPv4 address written as
 * IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Hosts a calendar must never be fetched from in production: this machine and private networks. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || host.endsWith('.internal')) {
    return true;
  }
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/**
 * The address to fetch for `raw` (webcal read as https), or undefined when it is not one the
 * service reads. `local`: not production, where http on the loopback address is allowed.
 */
export function calendarFetchUrl(raw: string, local: boolean): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol === 'webcal:' || url.protocol === 'webcals:') {
    url = new URL(`https:${url.href.slice(url.protocol.length)}`);
  }
  const loopback = LOOPBACK_NAMES.has(url.hostname.toLowerCase());
  if (url.protocol === 'http:') return local && loopback ? url : undefined;
  if (url.protocol !== 'https:') return undefined;
  if (!local && isPrivateHost(url.hostname)) return undefined;
  return url;
}

/** What the tutor sees of their address: its scheme and host, never the secret path. */
export function maskedCalendarAddress(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}/…`;
  } catch {
    return '…';
  }
}

/** A read that failed, in words for the tutor; never naming the address. */
export class CalendarReadError extends Error {}

async function readLimited(response: UndiciResponse, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = (maxBytes: number) =>
  new CalendarReadError(`The calendar is larger than ${Math.round(maxBytes / 1_000_000)} MB.`);

export interface CalendarFetchOptions {
  local: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** How host names are resolved (default: the system's resolver); tests name their own. */
  lookup?: LookupFunction;
}

/** A connection refused because its host resolved to an address that is not public. */
class PrivateAddressError extends Error {}

/**
 * A resolver that answers only public addresses: when any address a name resolves to is not
 * public, the connection is refused before it is made. Node's connect asks for one address or,
 * when it tries several (happy eyeballs), for all of them; both are checked.
 */
function publicOnlyLookup(lookup: LookupFunction = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses: LookupAddress[] = Array.isArray(address)
        ? address
        : [{ address, family: family ?? 4 }];
      if (addresses.some((entry) => !isPublicAddress(entry.address))) {
        return callback(
          new PrivateAddressError('refused: not a public address'),
          Array.isArray(address) ? [] : '',
          family,
        );
      }
      callback(null, address, family);
    });
  };
}

/** Connections for calendar reads: in production, only to public addresses. */
function calendarAgent(options: CalendarFetchOptions): Agent | undefined {
  if (options.local && !options.lookup) return undefined;
  const lookup = options.lookup ?? dnsLookup;
  return new Agent({ connect: { lookup: options.local ? lookup : publicOnlyLookup(lookup) } });
}

/**
 * The feed's text, read within the time and size limits, following a few redirects (each
 * checked as the address is). Throws CalendarReadError in words for the tutor.
 */
export async function fetchCalendar(raw: string, options: CalendarFetchOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? CALENDAR_READ_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = calendarFetchUrl(raw, options.local);
  const dispatcher = calendarAgent(options);
  try {
    for (let redirects = 0; url; redirects += 1) {
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'text/calendar, */*;q=0.5' },
        ...(dispatcher ? { dispatcher } : {}),
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (redirects >= REDIRECTS_MAX)
          throw new CalendarReadError('The calendar address redirects too many times.');
        url = calendarFetchUrl(new URL(location, url).href, options.local);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new CalendarReadError(
          `The calendar address answered ${response.status}: check it is the current secret address.`,
        );
      }
      return await readLimited(response, options.maxBytes ?? CALENDAR_MAX_BYTES);
    }
    throw new CalendarReadError('The calendar address is not one we can read.');
  } catch (error) {
    if (error instanceof CalendarReadError) throw error;
    if (error instanceof Error && error.cause instanceof PrivateAddressError) {
      throw new CalendarReadError(
        'The calendar address leads to a private network, which we do not read from.',
      );
    }
    if (signal.aborted) {
      throw new CalendarReadError(
        `The calendar did not answer within ${timeoutMs / 1000} seconds.`,
      );
    }
    throw new CalendarReadError('The calendar address could not be reached.');
  } finally {
    await dispatcher?.destroy();
  }
}
