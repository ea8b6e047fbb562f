import cluster, { type Worker } from 'node:cluster';
import { channelMessages, primaryRequests, sendToWorker } from '@db/cluster-messages';
import type { PurgeFollower } from '@/server/cache/purge-follower';
import type { PageCache } from '@/server/cache/page-cache';
import type { Revalidation } from '@/server/page-render';

/**
 * Read-your-writes for the page cache. A write commits its purge with its change (see
 * `content-changes.ts`); before the write is answered, its purge is *settled* in every web
 * process of the machine: each applies the purge log through it, renders afresh the pages it
 * made stale that readers read lately (through the render thread, or the cluster's shared
 * render service, so each page renders once on the machine), and drops the others, then
 * says so. From then on no process holds a page that shows what the write changed as it
 * was, nor keeps a render begun before it (`PageCache.settle`), so whoever reads after the
 * answer (the editor who saved, a reader told by them) gets the new page, from memory.
 *
 * Readers are never made to wait by it: until the write is answered, the pages it made stale
 * are still answered from memory (stale) while their new versions render, as before; the hit
 * path reads nothing more. The write waits instead, a render's time (tens of milliseconds),
 * at most SETTLE_WAIT_MS: past that it is answered anyway and the delay is logged; a process
 * that could not render a page in time has dropped it by then, so its next reader renders it.
 *
 * The processes of one machine are reached through the cluster's primary (IPC). Processes on
 * other machines (one libSQL server behind several machines) are not: they apply the purge
 * within a second, as they did, and renew those pages stale-while-revalidate.
 */

/** How long a process renders afresh the pages a purge made stale before it drops the rest. */
const RENEW_MS = 1_000;
/** The pages a process renders afresh for one settling, the most lately read first (the rest are dropped). */
const RENEW_MOST = 32;
/** Renders asked for at once (the render thread renders one at a time; a few keep it busy). */
const RENEW_AT_ONCE = 4;
/** How long the primary waits for every web process to settle a purge. */
const CLUSTER_WAIT_MS = 1_500;
/** How long a write waits for its purge to settle everywhere before it is answered anyway. */
export const SETTLE_WAIT_MS = 2_000;

/** Settles the purges up to a logged purge's id. */
type Settle = (purgeId: number) => Promise<void>;

/**
 * What this process can settle, kept on the process's global object: the server registers it
 * (`settleHere`) from its own copy of this module, and the built app (which writes) asks from
 * another copy.
 */
interface ProcessSettling {
  local?: Settle;
  /** In a cluster worker: asks the primary to have every web process settle. */
  ask?: (purgeId: number) => Promise<void>;
}
const SETTLING = Symbol.for('energy-market-site.purge-settling');
const settling = (): ProcessSettling => {
  const processGlobal = globalThis as typeof globalThis & { [SETTLING]?: ProcessSettling };
  return (processGlobal[SETTLING] ??= {});
};

const READY = 'page-settle:ready';
const ASK = 'page-settle:ask';
const APPLY = 'page-settle:apply';
const APPLIED = 'page-settle:applied';
const SETTLED = 'page-settle:settled';

interface SettleMessage {
  type: string;
  /** The asker's request id (ASK, SETTLED), or the primary's round (APPLY, APPLIED). */
  id?: number;
  /** The logged purge to settle through. */
  through?: number;
}

const isSettleMessage = channelMessages<SettleMessage>('page-settle');

const inClusterWorker = () => cluster.isWorker && process.send !== undefined;

const log = (event: string, fields: Record<string, unknown>) => console.error(JSON.stringify({ event, ...fields }));

/**
 * A process's own settling: applies the purge log through `purgeId`, renders afresh (at most
 * RENEW_MOST, at most RENEW_MS) the pages it made stale, most lately read first, and drops
 * the stale pages left (`PageCache.settle`).
 */
