import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  addressBucket,
  clientAddress,
  normaliseAddress,
  resolveClientAddress,
  type TrustedProxies,
} from './client-address.ts';

const NONE: TrustedProxies = { kind: 'none' };
const ONE_HOP: TrustedProxies = { kind: 'hops', hops: 1 };
const TWO_HOPS: TrustedProxies = { kind: 'hops', hops: 2 };
const PROXIES: TrustedProxies = { kind: 'ranges', ranges: ['10.0.0.0/8', 'fd00::/8'] };

const resolve = (peer: string | undefined, forwardedFor: string | null, trust: TrustedProxies) =>
  resolveClientAddress({ peer, forwardedFor }, trust);

describe('resolveClientAddress', () => {
  it('without trusted proxies uses the socket peer and ignores X-Forwarded-For entirely', () => {
    expect(resolve('203.0.113.9', null, NONE)).toBe('203.0.113.9');
    expect(resolve('203.0.113.9', '198.51.100.1', NONE)).toBe('203.0.113.9');
    expect(resolve('203.0.113.9', '1.1.1.1, 2.2.2.2', NONE)).toBe('203.0.113.9');
  });

  it('with one hop uses the entry the proxy appended, not what the client claimed before it', () => {
    expect(resolve('10.0.0.2', '198.51.100.7', ONE_HOP)).toBe('198.51.100.7');
    expect(resolve('10.0.0.2', 'spoofed-by-client, 6.6.6.6, 198.51.100.7', ONE_HOP)).toBe(
      '198.51.100.7',
    );
    // Reached directly (no header): the peer itself is the client.
    expect(resolve('198.51.100.7', null, ONE_HOP)).toBe('198.51.100.7');
  });

  it('with two hops takes the second entry from the right', () => {
    expect(resolve('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.3', TWO_HOPS)).toBe('198.51.100.7');
  });

  it('with proxy ranges walks left while the writer is a trusted proxy (IPv4 and IPv6)', () => {
    expect(resolve('10.1.2.3', '6.6.6.6, 198.51.100.7, 10.9.9.9', PROXIES)).toBe('198.51.100.7');
    expect(resolve('fd00::1', '2001:db8::42', PROXIES)).toBe('2001:db8::42');
    // The peer is not a proxy: its header is ignored.
    expect(resolve('203.0.113.9', '198.51.100.7', PROXIES)).toBe('203.0.113.9');
    // Every hop trusted: the leftmost entry is as far as anyone vouches.
    expect(resolve('10.1.2.3', '10.4.4.4', PROXIES)).toBe('10.4.4.4');
  });

  it('never answers with something that is not an address', () => {
    expect(resolve('10.0.0.2', 'garbage', ONE_HOP)).toBe('10.0.0.2');
    expect(resolve('10.1.2.3', '198.51.100.7, <script>', PROXIES)).toBe('10.1.2.3');
    // No socket (an in-process request): this machine.
    expect(resolve(undefined, '198.51.100.7', NONE)).toBe('127.0.0.1');
  });

  it('reads the forms load balancers write: ports, brackets, IPv4-mapped IPv6', () => {
    expect(resolve('::ffff:10.0.0.2', '198.51.100.7:51234', ONE_HOP)).toBe('198.51.100.7');
    expect(resolve('10.0.0.2', '[2001:DB8::1]:443', ONE_HOP)).toBe('2001:db8::1');
    expect(resolve('::ffff:203.0.113.9', null, NONE)).toBe('203.0.113.9');
  });
});

describe('normaliseAddress and addressBucket', () => {
  it('refuses non-addresses', () => {
    for (const bad of ['', 'unknown', '1.2.3', '999.1.1.1', 'fe80::1::2']) {
      expect(normaliseAddress(bad)).toBeUndefined();
    }
  });

  it('buckets IPv6 clients by /64 and IPv4 clients by address', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe(addressBucket('2001:db8:1:2:bbbb::9'));
    expect(addressBucket('2001:db8:1:2::1')).not.toBe(addressBucket('2001:db8:1:3::1'));
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('clientAddress', () => {
  it('reads the socket peer the Node server puts on c.env.incoming', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientAddress(c, NONE)));
    const incoming = { socket: { remoteAddress: '203.0.113.50' } };
    const response = await app.request(
      '/',
      { headers: { 'x-forwarded-for': '1.1.1.1' } },
      { incoming },
    );
    expect(await response.text()).toBe('203.0.113.50');
  });
});
