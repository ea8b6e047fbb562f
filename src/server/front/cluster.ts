import cluster from 'node:cluster';
import { serveClusterWriteLock } from '@db/cluster-write-lock';
import { serveClusterSettles } from '@/server/cache/settle';
import { type AppConfig } from '@/server/config';
import { serveWriteTickets } from '@/server/front/write-tickets';
import { serveMachineFlags } from '@/server/front/machine-flags';
import { serveViewCaps } from '@/server/services/readership/machine-views';
import { serveMachineRates } from '@/server/services/rate-limits/machine';

/** What a web process tells the cluster's primary once it accepts connections. */
export const LISTENING_MESSAGE = 'web-process:listening';

/** The wait before a web process that stopped is replaced: doubling with each stop in the last minute, at most 30 s. */
export function restartDelayMs(stopsInLastMinute: number): number {
  if (stopsInLastMinute <= 1) return 0;
  return Math.min(30_000, 250 * 2 ** (stopsInLastMinute - 2));
}

/**
 * The cluster's primary, once the database is prepared: forks one web process per worker
 * (running `entry` with `execArgv`) and replaces any that stops, for as long as it runs.
 * Processes that keep stopping are replaced after a growing wait (said in the log), never
 * given up on: a fault that kills them on some request must not take the site down for good.
 * `env` is added to each web process's environment (where the shared render service listens).
 */
export function runPrimary(config: AppConfig, workers: number, entry: { exec: string; execArgv: string[] }, env: Record<string, string> = {}): void {
  serveClusterWriteLock();
  serveClusterSettles();
  serveWriteTickets();
  serveViewCaps();
  serveMachineRates();
  serveMachineFlags();
  cluster.setupPrimary(entry);
  let stopping = false;
  let listening = 0;
  const recentStops: number[] = [];
  const fork = () => {
    if (stopping) return;
    // Each web process runs several threads (database readers, the writer); glibc would give
    // each its own malloc arenas, and the process's memory would keep creeping up under load.
    const worker = cluster.fork({ ...env, MALLOC_ARENA_MAX: process.env['MALLOC_ARENA_MAX'] ?? '2' });
    const onMessage = (message: unknown) => {
      if (message !== LISTENING_MESSAGE) return;
      worker.off('message', onMessage);
      if (++listening === workers) console.log(`Serving ${config.siteUrl} (listening on http://${config.host}:${config.port}, ${workers} processes)`);
    };
    worker.on('message', onMessage);
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    recentStops.push(now);
    while (recentStops.length > 0 && (recentStops[0] ?? now) < now - 60_000) recentStops.shift();
    const delay = restartDelayMs(recentStops.length);
    const why = signal ?? `exit code ${code}`;
    console.error(
      delay === 0
        ? `Web process ${worker.process.pid} stopped (${why}); starting another.`
        : `Web process ${worker.process.pid} stopped (${why}), ${recentStops.length} stops in the last minute; starting another in ${(delay / 1000).toFixed(1)} s. See the errors above.`,
    );
    setTimeout(fork, delay);
  });
  for (let i = 0; i < workers; i++) fork();

  // Begun once: a service manager signals the whole group, a terminal's Ctrl-C too, and a
  // repeated signal must not end the primary while its web processes still finish requests
  // through its render service.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    }, 100);
    setTimeout(() => process.exit(0), 12_000).unref();
    check.unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
