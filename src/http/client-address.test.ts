import { describe, expect, test } from 'bun:test';
import type { Server } from 'bun';
import { createAddressMatcher, createLimiterKeyCache, limiterKey } from './address';
import { clientAddressOf } from './client-address';

/** A socket peer, as Bun reports it. */
const peer = (address: string) => ({ requestIP: () => ({ address }) }) as unknown as Server<unknown>;
const request = (xff?: string) =>
  new Request('http://localhost/api/quiz', xff === undefined ? {} : { headers: { 'x-forwarded-for': xff } });
const trusted = createAddressMatcher(['127.0.0.1', '::1', '10.0.0.0/8']);

describe('client address behind trusted proxies (docs/decisions/012)', () => {
  test.each([
    ['an untrusted peer: X-Forwarded-For is ignored', '203.0.113.7', '198.51.100.1', '203.0.113.7'],
    ['a trusted peer: the last entry is the client', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    [
      'trusted hops are skipped right to left',
      '127.0.0.1',
      '198.51.100.1, 10.1.2.3, 10.9.9.9',
      '198.51.100.1',
    ],
    [
      'what a client wrote itself, left of the client, is never reached',
      '10.0.0.1',
      '6.6.6.6, 198.51.100.2',
      '198.51.100.2',
    ],
    ['an entry that is not an address: the socket address', '127.0.0.1', 'nonsense', '127.0.0.1'],
    ['a 4 KB forged entry: the socket address', '127.0.0.1', `${'9'.repeat(4096)}`, '127.0.0.1'],
    ['IPv4-mapped IPv6 is the IPv4 address', '::ffff:127.0.0.1', '198.51.100.3', '198.51.100.3'],
    ['no header from a trusted peer: the peer', '::1', undefined, '::1'],
  ])('%s', (_, socket, xff, client) => {
    expect(clientAddressOf(request(xff), peer(socket), trusted)).toBe(client);
  });

  test('limiter keys: IPv4 as is, IPv6 by its /64, anything else bounded', () => {
    expect(limiterKey('198.51.100.1')).toBe('198.51.100.1');
    expect(limiterKey('2001:db8:1:2:aaaa::1')).toBe(limiterKey('2001:db8:1:2:bbbb::9'));
    expect(limiterKey('2001:db8:1:2:aaaa::1')).not.toBe(limiterKey('2001:db8:1:3::1'));
    expect(limiterKey('x'.repeat(5000)).length).toBeLessThanOrEqual(64);
  });

  test('the cached limiter key is limiterKey, also past its capacity', () => {
    const cached = createLimiterKeyCache(2);
    const texts = ['198.51.100.1', '2001:db8:1:2:aaaa::1', '2001:db8:1:2:bbbb::9', 'local', '198.51.100.1'];
    // The IPv4 forms that are not their own key (the cache's fast path must not take them).
    texts.push(
      '0.0.0.0',
      '255.255.255.255',
      '010.1.1.1',
      '1.1.1.256',
      '1.1.1',
      '1.1.1.1.1',
      '1.1.1.1 ',
      '::ffff:1.2.3.4',
    );
    for (const text of [...texts, ...texts]) expect(cached(text)).toBe(limiterKey(text));
  });
});
