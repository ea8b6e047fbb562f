import cluster from 'node:cluster';
import { channelMessages, primaryRequests, sendToWorker } from '@db/cluster-messages';
import { MemoryRateLimiter, OldestEntry } from '@/server/services/rate-limits/in-memory';

/**
 * A per-client limit as a request meets it: 0 when it may go ahead, else the ms until it may
 * try again (nothing is spent then); a promise while the machine's count is asked.
 */
export interface ClientRateLimit {
  take(client: string, now?: number): number | Promise<number>;
}

/** Unspent tokens of a lease go back to the primary once the client sent nothing here for this long. */
export const LEASE_IDLE_MS = 1_000;
/** How long a process waits for the primary's answer before it decides by its own count. */
const ANSWER_WAIT_MS = 1_000;
/** A client this process has not seen for this long may pass once before the primary is asked (the spend is told after). */
const UNSEEN_MS = 60_000;
/** Clients a process remembers having seen (the least recent are forgotten first). */
const SEEN_MAX = 10_000;

const TAKE = 'machine-rate:take';
const GRANT = 'machine-rate:grant';
const GIVE_BACK = 'machine-rate:give-back';

/** One client's ask on the wire: client, requests waiting. */
type WireAsk = [string, number];
/** The primary's answer to one ask: tokens granted, and when fewer than asked, the ms until the next. */
type WireGrant = [number, number];

interface RateMessage {
  type: string;
  /** The limit's name and size: every process of one build asks the same. */
  limit: string;
  perMinute: number;
  id?: number;
  /** Tokens a process may take beyond its requests, as a lease (`takeUpTo`'s `extra`). */
  extra?: number;
  asks?: WireAsk[];
  /** Requests let through without asking (a client new to the process): client, requests. */
  spent?: WireAsk[];
  grants?: WireGrant[];
  /** Unspent leases given back: client, tokens. */
  returns?: WireAsk[];
}

const isRateMessage = channelMessages<RateMessage>(
  'machine-rate',
  (message) => typeof message.limit === 'string' && typeof message.perMinute === 'number',
);

const isGrant = (message: unknown): message is RateMessage & { id: number } =>
  isRateMessage(message) && message.type === GRANT && typeof message.id === 'number';

/** The asks of every limit of this process to the primary: one process listener for all of them. */
let askPrimary: ReturnType<typeof primaryRequests<RateMessage & { id: number }>> | undefined;

/**
 * A per-client token bucket of `perMinute` for the whole machine (`limit` names it): in a
 * cluster worker, the buckets are the primary's (`serveMachineRates`), so an address spends its
 * minute once whichever web process its connections land in; in a single process, its own
 * memory's (`MemoryRateLimiter`).
 *
 * The hit path stays cheap (no wait for the primary on most requests):
 * - a client this process has not seen for a minute passes at once, and the primary is told
 *   of the spend after (its bucket may go below empty: the client then waits it off), so a
 *   reader's first request, and each request of a crowd of distinct addresses, waits for
 *   nothing; an address may so pass its limit by at most one request per other web process,
 *   once a minute;
 * - a client it has seen waits for the primary's grant, asked together with every other
 *   client's of the same turn of the event loop in one message; the grant comes with a lease
 *   of a few more (`perMinute / 20`, only while at least half the client's bucket stays full)
 *   that its next requests from that client spend without asking. A lease unspent for
 *   LEASE_IDLE_MS goes back to the primary, so a client near its limit meets the machine's
 *   count: it is refused early by at most the leases other processes hold for it for a second.
 * If the primary does not answer within a second (or is gone), the process decides by a
 * bucket of its own.
 */