export function pageSettler(cache: PageCache, purges: PurgeFollower, revalidation: Revalidation): Settle {
  return async (purgeId) => {
    const deadline = Date.now() + RENEW_MS;
    let through = cache.purgeSeq;
    try {
      await purges.applyThrough(purgeId);
      through = cache.purgeSeq;
      const renew = cache.staleThrough(through).slice(0, RENEW_MOST);
      let next = 0;
      const renewer = async () => {
        for (let page = renew[next++]; page && Date.now() < deadline; page = renew[next++]) {
          // A render begun before the purge is stored stale again: render once more (a few times at most).
          for (let tries = 0; tries < 3 && cache.staleFrom(page.address, through) && Date.now() < deadline; tries++) {
            await revalidation.run(page.address, page.params);
          }
        }
      };
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(Array.from({ length: RENEW_AT_ONCE }, renewer)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
    } catch (error) {
      // The log could not be read: drop every stale page this process holds, so none outlives the write.
      log('purge_settle_failed', { purge: purgeId, message: error instanceof Error ? error.message : String(error) });
      through = cache.purgeSeq;
    } finally {
      cache.settle(through);
    }
  };
}

/**
 * Registers this process's settling (the server's front does, once its page cache exists);
 * in a cluster worker, also answers the primary's requests to settle.
 */
export function settleHere(settle: Settle): void {
  const state = settling();
  const first = state.local === undefined;
  state.local = settle;
  if (!first || !inClusterWorker()) return;
  process.on('message', (message: unknown) => {
    if (!isSettleMessage(message) || message.type !== APPLY || message.through === undefined) return;
    const id = message.id;
    void (state.local?.(message.through) ?? Promise.resolve())
      .catch((error: unknown) =>
        log('purge_settle_failed', { purge: message.through, message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        if (process.connected) process.send?.({ type: APPLIED, id });
      });
  });
  process.send?.({ type: READY });
}

/**
 * Waits until every web process of this machine has settled the logged purge `purgeId`
 * (see the top of this file), at most SETTLE_WAIT_MS; past that, logs it and returns. A
 * process that serves no pages (a command, `astro dev`, a test calling a service) has
 * nothing to wait for.
 */
export async function settleEverywhere(purgeId: number): Promise<void> {
  const state = settling();
  if (!state.local) return;
  const began = Date.now();
  const settled = inClusterWorker() ? (state.ask ??= askPrimary())(purgeId) : state.local(purgeId);
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    settled.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SETTLE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!inTime) log('purge_settle_late', { purge: purgeId, waitedMs: Date.now() - began });
}

/**
 * A cluster worker's way to ask the primary to settle a purge in every web process: no deadline
 * of its own (the primary answers within CLUSTER_WAIT_MS; `settleEverywhere` waits at most
 * SETTLE_WAIT_MS), nothing to wait for once the primary is gone (the process is stopping).
 */
function askPrimary(): (purgeId: number) => Promise<void> {
  const ask = primaryRequests(
    (message: unknown): message is SettleMessage & { id: number } => isSettleMessage(message) && message.type === SETTLED && message.id !== undefined,
  );
  return async (purgeId) => {
    await ask({ type: ASK, through: purgeId });
  };
}

/**
 * In the cluster's primary: settles a purge a web process asks for in every web process that
 * follows purges (said READY), and answers it once each has said it settled, or left, or
 * CLUSTER_WAIT_MS passed (logged, naming the processes late).
 */
export function serveClusterSettles(): void {
  const ready = new Set<Worker>();
  const rounds = new Map<number, { pending: Set<Worker>; finish: () => void }>();
  let nextRound = 1;
  const send = (worker: Worker, message: SettleMessage) => sendToWorker(worker, message);
  const answered = (round: number, worker: Worker) => {
    const waiting = rounds.get(round);
    if (!waiting?.pending.delete(worker)) return;
    if (waiting.pending.size === 0) waiting.finish();
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isSettleMessage(message)) return;
    if (message.type === READY) ready.add(worker);
    else if (message.type === APPLIED && message.id !== undefined) answered(message.id, worker);
    else if (message.type === ASK && message.id !== undefined && message.through !== undefined) {
      const round = nextRound++;
      const asker = { worker, id: message.id };
      const pending = new Set([...ready].filter((w) => w.isConnected()));
      const finish = () => {
        clearTimeout(timer);
        rounds.delete(round);
        if (pending.size > 0) log('purge_settle_late', { purge: message.through, processes: [...pending].map((w) => w.process.pid) });
        send(asker.worker, { type: SETTLED, id: asker.id });
      };
      const timer = setTimeout(finish, CLUSTER_WAIT_MS);
      rounds.set(round, { pending, finish });
      for (const w of [...pending]) if (!send(w, { type: APPLY, id: round, through: message.through })) pending.delete(w);
      if (pending.size === 0) finish();
    }
  });
  cluster.on('exit', (worker) => {
    ready.delete(worker);
    for (const round of [...rounds.keys()]) answered(round, worker);
  });
}
