import type http from 'node:http';
import { localWriteTickets, type WriteTickets } from '@/server/front/write-tickets';

/**
 * Who a write is for, which decides the slots it may take:
 * - `staff`: a request carrying a real staff session (checked against the database before it
 *   queues); may take every slot.
 * - `sign-in`: the sign-in routes, where staff get their session; may take every slot but
 *   those kept for staff.
 * - `anonymous`: everything else (comments, contact, newsletter, the page-view beacon); may
 *   take every slot but those kept for sign-ins and staff.
 */
export type WriteLane = 'anonymous' | 'sign-in' | 'staff';

/** A write's lane and the client it counts against: an address (or its IPv6 /64), or a staff session. */
export interface WriteClient {
  lane: WriteLane;
  key: string;
}

export interface WriteAdmissionOptions {
  /** Writes that run at once. */
  slots: number;
  /** The longest a write waits for a slot, by lane; then it is refused (503) instead. */
  maxWaitMs: Readonly<Record<WriteLane, number>>;
  /** Slots anonymous writes may not take: `signIn` of them sign-ins may, `staff` of them only staff. */
  reserved: { signIn: number; staff: number };
  /** The most writes one client (lane and key) runs at once; its further writes wait their turn. */
  perClient: Readonly<Record<WriteLane, number>>;
  /** The most writes one client may have waiting; past it a write is refused (503) at once. */
  maxWaitingPerClient: number;
}

/**
 * How one web process admits writes (see `WriteAdmission`): 8 at a time, one of them kept for
 * staff and one more for staff and sign-ins, so anonymous writes take at most 6; one address
 * runs at most 2 anonymous writes and 2 sign-ins at a time, one staff session 4, and has at
 * most 64 waiting, on the whole machine (however many web processes); a write waits at most 5 s for its turn before it is answered 503, a staff
 * write 15 s (staff are few and signed in: a burst of their own, a bulk action say, should
 * rather wait than fail).
 */
export const WRITE_ADMISSION: WriteAdmissionOptions = {
  slots: 8,
  maxWaitMs: { anonymous: 5_000, 'sign-in': 5_000, staff: 15_000 },
  reserved: { signIn: 1, staff: 1 },
  perClient: { anonymous: 2, 'sign-in': 2, staff: 4 },
  maxWaitingPerClient: 64,
};

interface Waiter {
  lane: WriteLane;
  begin: () => void;
}

/**
 * Admits at most `slots` writes (POST, PUT, PATCH, DELETE) into the app at a time, fairly
 * between clients; the rest wait their turn with their bodies unread. A burst of writes then
 * never fills the event loop ahead of the reads that arrive beside it, and writes that do
 * run still share a group commit. Reads are never held.
 *
 * Fair: one client (an address, or a staff session) runs at most `perClient` writes at a
 * time, and has at most `maxWaitingPerClient` waiting, so however many connections it opens
 * it holds a few slots and every other client finds the rest. Those two caps hold for the
 * whole machine (`WriteTickets`: kept by the cluster's primary when there are several web
 * processes), so a client whose connections land in N processes still runs `perClient`
 * writes, not N times them; the slots are each process's own. A write first takes one of its
 * client's places (first come first served within the client), then a slot of its lane:
 * writes wait first come, first served, except that a write whose lane's slots are all taken
 * lets the writes behind it pass. Some slots are kept from anonymous writes, so staff sign-in
 * and saves always find one even when many addresses write at once.
 *
 * A slot (and the client's place) is held from the moment a write starts until its response
 * closes, whatever closes it (the answer sent, the client gone, the socket destroyed); a
 * write whose client hangs up while it waits leaves the queue at once and never takes a
 * slot. Each request's `close` is watched from the moment it arrives, so no ending can be
 * missed.
 */
export class WriteAdmission {
  readonly #options: WriteAdmissionOptions;
  readonly #tickets: WriteTickets;
  /** Writes holding their client's place and waiting for a slot, oldest first. */
  readonly #waiting = new Set<Waiter>();
  /** Writes waiting for their client's place. */
  #asking = 0;
  #running = 0;

  constructor(options: WriteAdmissionOptions, tickets: WriteTickets = localWriteTickets()) {
    this.#options = options;
    this.#tickets = tickets;
  }

  /** Writes running now. */
  get running(): number {
    return this.#running;
  }

  /** Writes waiting now (for their client's place or for a slot). */
  get waiting(): number {
    return this.#waiting.size + this.#asking;
  }

