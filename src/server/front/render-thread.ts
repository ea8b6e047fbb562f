import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { recordRender } from '@/server/metrics';
import { RENDER_HEADERS, renderedFromAnswer, renderedHeaders, type PageRenderer, type RenderedPage } from '@/server/page-render';

/**
 * The thread's program: loads the built app and answers its own process's page renders on
 * a loopback port of its own (exclusive, so in a cluster it is never shared with another
 * process), each proven by the secret only this process knows. It renders, it never stores:
 * the app answers the page with what it showed (`renderOnly`), and the serving thread keeps it.
 * Once up, it loads the rest of the app's modules in the background (`warm`).
 */
const THREAD_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
import(workerData.entry).then(({ handler }) => {
  const server = http.createServer({ headersTimeout: 10000, requestTimeout: 120000, keepAliveTimeout: 30000 }, (req, res) => {
    if (req.headers[workerData.secretHeader] !== workerData.secret || req.method !== 'GET') {
      res.writeHead(403, { 'Content-Length': '0' });
      res.end();
      return;
    }
    delete req.headers[workerData.secretHeader];
    handler(req, res, undefined, { renderOnly: true });
  });
  server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
    parentPort.postMessage({ port: server.address().port });
    void warm();
  });
}, (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));

// Loads the rest of the built app's code while the thread already answers: a route's first
// render then does not pay for loading its modules (most of a cold render). One module a
// turn, so renders asked meanwhile go between them; a module that fails to load is left to
// fail where it is used.
async function warm() {
  const chunks = new URL('./chunks/', workerData.entry);
  let files = [];
  try {
    files = require('node:fs').readdirSync(chunks).filter((name) => name.endsWith('.mjs'));
  } catch {
    return;
  }
  for (const name of files) {
    await import(new URL(name, chunks).href).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
`;

/** After the thread exits, it starts again after this long (doubling to a minute while it keeps failing). */
const RESTART_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** A render that takes longer than this is abandoned (the page stays as it was, or renders on the serving thread). */
const RENDER_TIMEOUT_MS = 60_000;

/**
 * Starts the render thread of this process, on the built app's entry (`dist/server/entry.mjs`).
 * A page render (tens of milliseconds for the home page) then never holds the thread that
 * answers readers from memory: a stale page is served while its new version renders here,
 * and a miss waits for its own render only.
 */
export function startRenderThread(entryFile: string): PageRenderer {
  const secret = randomBytes(24).toString('base64url');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let worker: Worker | undefined;
  let port: number | undefined;
  let closed = false;
  let restartMs = RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    // The thread is no cluster worker of its own: without NODE_UNIQUE_ID its listen stays its own.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_UNIQUE_ID'));
    const thread = new Worker(THREAD_SOURCE, {
      eval: true,
      env,
      workerData: { entry: pathToFileURL(entryFile).href, secret, secretHeader: RENDER_HEADERS.secret },
    });
    worker = thread;
    thread.unref();
    thread.on('message', (message: { port?: number; error?: string }) => {
      if (message.port !== undefined) {
        port = message.port;
        restartMs = RESTART_MS;
      } else if (message.error) {
        console.error(JSON.stringify({ event: 'render_thread_failed', message: message.error.split('\n')[0] }));
        void thread.terminate();
      }
    });
    thread.on('error', (error: Error) => console.error(JSON.stringify({ event: 'render_thread_failed', message: error.message })));
    thread.once('exit', () => {
      if (worker === thread) {
        worker = undefined;
        port = undefined;
      }
      if (closed) return;
      restartTimer = setTimeout(start, restartMs);
      restartTimer.unref();
      restartMs = Math.min(restartMs * 2, RESTART_MAX_MS);
    });
  };
  start();

  return {
    render: (address) => (port === undefined ? Promise.resolve(undefined) : renderOver(agent, port, address, { [RENDER_HEADERS.secret]: secret })),
    get ready() {
      return port !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(restartTimer);
      agent.destroy();
      await worker?.terminate();
    },
  };
}

/**
 * Asks a render (of the render thread, or of the cluster's shared render service) for the page
 * at `address`; undefined when it failed, so the caller renders it itself.
 */
function renderOver(agent: http.Agent, port: number, address: string, headers: Record<string, string>): Promise<RenderedPage | undefined> {
  return new Promise<RenderedPage | undefined>((resolve) => {
    const began = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: address, agent, headers: { ...headers, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('error', () => resolve(undefined));
      res.once('end', () => {
        const rendered = renderedFromAnswer(res.statusCode ?? 500, res.headers, Buffer.concat(chunks));
        // A fault of the thread (a 5xx, an answer without its render headers) renders again on the serving thread.
        if (!rendered) {
          if (res.statusCode !== SERVICE_UNAVAILABLE)
            console.error(JSON.stringify({ event: 'page_render_failed', address: address.slice(0, 200), status: res.statusCode }));
          resolve(undefined);
          return;
        }
        recordRender(rendered.route, (performance.now() - began) / 1000, 'render');
        resolve(rendered);
      });
    });
    req.setTimeout(RENDER_TIMEOUT_MS, () => req.destroy(new Error('render timed out')));
    req.once('error', (error) => {
      console.error(JSON.stringify({ event: 'page_render_failed', address: address.slice(0, 200), message: error.message }));
      resolve(undefined);
    });
  });
}

/** What the shared render service answers while its thread is not up: the asker renders the page itself. */
const SERVICE_UNAVAILABLE = 503;

/** The header a web process names the last purge it applied with, when it asks the shared render service. */
const THROUGH_HEADER = 'x-render-through';

/** A finished shared render is handed to other processes for this long, then renders afresh. */
const SHARED_KEEP_MS = 10_000;
/** The most renders the shared service remembers at once (the oldest are forgotten first). */
const SHARED_KEEP_ENTRIES = 500;

/** Where a web process of a cluster reaches the primary's shared render service (set by the primary for its web processes). */
export const RENDER_SERVICE_ENV = { port: 'RENDER_SERVICE_PORT', secret: 'RENDER_SERVICE_SECRET' } as const;

/**
 * The cluster's render service, in the primary: one render thread for every web process, so
 * a change renders each page it concerns once on the machine, not once per process. Web
 * processes ask it over a loopback port, with a secret, naming the last purge they applied
 * (`through`): asks for one address share one render as long as it started after every purge
 * the asker has applied (the page's data was committed before its purge was logged), and a
 * finished render is handed out for SHARED_KEEP_MS, unless it has fallen out of date
 * (`validUntil`). Answers the address its web processes are to be given.
 */
export function serveSharedRenders(
  renderer: PageRenderer,
): Promise<{ port: number; secret: string; /** Renders asked for so far, shared or not. */ asked: () => number; close(): Promise<void> }> {
  const secret = randomBytes(24).toString('base64url');
  let asked = 0;
  interface Shared {
    through: number;
    finishedAt: number | undefined;
    result: Promise<RenderedPage | undefined>;
  }
  const recent = new Map<string, Shared>();
  /**
   * `through`: the last purge the asker applied, undefined when it has read none yet. Such an
   * asker shares nothing, and its render is shared with no one: nobody knows which purges it
   * came after.
   */
  const renderShared = (address: string, through: number | undefined): Promise<RenderedPage | undefined> => {
    const known = recent.get(address);
    const shareable = known !== undefined && through !== undefined && known.through >= through;
    if (shareable && (known.finishedAt === undefined || Date.now() - known.finishedAt < SHARED_KEEP_MS)) return known.result;
    const forget = () => {
      if (recent.get(address) === shared) recent.delete(address);
    };
    const shared: Shared = {
      through: through ?? -1,
      finishedAt: undefined,
      result: renderer.render(address).then((rendered) => {
        shared.finishedAt = Date.now();
        // A failure is no one's to share; a page out of date is not handed out again.
        const lasting = rendered !== undefined && (rendered.validUntil === undefined || rendered.validUntil > Date.now());
        if (!lasting) forget();
        else setTimeout(forget, SHARED_KEEP_MS).unref();
        return rendered;
      }),
    };
    recent.delete(address);
    recent.set(address, shared);
    if (recent.size > SHARED_KEEP_ENTRIES) recent.delete(recent.keys().next().value as string);
    return shared.result;
  };
  const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 120_000, keepAliveTimeout: 30_000 }, (req, res) => {
    const through = Number(req.headers[THROUGH_HEADER]);
    if (req.headers[RENDER_HEADERS.secret] !== secret || req.method !== 'GET' || !req.url?.startsWith('/')) {
      res.writeHead(403, { 'Content-Length': '0' });
      res.end();
      return;
    }
    asked++;
    void renderShared(req.url, Number.isSafeInteger(through) ? through : undefined).then((page) => {
      if (!page) {
        res.writeHead(SERVICE_UNAVAILABLE, { 'Content-Length': '0' });
        res.end();
        return;
      }
      res.writeHead(page.status, renderedHeaders(page).flat());
      res.end(page.body);
    });
  });
  server.on('connection', (socket) => socket.on('error', () => undefined));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as { port: number }).port,
        secret,
        asked: () => asked,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/**
 * A web process's way to the cluster's shared render service (see `serveSharedRenders`):
 * `through` says the last purge the process has applied.
 */
export function sharedRenderer(service: { port: number; secret: string }, through: () => number | undefined): PageRenderer {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  return {
    render: (address) => {
      const applied = through();
      const headers: Record<string, string> = { [RENDER_HEADERS.secret]: service.secret };
      if (applied !== undefined) headers[THROUGH_HEADER] = String(applied);
      return renderOver(agent, service.port, address, headers);
    },
    ready: true,
    close: () => {
      agent.destroy();
      return Promise.resolve();
    },
  };
}

/**
 * The renderer of a web process: the primary's shared render service when it runs in a
 * cluster (the primary names it in RENDER_SERVICE_PORT and RENDER_SERVICE_SECRET), else a
 * render thread of its own.
 */
export function processRenderer(entryFile: string, through: () => number | undefined): PageRenderer {
  const port = Number(process.env[RENDER_SERVICE_ENV.port]);
  const secret = process.env[RENDER_SERVICE_ENV.secret];
  return Number.isSafeInteger(port) && port > 0 && secret ? sharedRenderer({ port, secret }, through) : startRenderThread(entryFile);
}
