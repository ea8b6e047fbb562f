import { isIPv6 } from 'node:net';
import { loadConfig } from '@/server/config';
import type { HeaderReader } from '@/server/origin';

const trustProxy = loadConfig().trustProxy;

/**
 * The client's address for rate limits, write admission and logs: the socket's peer, or with
 * TRUST_PROXY=true the last X-Forwarded-For entry (the one our own proxy appended).
 */
export function clientAddressFrom(forwardedFor: string | readonly string[] | null | undefined, socketAddress: string): string {
  if (trustProxy) {
    const header = typeof forwardedFor === 'string' ? forwardedFor : forwardedFor?.join(',');
    const last = header?.split(',').at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  return socketAddress;
}

/** `clientAddressFrom` for a fetch Request (the app's routes) or anything with its `headers.get`. */
export function getClientAddress(request: { headers: HeaderReader }, socketAddress: string): string {
  return clientAddressFrom(request.headers.get('X-Forwarded-For'), socketAddress);
}

/**
 * The group an address counts in for per-client limits: an IPv4 address itself (an
 * IPv4-mapped IPv6 address as its IPv4), an IPv6 address by its /64 (one subscriber's
 * prefix: a client holds a whole /64 and could rotate through it), anything else as it is.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1] ?? address;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - front.length - back.length - (back.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? front : [...front, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...back];
  // (An embedded IPv4 address is only ever in the last 32 bits, never in the /64.)
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