  /**
   * Calls `start` once a slot is free for `client`, or `refuse` if none frees within the wait
   * (or the client already has as many writes waiting as it may); neither if the response
   * closes first. The slot is given back when the response closes.
   */
  admit(res: http.ServerResponse, client: WriteClient, start: () => void, refuse: () => void): void {
    let state: 'asking' | 'waiting' | 'running' | 'done' = 'asking';
    this.#asking++;
    /** The way to give the client's place back (once asked for), and the wait's timer. */
    const held: { release?: () => void; timer?: NodeJS.Timeout } = {};
    const ended = () => state === 'done';
    const waiter: Waiter = {
      lane: client.lane,
      begin: () => {
        this.#waiting.delete(waiter);
        if (state !== 'waiting') return;
        clearTimeout(held.timer);
        state = 'running';
        this.#running++;
        start();
      },
    };
    /** Leaves whatever it waits for (the client's place, a slot), giving back a place it holds. */
    const leave = () => {
      if (state === 'asking') this.#asking--;
      this.#waiting.delete(waiter);
      clearTimeout(held.timer);
      state = 'done';
      held.release?.();
    };
    res.once('close', () => {
      if (state === 'running') {
        this.#running--;
        state = 'done';
        held.release?.();
        this.#next();
      } else if (state !== 'done') leave();
    });
    const granted = () => {
      if (state !== 'asking') return;
      this.#asking--;
      state = 'waiting';
      // Every waiting write that could run has been started: a write that fits now overtakes none that could.
      if (this.#fits(client.lane)) waiter.begin();
      else this.#waiting.add(waiter);
    };
    const refused = () => {
      if (state !== 'asking') return;
      leave();
      refuse();
    };
    held.timer = setTimeout(() => {
      if (state !== 'asking' && state !== 'waiting') return;
      leave();
      refuse();
    }, this.#options.maxWaitMs[client.lane]);
    const { perClient, maxWaitingPerClient } = this.#options;
    const release = this.#tickets.take(`${client.lane} ${client.key}`, perClient[client.lane], maxWaitingPerClient, granted, refused);
    held.release = release;
    // Ended (its place given back) before `release` was known: give it back now.
    if (ended()) release();
  }

  /** Whether a write of `lane` may start now: a slot of its lane is free. */
  #fits(lane: WriteLane): boolean {
    const { slots, reserved } = this.#options;
    const laneSlots = lane === 'staff' ? slots : lane === 'sign-in' ? slots - reserved.staff : slots - reserved.staff - reserved.signIn;
    return this.#running < laneSlots;
  }

  /** Starts the oldest waiting writes that may run now. */
  #next(): void {
    for (const waiter of this.#waiting) {
      if (this.#running >= this.#options.slots) return;
      if (this.#fits(waiter.lane)) waiter.begin();
    }
  }
}

export interface BodyDeadline {
  /** A body with no new bytes for this long is stalled. */
  idleMs: number;
  /** A body that has not arrived whole after this long is too slow, however it trickles. */
  totalMs: number;
  /**
   * The slowest a body may arrive, as Apache's mod_reqtimeout `MinRate`: after `graceMs`, each
   * `bytesPerSecond` bytes that arrived buy one second more. A client trickling a byte now and
   * then is dropped after the grace, not at `totalMs`.
   */
  minRate: { graceMs: number; bytesPerSecond: number };
}

/**
 * Watches a request's body arrive while the app reads it, and calls `onStall` once if no byte
 * came for `idleMs`, the body arrives more slowly than `minRate`, or it is not whole within
 * `totalMs`. Time the app spends not reading (bytes waiting unread in the request) counts for
 * the client: then the app, not the client, is slow. Stops when the body is complete or the
 * response closes.
 */
export function watchBody(req: http.IncomingMessage, res: http.ServerResponse, deadline: BodyDeadline, onStall: () => void): void {
  if (req.complete) return;
  const started = Date.now();
  const firstBytes = req.socket.bytesRead;
  let lastBytes = firstBytes;
  let lastProgress = started;
  let lastTick = started;
  /** How long the client has had to send, not counting while the app left bytes unread. */
  let clientMs = 0;
  const tickMs = Math.max(50, Math.min(1000, deadline.idleMs / 4, deadline.minRate.graceMs / 4));
  const timer = setInterval(() => {
    if (req.complete) {
      clearInterval(timer);
      return;
    }
    const now = Date.now();
    const bytes = req.socket.bytesRead;
    const appBehind = req.readableLength > 0;
    if (!appBehind) clientMs += now - lastTick;
    lastTick = now;
    if (bytes !== lastBytes || appBehind) {
      lastBytes = bytes;
      lastProgress = now;
    }
    const allowedMs = deadline.minRate.graceMs + ((bytes - firstBytes) / deadline.minRate.bytesPerSecond) * 1000;
    if (now - lastProgress >= deadline.idleMs || now - started >= deadline.totalMs || clientMs > allowedMs) {
      clearInterval(timer);
      onStall();
    }
  }, tickMs);
  res.once('close', () => clearInterval(timer));
}
