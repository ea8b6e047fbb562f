import { loadConfig } from '@/server/config';
import type { HeaderReader } from '@/server/origin';

const trustProxy = loadConfig().trustProxy;

/**
 * The client's address for rate limits and logs: the socket's peer, or with
 * TRUST_PROXY=true the last X-Forwarded-For entry (the one our own proxy appended).
 */
export function getClientAddress(request: { headers: HeaderReader }, socketAddress: string): string {
  if (trustProxy) {
    const forwarded = request.headers.get('X-Forwarded-For');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  return socketAddress;
}
