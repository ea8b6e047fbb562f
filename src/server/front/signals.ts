import type http from 'node:http';
import { closeDatabase } from '@/server/db';
import { startJobRunner } from '@/server/jobs/runner';
import { processViewCounter } from '@/server/services/readership/views';

/** How long requests in flight get to finish after SIGTERM before the process exits anyway. */
const DRAIN_MS = 10_000;

/**
 * Takes part in the scheduled jobs; on SIGTERM or SIGINT stops taking connections and jobs,
 * lets requests and the job run in flight finish, writes the readership counts held in
 * memory, closes the database and exits. A stop is begun once: the signals that follow it
 * (a service manager signals the whole process group and the cluster's primary passes its own
 * on, so a web process gets two) change nothing, where Node's default would end the process
 * at once with its requests unanswered and its counts unwritten.
 */
export function serveUntilSignal(server: http.Server): void {
  // The jobs (and what they use: mail, imports, mailings) are loaded once the process serves:
  // a web process answers readers without waiting for code it needs only when a job is due.
  // Should they fail to load, the process still serves (the other processes run the jobs) and says why.
  const jobs = import('@/server/jobs')
    .then(({ scheduledJobs }) => startJobRunner(scheduledJobs()))
    .catch((error: unknown) => {
      console.error(JSON.stringify({ event: 'jobs_not_started', message: error instanceof Error ? error.message : String(error) }));
      return undefined;
    });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      void jobs
        .then((runner) => runner?.stop())
        .then(() => processViewCounter().stop())
        .catch((error: unknown) => console.error('Readership counts not written at shutdown:', error))
        .then(closeDatabase)
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // Keep-alive connections in use get a moment to finish their request.
    setTimeout(() => process.exit(0), DRAIN_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
