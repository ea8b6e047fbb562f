import type { Worker } from 'node:cluster';
// Messages between a cluster's primary and its web processes (`process.send`, `cluster.on('message')`).
// Each use has a channel of its own: its message types are `<channel>:<kind>` (`write-ticket:take`),
// and every listener, which hears every channel's messages, keeps to its own with a guard. It sits
// in db/ because the database's write lock is one of its users (db/ imports nothing from src/).

/** What every channel's messages carry: the type, and the request it answers (when there is one). */
export interface ChannelMessage {
  type: string;
  id: number;
}

/**
 * The guard of one channel's messages: objects whose `type` is one of `channel`'s, and that pass
 * `check` (the fields the channel cannot do without).
 */
export function channelMessages<M extends { type: string }>(channel: string, check: (message: M) => boolean = () => true) {
  const prefix = `${channel}:`;
  return (message: unknown): message is M =>
    typeof message === 'object' &&
    message !== null &&
    typeof (message as M).type === 'string' &&
    (message as M).type.startsWith(prefix) &&
    check(message as M);
}

/** A check that a message carries the number of the request it belongs to. */
export const withRequestId = (message: { id?: unknown }): boolean => typeof message.id === 'number';

/**
 * Sends `message` to a web process from the cluster's primary: false when the process has gone
 * (or is going) and could not take it. Node's false from `send` means a backlog, not a message lost.
 */
export function sendToWorker(worker: Worker, message: object): boolean {
  if (!worker.isConnected()) return false;
  try {
    worker.send(message);
    return true;
  } catch {
    return false;
  }
}

const REQUEST_IDS = Symbol.for('energy-market-site.cluster-request-ids');

/** A request sent to the cluster's primary, waiting for its answer. */
export interface PrimaryRequest<Answer> {
  /** The request's number, which its answer carries (and any message that follows it, such as a release). */
  readonly id: number;
  /**
   * The primary's answer, or undefined: none came within the deadline, the primary is gone (or
   * went while this waited), or the request was withdrawn.
   */
  readonly answer: Promise<Answer | undefined>;
  /** Stops waiting: the answer resolves undefined now, and one arriving later is ignored. */
  readonly withdraw: () => void;
}

/** Asks the cluster's primary: `ask(message)` resolves with the answer, `ask.request(message)` also gives the request's id and a way to withdraw it. */
export interface PrimaryRequests<Answer> {
  (message: OutgoingMessage): Promise<Answer | undefined>;
  request(message: OutgoingMessage): PrimaryRequest<Answer>;
}

type OutgoingMessage = { type: string; [field: string]: unknown };

/**
 * In a cluster worker: requests to the cluster's primary that each get one answer. `ask(message)`
 * sends `message` with a request id and resolves with the primary's answer to it (a message
 * `isAnswer` accepts, carrying that id), or undefined once none came within `waitMs` (with no
 * `waitMs`, no deadline: for a protocol whose primary always answers, or whose wait is the
 * point, as a lock's), or at once when the primary is gone, or as soon as it goes. One process
 * listener per call; the ids are numbered for the whole process (every copy of this module
 * loaded, the server's own and the built app's, counts on), so two askers of one channel never
 * take each other's answers, and the primary may key what it keeps by process and id.
 */
export function primaryRequests<Answer extends ChannelMessage>(
  isAnswer: (message: unknown) => message is Answer,
  waitMs?: number,
): PrimaryRequests<Answer> {
  const waiting = new Map<number, (answer: Answer | undefined) => void>();
  process.on('message', (message: unknown) => {
    if (isAnswer(message)) waiting.get(message.id)?.(message);
  });
  // The primary gone: nothing will answer what waits.
  process.on('disconnect', () => {
    for (const done of [...waiting.values()]) done(undefined);
  });
  const ids = globalThis as typeof globalThis & { [REQUEST_IDS]?: number };
  const request = (message: OutgoingMessage): PrimaryRequest<Answer> => {
    const id = (ids[REQUEST_IDS] = (ids[REQUEST_IDS] ?? 0) + 1);
    let done: (answer: Answer | undefined) => void = () => undefined;
    const answer = new Promise<Answer | undefined>((resolve) => {
      if (!process.connected || !process.send) {
        resolve(undefined);
        return;
      }
      const timer = waitMs === undefined ? undefined : setTimeout(() => done(undefined), waitMs);
      done = (value) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(value);
      };
      waiting.set(id, done);
      process.send({ ...message, id });
    });
    return { id, answer, withdraw: () => done(undefined) };
  };
  return Object.assign((message: OutgoingMessage) => request(message).answer, { request });
}
