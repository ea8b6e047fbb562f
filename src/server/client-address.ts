import { BlockList, isIP, isIPv6 } from 'node:net';
import { loadConfig, type TrustProxy } from '@/server/config';
import type { HeaderReader } from '@/server/origin';

/** An X-Forwarded-For entry as an address: without the brackets or port some proxies add, an IPv4-mapped IPv6 address as IPv4. */
function bareAddress(entry: string): string {
  const trimmed = entry.trim();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(trimmed);
  if (bracketed) return bracketed[1] ?? '';
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(trimmed);
  if (withPort) return withPort[1] ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/** Whether an address is one of the trusted proxies of a TRUST_PROXY list. */
function proxyMatcher(proxies: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of proxies) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const bare = bareAddress(address);
    const family = isIP(bare);
    return family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** How a TRUST_PROXY setting reads a request's client address: from its X-Forwarded-For header and the connection's address. */
export function clientAddressReader(
  setting: TrustProxy,
): (forwardedFor: string | readonly string[] | null | undefined, socketAddress: string) => string {
  const trusted = 'proxies' in setting ? proxyMatcher(setting.proxies) : undefined;
  const hops = 'hops' in setting ? setting.hops : 0;
  return (forwardedFor, socketAddress) => {
    if (hops === 0 && !trusted) return socketAddress;
    const header = typeof forwardedFor === 'string' ? forwardedFor : forwardedFor?.join(',');
    const chain = (header ?? '')
      .split(',')
      .map(bareAddress)
      .filter((entry) => entry !== '');
    // Walk back from the connection, one proxy at a time, while the one who spoke is trusted.
    let client = socketAddress;
    let next = chain.length;
    if (trusted) while (next > 0 && trusted(client)) client = chain[--next] ?? client;
    else for (let hop = 0; hop < hops && next > 0; hop++) client = chain[--next] ?? client;
    return client.slice(0, 64);
  };
}

/**
 * The client's address for rate limits, write admission and logs. TRUST_PROXY=false: the
 * connection's. A number of hops (`true` is 1): that many entries from the end of
 * X-Forwarded-For (each proxy appends the address it was reached from), so with 2, a CDN and a
 * load balancer, the entry the CDN appended; fewer entries than hops give the first. A list of
 * proxies: X-Forwarded-For read from its end for as long as the address that sent it is one of
 * them; the first that is not is the client (a client cannot pose as any address by
 * sending an X-Forwarded-For of its own).
 */
export function clientAddressFrom(forwardedFor: string | readonly string[] | null | undefined, socketAddress: string): string {
  // Read on first use, not when loaded: the front loads this before the settings are checked.
  processReader ??= clientAddressReader(loadConfig().trustProxy);
  return processReader(forwardedFor, socketAddress);
}
let processReader: ReturnType<typeof clientAddressReader> | undefined;

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
  const bare = bareAddress(address);
  if (!isIPv6(bare)) return bare;
  const [head = '', tail] = bare.toLowerCase().split('::');
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
