import cluster, { type Worker } from 'node:cluster';
import { channelMessages, sendToWorker, type ChannelMessage } from './cluster-messages.ts';

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
 * undefined: a single process needs none.
 */
export function clusterWriteLock(): (() => Promise<() => void>) | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  // One client per process, however many copies of this module are loaded (the server's own
  // and the built app's): request ids are the primary's key, so two clients numbering their
  // requests each from 1 would take each other's grants and release locks they never held.
  const processGlobal = globalThis as typeof globalThis & { [LOCK_CLIENT]?: () => Promise<() => void> };
  return (processGlobal[LOCK_CLIENT] ??= lockClient(process.send.bind(process)));
}

const LOCK_CLIENT = Symbol.for('energy-market-site.cluster-write-lock');

function lockClient(send: (message: LockMessage) => boolean): () => Promise<() => void> {
  const waiting = new Map<number, () => void>();
  let nextId = 1;
  process.on('message', (message: unknown) => {
    if (isLockMessage(message) && message.type === GRANT) {
      waiting.get(message.id)?.();
      waiting.delete(message.id);
    }
  });
  return () =>
    new Promise((resolve) => {
      const id = nextId++;
      let released = false;
      waiting.set(id, () =>
        resolve(() => {
          // A lock is given back once, whichever path (commit, rollback, failure) gets there first.
          if (released) return;
          released = true;
          send({ type: RELEASE, id });
        }),
      );
      send({ type: ACQUIRE, id });
    });
}
