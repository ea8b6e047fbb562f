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
