import cluster, { type Worker } from 'node:cluster';
import { channelMessages, primaryRequests, sendToWorker, type ChannelMessage } from './cluster-messages.ts';

const ACQUIRE = 'db-write-lock:acquire';
const GRANT = 'db-write-lock:grant';
const RELEASE = 'db-write-lock:release';

type LockMessage = ChannelMessage;

const isLockMessage = channelMessages<LockMessage>('db-write-lock');

/**
 * Hands the database's write lock from process to process inside a cluster (run in the
 * primary). SQLite's own lock between processes is a busy timeout that sleeps and retries
 * in growing steps, so writers of two web processes would wait for each other far longer
 * than the write takes; this queue wakes the next writer the moment the lock is free.
 * Processes outside the cluster (a command run beside the server) still meet SQLite's lock.
 */
export function serveClusterWriteLock(): void {
  const queue: { worker: Worker; id: number }[] = [];
  let holder: { worker: Worker; id: number } | undefined;
  const grantNext = () => {
    while (!holder && queue.length > 0) {
      const next = queue.shift();
      // A process gone (or going) is passed over.
      if (next && sendToWorker(next.worker, { type: GRANT, id: next.id } satisfies LockMessage)) holder = next;
    }
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isLockMessage(message)) return;
    if (message.type === ACQUIRE) queue.push({ worker, id: message.id });
    else if (message.type === RELEASE && holder?.worker === worker && holder.id === message.id) holder = undefined;
    grantNext();
  });
  cluster.on('exit', (worker) => {
    // A process that dies holding the lock gives it back (SQLite rolled its transaction back).
    if (holder?.worker === worker) holder = undefined;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.worker === worker) queue.splice(i, 1);
    grantNext();
  });
}

/**
 * In a cluster worker: takes the cluster's write lock (resolving with its release), else
 * undefined: a single process needs none. Once the primary is gone (the process is stopping),
 * a write takes no cluster lock: SQLite's own lock is left between it and the others.
 */
export function clusterWriteLock(): (() => Promise<() => void>) | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  // One client per process, however many copies of this module are loaded (the server's own
  // and the built app's): one listener for all (the request ids, the primary's key, are
  // numbered for the process by `primaryRequests`).
  const processGlobal = globalThis as typeof globalThis & { [LOCK_CLIENT]?: () => Promise<() => void> };
  return (processGlobal[LOCK_CLIENT] ??= lockClient());
}

const LOCK_CLIENT = Symbol.for('energy-market-site.cluster-write-lock');

function lockClient(): () => Promise<() => void> {
  // No deadline: a writer waits its turn, however long the writers before it take.
  const ask = primaryRequests((message: unknown): message is LockMessage => isLockMessage(message) && message.type === GRANT);
  return async () => {
    const { id, answer } = ask.request({ type: ACQUIRE });
    if (!(await answer)) return () => undefined;
    let released = false;
    return () => {
      // A lock is given back once, whichever path (commit, rollback, failure) gets there first.
      if (released) return;
      released = true;
      if (process.connected) process.send?.({ type: RELEASE, id } satisfies LockMessage);
    };
  };
}