export function machineRateLimit(limit: string, perMinute: number): ClientRateLimit {
  const local = new MemoryRateLimiter(perMinute);
  if (!cluster.isWorker || !process.send) return local;
  const send = process.send.bind(process);
  const extra = Math.floor(perMinute / 20);
  /** Tokens granted and not spent yet, by client, and when one was last used or granted. */
  const leases = new Map<string, { tokens: number; at: number }>();
  /** When this process last saw each client (insertion order is recency order). */
  const seen = new Map<string, { at: number }>();
  const leastRecent = new OldestEntry(seen);
  /** Requests waiting for the next message's answer, by client; and those let through, to tell. */
  let queued = new Map<string, ((waitMs: number) => void)[]>();
  let spent = new Map<string, number>();
  let sweeper: NodeJS.Timeout | undefined;

  /** Whether the client was seen here within UNSEEN_MS; it is seen now. */
  const seenLately = (client: string, now: number) => {
    const last = seen.get(client);
    seen.delete(client);
    if (!last && seen.size >= SEEN_MAX) {
      const oldest = leastRecent.peek();
      if (oldest) seen.delete(oldest[0]);
    }
    seen.set(client, { at: now });
    return last !== undefined && now - last.at < UNSEEN_MS;
  };

  const sweep = () => {
    const now = Date.now();
    const returns: WireAsk[] = [];
    for (const [client, lease] of leases) {
      if (now - lease.at < LEASE_IDLE_MS) continue;
      leases.delete(client);
      if (lease.tokens > 0) returns.push([client, lease.tokens]);
    }
    if (returns.length > 0 && process.connected) send({ type: GIVE_BACK, limit, perMinute, returns } satisfies RateMessage);
    if (leases.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  const answer = (clients: [string, ((waitMs: number) => void)[]][], grants: WireGrant[] | undefined) => {
    const now = Date.now();
    clients.forEach(([client, waiters], i) => {
      const grant = grants?.[i];
      if (!grant) {
        // No answer: this process's own count decides.
        for (const waiter of waiters) waiter(local.take(client, now));
        return;
      }
      const [granted, waitMs] = grant;
      waiters.slice(0, granted).forEach((waiter) => waiter(0));
      for (const waiter of waiters.slice(granted)) waiter(Math.max(1, waitMs));
      const rest = granted - waiters.length;
      if (rest > 0) {
        const lease = leases.get(client);
        if (lease) {
          lease.tokens += rest;
          lease.at = now;
        } else leases.set(client, { tokens: rest, at: now });
        sweeper ??= setInterval(sweep, LEASE_IDLE_MS).unref();
      }
    });
  };

  const ask = (askPrimary ??= primaryRequests(isGrant, ANSWER_WAIT_MS));

  /** Sends this turn's asks and spends in one message (the spends first: the primary counts them before it grants). */
  const flush = () => {
    const clients = [...queued];
    const told: WireAsk[] = [...spent];
    queued = new Map();
    spent = new Map();
    if (!process.connected) {
      for (const [client, waiters] of clients) for (const waiter of waiters) waiter(local.take(client));
      return;
    }
    if (clients.length === 0) {
      send({ type: TAKE, limit, perMinute, spent: told } satisfies RateMessage);
      return;
    }
    const asks: WireAsk[] = clients.map(([client, waiters]) => [client, waiters.length]);
    void ask({ type: TAKE, limit, perMinute, extra, asks, spent: told } satisfies RateMessage).then((granted) => answer(clients, granted?.grants));
  };
  const schedule = () => {
    if (queued.size === 0 && spent.size === 0) setImmediate(flush);
  };

  return {
    take(client, now = Date.now()) {
      const lease = leases.get(client);
      if (lease && lease.tokens > 0) {
        lease.tokens--;
        lease.at = now;
        seenLately(client, now);
        return 0;
      }
      if (!process.connected) return local.take(client, now);
      if (!seenLately(client, now)) {
        schedule();
        spent.set(client, (spent.get(client) ?? 0) + 1);
        return 0;
      }
      return new Promise<number>((resolve) => {
        const waiters = queued.get(client);
        if (waiters) waiters.push(resolve);
        else {
          schedule();
          queued.set(client, [resolve]);
        }
      });
    },
  };
}

/**
 * In the cluster's primary: the machine's buckets of every limit the web processes ask
 * (`machineRateLimit`): the requests a process let through are spent first, each ask of a
 * message is granted what the client's bucket holds, the answer goes back in one message, and
 * leases given back return to their buckets.
 */
export function serveMachineRates(): void {
  const limits = new Map<string, MemoryRateLimiter>();
  const limiter = (message: RateMessage) => {
    const key = `${message.limit}:${message.perMinute}`;
    let found = limits.get(key);
    if (!found) limits.set(key, (found = new MemoryRateLimiter(message.perMinute)));
    return found;
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isRateMessage(message) || !(message.perMinute >= 1)) return;
    const now = Date.now();
    if (message.type === GIVE_BACK) {
      const buckets = limiter(message);
      for (const [client, tokens] of message.returns ?? []) buckets.giveBack(client, tokens, now);
      return;
    }
    if (message.type !== TAKE) return;
    const buckets = limiter(message);
    for (const [client, tokens] of message.spent ?? []) buckets.spend(client, tokens, now);
    if (typeof message.id !== 'number') return;
    const extra = message.extra ?? 0;
    const grants = (message.asks ?? []).map(([client, need]): WireGrant => {
      const { granted, waitMs } = buckets.takeUpTo(client, need, extra, now);
      return [granted, waitMs];
    });
    sendToWorker(worker, {
      type: GRANT,
      limit: message.limit,
      perMinute: message.perMinute,
      id: message.id,
      grants,
    } satisfies RateMessage);
  });
}
