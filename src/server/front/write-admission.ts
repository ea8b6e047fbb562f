import type http from 'node:http';

export interface WriteAdmissionOptions {
  /** Writes that run at once. */
  slots: number;
  /** The longest a write waits for a slot; then it is refused (503) instead. */
  maxWaitMs: number;
}

/**
 * Admits at most `slots` writes (POST, PUT, PATCH, DELETE) into the app at a time; the rest
 * wait their turn, first come first served, with their bodies unread. A burst of writes then
 * never fills the event loop ahead of the reads that arrive beside it, and writes that do
 * run still share a group commit. Reads are never held.
 *
 * A slot is held from the moment a write starts until its response closes, whatever closes
 * it (the answer sent, the client gone, the socket destroyed); a write whose client hangs up
 * while it waits leaves the queue at once and never takes a slot. Each request's `close` is
 * watched from the moment it arrives, so no ending can be missed.
 */
export class WriteAdmission {
  readonly #options: WriteAdmissionOptions;
  readonly #waiting = new Set<() => void>();
  #running = 0;

  constructor(options: WriteAdmissionOptions) {
    this.#options = options;
  }

  /** Writes running now. */
  get running(): number {
    return this.#running;
  }

  /** Writes waiting for a slot now. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /**
   * Calls `start` once a slot is free, or `refuse` if none frees within the wait; neither if
   * the response closes first. The slot is given back when the response closes.
   */
  admit(res: http.ServerResponse, start: () => void, refuse: () => void): void {
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    const wait: { timer?: NodeJS.Timeout } = {};
    const begin = () => {
      this.#waiting.delete(begin);
      clearTimeout(wait.timer);
      if (state !== 'waiting') return;
      state = 'running';
      this.#running++;
      start();
    };
    res.once('close', () => {
      if (state === 'running') {
        this.#running--;
        this.#next();
      } else if (state === 'waiting') {
        this.#waiting.delete(begin);
        clearTimeout(wait.timer);
      }
      state = 'done';
    });
    if (this.#running < this.#options.slots && this.#waiting.size === 0) {
      begin();
      return;
    }
    this.#waiting.add(begin);
    wait.timer = setTimeout(() => {
      if (state !== 'waiting') return;
      this.#waiting.delete(begin);
      state = 'done';
      refuse();
    }, this.#options.maxWaitMs);
  }

  #next(): void {
    while (this.#running < this.#options.slots) {
      const first = this.#waiting.values().next();
      if (first.done) return;
      first.value();
    }
  }
}

export interface BodyDeadline {
  /** A body with no new bytes for this long is stalled. */
  idleMs: number;
  /** A body that has not arrived whole after this long is too slow, however it trickles. */
  totalMs: number;
}

/**
 * Watches a request's body arrive while the app reads it, and calls `onStall` once if no
 * byte came for `idleMs` or the whole body not within `totalMs`. Bytes waiting unread in the
 * request count as progress: then the app, not the client, is slow. Stops when the body is
 * complete or the response closes.
 */
export function watchBody(req: http.IncomingMessage, res: http.ServerResponse, deadline: BodyDeadline, onStall: () => void): void {
  if (req.complete) return;
  const started = Date.now();
  let lastBytes = req.socket.bytesRead;
  let lastProgress = started;
  const timer = setInterval(
    () => {
      if (req.complete) {
        clearInterval(timer);
        return;
      }
      const now = Date.now();
      const bytes = req.socket.bytesRead;
      if (bytes !== lastBytes || req.readableLength > 0) {
        lastBytes = bytes;
        lastProgress = now;
      }
      if (now - lastProgress >= deadline.idleMs || now - started >= deadline.totalMs) {
        clearInterval(timer);
        onStall();
      }
    },
    Math.max(50, Math.min(1000, deadline.idleMs / 4)),
  );
  res.once('close', () => clearInterval(timer));
}
