import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/*
 * The one answer to "which client sent this request?", used by every per-address rate limit
 * (better-auth's and ours), so no limit can be dodged by a header and none falls back to one
 * bucket shared by everybody. docs/decisions/038-client-address-and-trusted-proxies.md.
 */

/**
 * Which hops in front of the service may say who the client is (TRUSTED_PROXIES):
 * - none: the socket's peer is the client; X-Forwarded-For is ignored entirely.
 * - hops: that many proxies in front of us; the client is the entry the outermost of them
 *   appended to X-Forwarded-For (1: the last entry).
 * - ranges: proxies by address/CIDR; X-Forwarded-For is walked from the right while the hop
 *   that wrote the entry is one of them, and the first address that is not is the client.
 */
export type TrustedProxies =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'ranges'; ranges: readonly string[] };

/**
 * The header the auth route sets (after dropping any copy the client sent) so better-auth keys
 * its limits on our resolved address; better-auth is told to read only this header.
 */
export const CLIENT_ADDRESS_HEADER = 'x-tuition-client-address';

/** IPv6 clients are bucketed by /64 (one household or phone network), as better-auth does. */
export const IPV6_BUCKET_PREFIX = 64;

/**
 * The peer of an in-process request (app.request() in tests, which has no socket): it comes
 * from this machine. Served by @hono/node-server, every request has a socket.
 */
const IN_PROCESS_PEER = '127.0.0.1';

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d{1,5})?$/;
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * An address in one canonical spelling (IPv4-mapped IPv6 as IPv4, IPv6 lower-case without a
 * zone), or undefined when `raw` is not an IP address. Accepts the "1.2.3.4:port" and
 * "[v6]:port" forms some load balancers write.
 */
export function normaliseAddress(raw: string): string | undefined {
  let address = raw.trim();
  address = BRACKETED_IPV6.exec(address)?.[1] ?? IPV4_WITH_PORT.exec(address)?.[1] ?? address;
  address = address.replace(/%.*$/, '');
  address = MAPPED_IPV4.exec(address)?.[1] ?? address;
  const family = isIP(address);
  if (family === 4) return address;
  if (family === 6) return address.toLowerCase();
  return undefined;
}

/** `10.0.0.0/8`, `fd00::/8` or a single address; undefined when it is neither. */
export function parseAddressRange(
  entry: string,
): { network: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [network = '', rawPrefix, ...rest] = entry.trim().toLowerCase().split('/');
  const version = isIP(network);
  if (rest.length > 0 || version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const maxPrefix = version === 4 ? 32 : 128;
  if (rawPrefix === undefined) return { network, prefix: maxPrefix, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return undefined;
  const prefix = Number(rawPrefix);
  return prefix <= maxPrefix ? { network, prefix, family } : undefined;
}

function rangeMatcher(ranges: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of ranges) {
    const range = parseAddressRange(entry);
    // Config parsing already refused bad entries; a stray one here simply matches nothing.
    if (range) list.addSubnet(range.network, range.prefix, range.family);
  }
  return (address) => list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

const matchers = new WeakMap<object, (address: string) => boolean>();

function isTrustedProxy(trust: TrustedProxies & { kind: 'ranges' }, address: string): boolean {
  let matcher = matchers.get(trust);
  if (!matcher) {
    matcher = rangeMatcher(trust.ranges);
    matchers.set(trust, matcher);
  }
  return matcher(address);
}

/**
 * The client's address from the socket peer and X-Forwarded-For, under `trust`. Always a valid
 * IP address, so no limit can ever fall back to a bucket shared by every client. An entry that
 * is not an address stops the walk at the hop that wrote it (a proxy that sends garbage is
 * treated as the client, never the garbage).
 */
export function resolveClientAddress(
  input: { peer: string | undefined; forwardedFor: string | null | undefined },
  trust: TrustedProxies,
): string {
  const peer = (input.peer && normaliseAddress(input.peer)) || IN_PROCESS_PEER;
  if (trust.kind === 'none') return peer;
  // Nearest hop first: the last entry was appended by the proxy that connected to us.
  const forwarded = (input.forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  let client = peer;
  for (let hop = 0; hop < forwarded.length; hop++) {
    const trusted = trust.kind === 'hops' ? hop < trust.hops : isTrustedProxy(trust, client);
    if (!trusted) break;
    const next = normaliseAddress(forwarded[hop] ?? '');
    if (!next) break;
    client = next;
  }
  return client;
}

/** The socket peer's address, or undefined for an in-process request (no socket). */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The resolved client address of this request (see resolveClientAddress). */
export function clientAddress(c: Context, trust: TrustedProxies): string {
  return resolveClientAddress(
    { peer: peerAddress(c), forwardedFor: c.req.header('x-forwarded-for') },
    trust,
  );
}

/**
 * The rate-limit bucket of an address: IPv4 as is, IPv6 by its /64 network (a single client
 * usually holds a whole /64, so per-address IPv6 limits would be trivially dodged).
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  const kept = Math.floor(IPV6_BUCKET_PREFIX / 16);
  return `${groups.slice(0, kept).join(':')}::/${IPV6_BUCKET_PREFIX}`;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const last = right.length > 0 ? right : left;
  const dotted = last.at(-1);
  if (dotted?.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}
