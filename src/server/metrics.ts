import cluster from 'node:cluster';
import type http from 'node:http';
import client from 'prom-client';
import { writeQueueStats } from '@db/group-commit';
import type { PageCache } from '@/server/cache/page-cache';

/**
 * The site's Prometheus metrics, once per process (the server and the built app each load
 * this module; the first creates them, both record into them). Served on METRICS_PORT, never
 * on the site's own port: by the cluster's primary for all its web processes, or by the one
 * process.
 */
interface Metrics {
  registry: client.Registry;
  requests: client.Counter<'class' | 'status'>;
  renderSeconds: client.Histogram<'route' | 'thread'>;
  purges: client.Counter<'result'>;
  jobRuns: client.Counter<'job' | 'result'>;
  pageCaches: Set<PageCache>;
  outboxWaiting: (() => Promise<number>) | undefined;
  writes: { running: number; waiting: number } | undefined;
  purgeFollower: { reads: number } | undefined;
}

const KEY = Symbol.for('energy-market-site.metrics');
const processGlobal = globalThis as typeof globalThis & { [KEY]?: Metrics };

function createMetrics(): Metrics {
  // A web process of a cluster answers its primary's requests for its metrics: prom-client
  // listens for them once an aggregator registry exists in the process.
  if (cluster.isWorker) new client.AggregatorRegistry();
  const registry = client.register;
  client.collectDefaultMetrics({ register: registry });
  const pageCaches = new Set<PageCache>();
  const metrics: Metrics = {
    registry,
    pageCaches,
    outboxWaiting: undefined,
    writes: undefined,
    purgeFollower: undefined,
    requests: new client.Counter({
      name: 'site_http_requests_total',
      help: 'Requests answered, by route class and status class.',
      labelNames: ['class', 'status'],
      registers: [registry],
    }),
    renderSeconds: new client.Histogram({
      name: 'site_page_render_seconds',
      help: 'Time to render a cacheable page (a miss or a stale page), by route and by thread: the render thread, or the serving thread when the render thread could not.',
      labelNames: ['route', 'thread'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    purges: new client.Counter({
      name: 'site_shared_cache_purges_total',
      help: 'Purges sent to the shared cache in front, by result.',
      labelNames: ['result'],
      registers: [registry],
    }),
    jobRuns: new client.Counter({
      name: 'site_job_runs_total',
      help: 'Scheduled job runs, by job and result.',
      labelNames: ['job', 'result'],
      registers: [registry],
    }),
  };
  const cacheEvents = new client.Counter({
    name: 'site_page_cache_events_total',
    help: 'Page cache events: hits, stale hits (answered while the page renders again), misses, renders, background revalidations, purged pages.',
    labelNames: ['event'],
    registers: [registry],
    collect() {
      this.reset();
      for (const cache of pageCaches) {
        const c = cache.counts;
        this.inc({ event: 'hit' }, c.hits);
        this.inc({ event: 'stale_hit' }, c.staleHits);
        this.inc({ event: 'miss' }, c.misses);
        this.inc({ event: 'render' }, c.renders);
        this.inc({ event: 'revalidation' }, c.revalidations);
        this.inc({ event: 'purged' }, c.purged);
      }
    },
  });
  void cacheEvents;
  new client.Gauge({
    name: 'site_page_cache_bytes',
    help: 'Memory the page cache holds.',
    registers: [registry],
    collect() {
      this.set([...pageCaches].reduce((sum, cache) => sum + cache.bytes, 0));
    },
  });
  new client.Counter({
    name: 'site_purge_log_reads_total',
    help: 'Reads of the purge log before answers from memory (a purge, or another commit seen after a while without one, makes the next answer read it).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(metrics.purgeFollower?.reads ?? 0);
    },
  });
  new client.Gauge({
    name: 'site_write_slots_busy',
    help: 'Write requests running (each holds one of the write slots).',
    registers: [registry],
    collect() {
      this.set(metrics.writes?.running ?? 0);
    },
  });
  new client.Gauge({
    name: 'site_write_waiting',
    help: 'Write requests waiting for a write slot.',
    registers: [registry],
    collect() {
      this.set(metrics.writes?.waiting ?? 0);
    },
  });
  new client.Gauge({
    name: 'site_db_write_queue_depth',
    help: 'Write transactions waiting for the database writer.',
    registers: [registry],
    collect() {
      this.set(writeQueueStats.waiting);
    },
  });
  const commitSeconds = new client.Histogram({
    name: 'site_db_commit_seconds',
    help: 'Time each group commit (and its fsync) took.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  writeQueueStats.onCommit.add((seconds) => commitSeconds.observe(seconds));
  new client.Gauge({
    name: 'site_outbox_waiting_messages',
    help: 'Mail messages in the outbox not yet sent or given up on.',
    registers: [registry],
    async collect() {
      if (metrics.outboxWaiting) this.set(await metrics.outboxWaiting().catch(() => Number.NaN));
    },
  });
  return metrics;
}

/** This process's metrics. */
export function metrics(): Metrics {
  return (processGlobal[KEY] ??= createMetrics());
}

/** The status class of a response: 2xx, 3xx, 4xx, 5xx. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** Counts an answered request of a route class (page, cached_page, prerendered, api, asset, write, front). */
export function recordRequest(routeClass: string, status: number): void {
  metrics().requests.inc({ class: routeClass, status: statusClass(status) });
}

/** Records a page render's duration, and the thread it ran on. */
export function recordRender(route: string, seconds: number, thread: 'render' | 'serving'): void {
  metrics().renderSeconds.observe({ route, thread }, seconds);
}

/** Counts a purge sent to the shared cache, or one that failed. */
export function recordPurgeSent(ok: boolean): void {
  metrics().purges.inc({ result: ok ? 'sent' : 'failed' });
}

/** Counts a scheduled job's run. */
export function recordJobRun(job: string, ok: boolean): void {
  metrics().jobRuns.inc({ job, result: ok ? 'ok' : 'failed' });
}

/** Lets the metrics read a page cache's counts and size. */
export function watchPageCache(cache: PageCache): void {
  metrics().pageCaches.add(cache);
}

/** Lets the metrics read how many writes hold a slot and how many wait for one. */
export function watchWrites(admission: { running: number; waiting: number }): void {
  metrics().writes = admission;
}

/** Lets the metrics count the purge follower's reads of the log. */
export function watchPurgeFollower(follower: { reads: number }): void {
  metrics().purgeFollower = follower;
}

/** Lets the metrics count the outbox's waiting messages at each scrape. */
export function watchOutbox(count: () => Promise<number>): void {
  metrics().outboxWaiting = count;
}

/** This process's metrics in Prometheus's text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** The metrics of every web process of a cluster, for the primary (prom-client's aggregation over IPC). */
export async function clusterMetricsText(): Promise<{ contentType: string; body: string }> {
  const aggregator = new client.AggregatorRegistry();
  return { contentType: aggregator.contentType, body: await aggregator.clusterMetrics() };
}

/** Answers a metrics scrape: GET /metrics with the given text, 404 for anything else. */
export function metricsListener(text: () => Promise<{ contentType: string; body: string }>): http.RequestListener {
  return (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    text().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${error instanceof Error ? error.message : String(error)}\n`),
    );
  };
}
