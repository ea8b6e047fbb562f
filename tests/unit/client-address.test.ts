import { describe, expect, it } from 'vitest';
import { addressGroup, clientAddressReader } from '@/server/client-address';
import { loadConfig } from '@/server/config';

/** The client address under a TRUST_PROXY value, as the server reads it. */
const under = (trustProxy: string) => clientAddressReader(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy);

describe('the client address', () => {
  it('is the connection’s address unless proxies are trusted', () => {
    expect(under('false')('203.0.113.9', '198.51.100.1')).toBe('198.51.100.1');
  });

  it('with TRUST_PROXY=true, is the last X-Forwarded-For entry (the one our proxy appended), as before', () => {
    const read = under('true');
    expect(read('1.1.1.1, 203.0.113.9', '10.0.0.2')).toBe('203.0.113.9');
    expect(read(undefined, '10.0.0.2')).toBe('10.0.0.2');
    expect(read('', '10.0.0.2')).toBe('10.0.0.2');
  });

  it('behind a CDN and a load balancer (TRUST_PROXY=2), is the entry the CDN appended, whatever the client claimed before it', () => {
    const read = under('2');
    // client → CDN (appends the client) → load balancer (appends the CDN) → us.
    expect(read('6.6.6.6, 203.0.113.9, 198.51.100.77', '10.0.0.2')).toBe('203.0.113.9');
    // Readers behind the CDN are told apart, not all one CDN address.
    expect(read('203.0.113.10, 198.51.100.77', '10.0.0.2')).toBe('203.0.113.10');
    // Fewer entries than hops: the first there is.
    expect(read('203.0.113.11', '10.0.0.2')).toBe('203.0.113.11');
    expect(read(undefined, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('with a list of trusted proxies, is the first address from the end that is not one of them', () => {
    const read = under('10.0.0.0/8,198.51.100.77,2001:db8::/32');
    expect(read('6.6.6.6, 203.0.113.9, 198.51.100.77', '10.0.0.2')).toBe('203.0.113.9');
    expect(read('203.0.113.9, 2001:db8::5', '10.1.2.3')).toBe('203.0.113.9');
    // A connection from outside the list is the client itself: its own X-Forwarded-For is ignored.
    expect(read('10.0.0.9', '203.0.113.50')).toBe('203.0.113.50');
    expect(read('10.0.0.9', '::ffff:203.0.113.50')).toBe('::ffff:203.0.113.50');
    // Every hop trusted: the first entry.
    expect(read('10.0.0.7, 10.0.0.8', '10.0.0.2')).toBe('10.0.0.7');
    // An IPv4-mapped connection address and entries with ports or brackets are read as the addresses they are.
    expect(read('[2001:db8:ffff::1]:443, 203.0.113.9:5123', '::ffff:10.0.0.2')).toBe('203.0.113.9');
    // An entry that is no address stops the walk: it is what the last trusted proxy said.
    expect(read('203.0.113.9, not-an-address', '10.0.0.2')).toBe('not-an-address');
  });
});

describe('address groups', () => {
  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe(addressGroup('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
    expect(addressGroup('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('192.0.2.1')).toBe('192.0.2.1');
  });
});
