import { createServer, type LookupFunction, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFetchUrl, fetchCalendar, isPublicAddress } from './calendar-address.ts';

/*
 * A tutor's calendar is read from public addresses only, in production (docs/decisions/130):
 * the address's host when it is saved, and every address its name resolves to at the moment
 * of connecting. Resolution is the test's own (no network here): a name that "resolves" to
 * this machine stands for a rebinding name or one pointing at a private network.
 */

/** A resolver answering `addresses` for every name, as dns.lookup does (one, or all). */
function resolvingTo(...addresses: string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const entries = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) callback(null, entries);
    else callback(null, entries[0]?.address ?? '', entries[0]?.family ?? 4);
  };
}

describe('calendar reads in production', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    // Whatever connects here is counted and hung up on: no calendar may be read from it.
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses a name that resolves to this machine or a private network, without connecting', async () => {
    for (const resolved of [
      ['127.0.0.1'],
      ['10.1.2.3'],
      ['169.254.169.254'],
      ['::ffff:127.0.0.1'],
      // One public address beside a private one is not enough.
      ['8.8.8.8', '192.168.1.20'],
    ]) {
      const read = fetchCalendar(`https://calendar.example.com:${port}/secret/basic.ics`, {
        local: false,
        timeoutMs: 2_000,
        lookup: resolvingTo(...resolved),
      });
      await expect(read, resolved.join(', ')).rejects.toThrow(
        'The calendar address leads to a private network, which we do not read from.',
      );
    }
    expect(connections).toBe(0);
  });

  it('connects to this machine when not in production, as a laptop serving a feed does', async () => {
    const read = fetchCalendar(`https://calendar.example.com:${port}/secret/basic.ics`, {
      local: true,
      timeoutMs: 2_000,
      lookup: resolvingTo('127.0.0.1'),
    });
    // The test's server hangs up: reached, and not refused as private.
    await expect(read).rejects.toThrow('The calendar address could not be reached.');
    expect(connections).toBe(1);
  });

  it('refuses private addresses written into the address itself', () => {
    for (const host of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:10.0.0.1]',
      'localhost',
      'metadata.google.internal',
    ]) {
      expect(calendarFetchUrl(`https://${host}/cal.ics`, false), host).toBeUndefined();
    }
    expect(calendarFetchUrl('https://calendar.google.com/cal.ics', false)?.host).toBe(
      'calendar.google.com',
    );
    expect(calendarFetchUrl('https://8.8.8.8/cal.ics', false)?.host).toBe('8.8.8.8');
  });

  it('counts only public unicast addresses as public', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2a00:1450:4009:81f::200e')).toBe(true);
    for (const address of ['127.0.0.1', '10.0.0.1', '224.0.0.1', '::ffff:192.168.0.1', 'x']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
