import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { recordRender } from '@/server/metrics';
import { RENDER_HEADERS, renderedFromAnswer, type RenderedPage } from '@/server/page-render';

/**
 * The thread's program: loads the built app and answers its own process's page renders on
 * a loopback port of its own (exclusive, so in a cluster it is never shared with another
 * process), each proven by the secret only this process knows. It renders, it never stores:
 * the app answers the page with what it showed (`renderOnly`), and the serving thread keeps it.
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
  server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => parentPort.postMessage({ port: server.address().port }));
}, (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

/** After the thread exits, it starts again after this long (doubling to a minute while it keeps failing). */
const RESTART_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** A render that takes longer than this is abandoned (the page stays as it was, or renders on the serving thread). */
const RENDER_TIMEOUT_MS = 60_000;

/** Renders pages for the serving thread, on a thread of their own. */
export interface PageRenderer {
  /**
   * Renders the page at an address (path and query) on the render thread; undefined when the
   * thread is not running or failed to render it, so the caller renders it itself.
   */
  render(address: string): Promise<RenderedPage | undefined>;
  /** Whether the thread is up and answering. */
  readonly ready: boolean;
  close(): Promise<void>;
}

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

  const request = (at: number, address: string) =>
    new Promise<RenderedPage | undefined>((resolve) => {
      const began = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port: at, path: address, agent, headers: { [RENDER_HEADERS.secret]: secret, 'accept-encoding': 'identity' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.once('error', () => resolve(undefined));
          res.once('end', () => {
            const rendered = renderedFromAnswer(res.statusCode ?? 500, res.headers, Buffer.concat(chunks));
            // A fault of the thread (a 5xx, an answer without its render headers) renders again on the serving thread.
            if (!rendered) {
              console.error(JSON.stringify({ event: 'page_render_failed', address: address.slice(0, 200), status: res.statusCode }));
              resolve(undefined);
              return;
            }
            recordRender(rendered.route, (performance.now() - began) / 1000, 'render');
            resolve(rendered);
          });
        },
      );
      req.setTimeout(RENDER_TIMEOUT_MS, () => req.destroy(new Error('render timed out')));
      req.once('error', (error) => {
        console.error(JSON.stringify({ event: 'page_render_failed', address: address.slice(0, 200), message: error.message }));
        resolve(undefined);
      });
    });

  return {
    render: (address) => (port === undefined ? Promise.resolve(undefined) : request(port, address)),
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
