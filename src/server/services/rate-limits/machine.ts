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
/**
 * A process sends its asks of one limit at most this often (those of this span go together in
 * one message): a request from a client seen before waits at most this long beyond the
 * primary's answer, and a busy process sends a few hundred messages a second, not one a request.
 */
export const ASK_GAP_MS = 5;
/** Spends told without an ask (clients let through unseen) wait at most this long for a message, or go with the next ask. */
export const TELL_MS = 50;

const TAKE = 'machine-rate:take';
const GRANT = 'machine-rate:grant';
const GIVE_BACK = 'machine-rate:give-back';

/** One client's ask on the wire: client, requests waiting. */
type WireAsk = [string, number];
/** The primary's answer to one ask: tokens granted, and when fewer than asked, the ms until the next. */
type WireGrant = [number, number];

export interface RateMessage {
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

/** How a web process reaches the cluster's primary (its IPC channel; a test's stand-in). */
export interface PrimaryLine {
  /** Whether the primary can be reached now. */
  connected(): boolean;
  /** Sends a message that wants no answer. */
  tell(message: RateMessage): void;
  /** Sends a message and resolves with the primary's answer, or undefined once none came within ANSWER_WAIT_MS. */
  ask(message: RateMessage): Promise<RateMessage | undefined>;
}

/** This web process's line to the cluster's primary. */
function processLine(): PrimaryLine {
  const send = process.send?.bind(process);
  const ask = (askPrimary ??= primaryRequests(isGrant, ANSWER_WAIT_MS));
  return { connected: () => process.connected && send !== undefined, tell: (message) => send?.(message), ask: (message) => ask({ ...message }) };
}

/**
 * A per-client token bucket of `perMinute` for the whole machine (`limit` names it): in a
 * cluster worker, the buckets are the primary's (`serveMachineRates`), so an address spends its
 * minute once whichever web process its connections land in; in a single process, its own
 * memory's (`MemoryRateLimiter`).
 *
 * The hit path stays cheap (no wait for the primary on most requests, and few messages):
 * - a client this process has not seen for a minute passes at once, and the primary is told
 *   of the spend after (within TELL_MS, or with the next ask: its bucket may go below empty,
 *   the client then waits it off), so a reader's first request, and each request of a crowd of
 *   distinct addresses, waits for nothing; an address may so pass its limit by at most one
 *   request per other web process, once a minute;
 * - a client it has seen waits for the primary's grant, asked together with every other
 *   client's in one message, at most one every ASK_GAP_MS (a busy process's asks ride
 *   together); the grant comes with a lease of a few more (`perMinute / 20`, only while at
 *   least half the client's bucket stays full) that its next requests from that client spend
 *   without asking. A lease unspent for LEASE_IDLE_MS goes back to the primary, so a client
 *   near its limit meets the machine's count: it is refused early by at most the leases other
 *   processes hold for it for a second;
 * - a client the primary refused is refused here until its bucket's next token is due (the
 *   primary's wait), without asking again: an address past its limit costs the primary nothing
 *   more until it may pass. (A lease given back meanwhile may refill it sooner: refused early
 *   by at most that, as above.)
 * If the primary does not answer within a second (or is gone), the process decides by a
 * bucket of its own.
 */
export function machineRateLimit(limit: string, perMinute: number): ClientRateLimit {
  if (!cluster.isWorker || !process.send) return new MemoryRateLimiter(perMinute);
  return leasedRateLimit(limit, perMinute, processLine());
}

/** `machineRateLimit` in a web process: the primary's buckets, reached through `primary`. */
export function leasedRateLimit(limit: string, perMinute: number, primary: PrimaryLine): ClientRateLimit {
  const local = new MemoryRateLimiter(perMinute);
  const extra = Math.floor(perMinute / 20);
  /** Tokens granted and not spent yet, by client, and when one was last used or granted. */
  const leases = new Map<string, { tokens: number; at: number }>();
  /**
   * When this process last saw each client (insertion order is recency order), and until when
   * the primary refused it (0: not refused).
   */
  const seen = new Map<string, { at: number; refusedUntil: number }>();
  const leastRecent = new OldestEntry(seen);
  /** Requests waiting for the next message's answer, by client; and those let through, to tell. */
  let queued = new Map<string, ((waitMs: number) => void)[]>();
  let spent = new Map<string, number>();
  let sweeper: NodeJS.Timeout | undefined;
  /** The next message's timer, and when it fires; when the last message with asks went out. */
  let next: { at: number; timer: NodeJS.Timeout } | undefined;
  let lastAsk = -Infinity;

  /** Marks the client seen at `now`; answers what was known of it before (undefined: not seen lately). */
  const see = (client: string, now: number) => {
    const last = seen.get(client);
    seen.delete(client);
    if (!last && seen.size >= SEEN_MAX) {
      const oldest = leastRecent.peek();
      if (oldest) seen.delete(oldest[0]);
    }
    seen.set(client, { at: now, refusedUntil: last?.refusedUntil ?? 0 });
    return last && now - last.at < UNSEEN_MS ? last : undefined;
  };

  const sweep = () => {
    const now = Date.now();
    const returns: WireAsk[] = [];
    for (const [client, lease] of leases) {
      if (now - lease.at < LEASE_IDLE_MS) continue;
      leases.delete(client);
      if (lease.tokens > 0) returns.push([client, lease.tokens]);
    }
    if (returns.length > 0 && primary.connected()) primary.tell({ type: GIVE_BACK, limit, perMinute, returns } satisfies RateMessage);
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
      if (granted < waiters.length) {
        const wait = Math.max(1, waitMs);
        const known = seen.get(client);
        if (known) known.refusedUntil = now + wait;
        for (const waiter of waiters.slice(granted)) waiter(wait);
      }
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

  /** Sends the asks and spends held in one message (the spends first: the primary counts them before it grants). */
  const flush = () => {
    next = undefined;
    const clients = [...queued];
    const told: WireAsk[] = [...spent];
    queued = new Map();
    spent = new Map();
    if (!primary.connected()) {
      for (const [client, waiters] of clients) for (const waiter of waiters) waiter(local.take(client));
      return;
    }
    if (clients.length === 0) {
      if (told.length > 0) primary.tell({ type: TAKE, limit, perMinute, spent: told } satisfies RateMessage);
      return;
    }
    lastAsk = Date.now();
    const asks: WireAsk[] = clients.map(([client, waiters]) => [client, waiters.length]);
    void primary
      .ask({ type: TAKE, limit, perMinute, extra, asks, spent: told } satisfies RateMessage)
      .then((granted) => answer(clients, granted?.grants));
  };
  /** Sends the next message at `at` (ms) at the latest. */
  const flushBy = (at: number) => {
    if (next && next.at <= at) return;
    if (next) clearTimeout(next.timer);
    next = { at, timer: setTimeout(flush, Math.max(0, at - Date.now())) };
  };

  return {
    take(client, now = Date.now()) {
      const lease = leases.get(client);
      if (lease && lease.tokens > 0) {
        lease.tokens--;
        lease.at = now;
        see(client, now);
        return 0;
      }
      if (!primary.connected()) return local.take(client, now);
      const known = see(client, now);
      if (!known) {
        spent.set(client, (spent.get(client) ?? 0) + 1);
        flushBy(now + TELL_MS);
        return 0;
      }
      if (known.refusedUntil > now) return known.refusedUntil - now;
      return new Promise<number>((resolve) => {
        const waiters = queued.get(client);
        if (waiters) waiters.push(resolve);
        else {
          queued.set(client, [resolve]);
          flushBy(Math.max(now, lastAsk + ASK_GAP_MS));
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
  const answer = machineRates();
  cluster.on('message', (worker, message: unknown) => {
    const reply = answer(message);
    if (reply) sendToWorker(worker, reply);
  });
}

/**
 * The primary's part of `serveMachineRates`: takes one web process's message at `now` and
 * answers the reply it wants (a grant), if any.
 */
export function machineRates(): (message: unknown, now?: number) => RateMessage | undefined {
  const limits = new Map<string, MemoryRateLimiter>();
  const limiter = (message: RateMessage) => {
    const key = `${message.limit}:${message.perMinute}`;
    let found = limits.get(key);
    if (!found) limits.set(key, (found = new MemoryRateLimiter(message.perMinute)));
    return found;
  };
  return (message, now = Date.now()) => {
    if (!isRateMessage(message) || !(message.perMinute >= 1)) return undefined;
    if (message.type === GIVE_BACK) {
      const buckets = limiter(message);
      for (const [client, tokens] of message.returns ?? []) buckets.giveBack(client, tokens, now);
      return undefined;
    }
    if (message.type !== TAKE) return undefined;
    const buckets = limiter(message);
    for (const [client, tokens] of message.spent ?? []) buckets.spend(client, tokens, now);
    if (typeof message.id !== 'number') return undefined;
    const extra = message.extra ?? 0;
    const grants = (message.asks ?? []).map(([client, need]): WireGrant => {
      const { granted, waitMs } = buckets.takeUpTo(client, need, extra, now);
      return [granted, waitMs];
    });
    return { type: GRANT, limit: message.limit, perMinute: message.perMinute, id: message.id, grants };
  };
}
