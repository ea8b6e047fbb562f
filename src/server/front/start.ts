import cluster from 'node:cluster';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { appConfig, type AppConfig } from '@/server/config';
import { messages } from '@/server/errors';
import { LISTENING_MESSAGE, runPrimary } from '@/server/front/cluster';
import { createHttpServer, describeListenError, listen } from '@/server/front/http-server';
import { createRequestListener } from '@/server/front/listener';
import { sendJsonMessage } from '@/server/front/responses';
import { clusterMetricsText, metricsListener, metricsText } from '@/server/metrics';
import { serveUntilSignal } from '@/server/front/signals';
import { RENDER_SERVICE_ENV, serveSharedRenders, startRenderThread } from '@/server/front/render-thread';

export interface ServerEntry {
  /** The built site (`dist`). */
  distDir: string;
  /** Migrates and seeds the database once, before any web process serves; rejects with a one-line message. */
  prepareDatabase: () => Promise<void>;
  /** The script a web process of the cluster runs, and its Node options. */
  exec: string;
  execArgv: string[];
  /** The migrations this build ships: readiness (/readyz) wants the database to have them all. */
  shippedMigrations: number;
}

/** A start-up failure the operator can act on: printed as one line, without a stack. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadConfigOrExit(): AppConfig {
  try {
    return appConfig();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

async function prepareOrExit(entry: ServerEntry): Promise<void> {
  try {
    await entry.prepareDatabase();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/** One web process: binds the port first (answering 503 while the database is prepared), then serves. */
async function startSingle(config: AppConfig, entry: ServerEntry): Promise<http.Server> {
  let listener: http.RequestListener = (_req, res) => sendJsonMessage(res, 503, messages.starting, { 'Retry-After': '2' });
  const server = createHttpServer((req, res) => listener(req, res));
  await listen(server, config).catch((error: NodeJS.ErrnoException) => fail(describeListenError(error, config)));
  await prepareOrExit(entry);
  listener = await createRequestListener(config, entry.distDir, entry);
  serveMetrics(config, metricsText);
  console.log(`Serving ${config.siteUrl} (listening on http://${config.host}:${config.port})`);
  serveUntilSignal(server);
  return server;
}

/** A cluster worker: the database is prepared by the primary; it only serves. */
async function startWorker(config: AppConfig, entry: ServerEntry): Promise<http.Server> {
  const server = createHttpServer(await createRequestListener(config, entry.distDir, entry));
  await listen(server, config, { shared: true }).catch((error: NodeJS.ErrnoException) => fail(describeListenError(error, config)));
  // A socket bound on its own raises no cluster 'listening' event: tell the primary.
  process.send?.(LISTENING_MESSAGE);
  serveUntilSignal(server);
  return server;
}

/** The primary: checks the port is free before touching the database, prepares it once, then runs the web processes. */
async function startPrimary(config: AppConfig, entry: ServerEntry): Promise<void> {
  const probe = net.createServer();
  await listen(probe, config).catch((error: NodeJS.ErrnoException) => fail(describeListenError(error, config)));
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  await prepareOrExit(entry);
  // One render thread for every web process: a change renders each page it concerns once.
  const renders = await serveSharedRenders(startRenderThread(join(entry.distDir, 'server/entry.mjs')));
  runPrimary(
    config,
    config.webConcurrency,
    { exec: entry.exec, execArgv: entry.execArgv },
    { [RENDER_SERVICE_ENV.port]: String(renders.port), [RENDER_SERVICE_ENV.secret]: renders.secret },
  );
  serveMetrics(config, clusterMetricsText);
}

/** Serves Prometheus metrics on METRICS_HOST:METRICS_PORT when set (never the site's own port). */
function serveMetrics(config: AppConfig, text: () => Promise<{ contentType: string; body: string }>): void {
  if (!config.metrics) return;
  const { host, port } = config.metrics;
  const server = http.createServer(metricsListener(text));
  server.once('error', (error: NodeJS.ErrnoException) =>
    fail(`METRICS_PORT ${port} on ${host}: ${error.code === 'EADDRINUSE' ? 'already in use' : error.message}`),
  );
  server.listen(port, host, () => console.log(`Metrics on http://${host}:${port}/metrics`));
}

/**
 * Starts serving: one process when WEB_CONCURRENCY is 1, else a cluster of that many
 * (one per core by default). Resolves with the server in a single process.
 */
export async function startServer(entry: ServerEntry): Promise<http.Server | undefined> {
  // The built app is a production build, and so are the libraries it loads at run time:
  // React picks its development runtime (several times slower to render) unless NODE_ENV
  // says production, whatever the shell (or a test runner's NODE_ENV=test) set. Set before
  // the app loads; web processes and render threads inherit it.
  process.env['NODE_ENV'] = 'production';
  const config = loadConfigOrExit();
  if (cluster.isWorker) return startWorker(config, entry);
  if (config.webConcurrency > 1) {
    await startPrimary(config, entry);
    return undefined;
  }
  return startSingle(config, entry);
}
