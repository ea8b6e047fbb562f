import http from 'node:http';
import net from 'node:net';

/** One HTTP/1.1 response read off a raw socket. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What became of a raw exchange: a response (and whether the connection then closed), or a close without one. */
export interface RawOutcome {
  response?: RawResponse;
  /** The server closed (or reset) the connection. */
  closed: boolean;
  /** Milliseconds from the first byte sent to the response (or the close). */
  ms: number;
}

/** A whole answer to `getPage`, with Node's parsed headers. */
export interface Page {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A GET to 127.0.0.1:`port` on a new connection each time (no keep-alive agent): in a cluster,
 * connections go round-robin to the processes, so each call may reach another one.
 */
export function getPage(port: number, path: string, headers: Record<string, string> = {}): Promise<Page> {
  return new Promise<Page>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Parses the first complete response in `data`, or undefined while it is incomplete. */
/**
 * One sample of the Prometheus metrics a server serves on `metricsPort`: the series whose
 * name and labels read exactly `series` (`site_write_slots_busy`,
 * `site_page_cache_events_total{event="render"}`); 0 when it is not there.
 */
export async function readMetric(metricsPort: number, series: string): Promise<number> {
  const text = (await getPage(metricsPort, '/metrics')).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? 0);
}

export function parseResponse(data: Buffer, closed: boolean, options: { head?: boolean } = {}): RawResponse | undefined {
  // Interim answers (100 Continue) come before the response: skip them.
  while (/^HTTP\/1\.[01] 1\d\d /.test(data.subarray(0, 13).toString('latin1'))) {
    const interimEnd = data.indexOf('\r\n\r\n');
    if (interimEnd < 0) return undefined;
    data = data.subarray(interimEnd + 4);
  }
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = data.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '');
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(end + 4);
  let body: Buffer | undefined;
  if (options.head) body = Buffer.alloc(0);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (rest.length >= length) body = rest.subarray(0, length);
  } else if (headers['transfer-encoding']?.includes('chunked')) {
    body = dechunk(rest);
  } else if (closed || [204, 304].includes(Number(match[1]))) body = rest;
  if (body === undefined) return undefined;
  return { status: Number(match[1]), headers, body: body.toString('utf8') };
}

/** The body of a chunked message once its last chunk arrived, else undefined. */
function dechunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return Buffer.concat(parts);
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

export interface RawExchangeOptions {
  /** Bytes to send, in pieces; a number between pieces waits that many ms. */
  send: (string | Buffer | number)[];
  /** Give up waiting for an answer after this long (the outcome then has neither response nor close). */
  timeoutMs?: number;
  /** Hang up right after sending (a client that leaves before its answer). */
  hangUp?: boolean;
  /** The request is a HEAD: its response has no body, whatever its Content-Length says. */
  head?: boolean;
  /** The client's own address (another loopback address, 127.0.0.2, is another client). */
  localAddress?: string;
}

/**
 * Sends raw bytes to 127.0.0.1:`port` and waits for the first response or the close.
 * Never throws for anything the server does: a reset is a close.
 */
export function rawExchange(port: number, options: RawExchangeOptions): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    const started = Date.now();
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      const response = parseResponse(data, closed, { head: options.head ?? false });
      if (!response && !closed) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...(response ? { response } : {}), closed, ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      resolve({ closed: false, ms: Date.now() - started });
    }, options.timeoutMs ?? 30_000);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      void (async () => {
        for (const piece of options.send) {
          if (typeof piece === 'number') await new Promise((r) => setTimeout(r, piece));
          else if (!socket.destroyed) socket.write(piece);
        }
        if (options.hangUp) {
          settled = true;
          clearTimeout(timer);
          socket.destroy();
          resolve({ closed: false, ms: Date.now() - started });
        }
      })();
    });
  });
}

/** A socket that sent `head` and part of a body, then waits: holds a write slot until the server gives up on it. */
export function stalledWrite(
  port: number,
  head: string,
  partialBody: string,
  options: { localAddress?: string } = {},
): { socket: net.Socket; outcome: Promise<RawOutcome> } {
  const socket = net.connect({ port, host: '127.0.0.1', ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
  const started = Date.now();
  const outcome = new Promise<RawOutcome>((resolve) => {
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      const response = parseResponse(data, closed);
      if (!response && !closed) return;
      settled = true;
      resolve({ ...(response ? { response } : {}), closed, ms: Date.now() - started });
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
  socket.once('connect', () => socket.write(head + partialBody));
  return { socket, outcome };
}

/** Whether a body is the contract's JSON error: `{"message": string, "errors"?: {field: [string]}}` and nothing else. */
export function isContractError(body: string | undefined): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const { message, errors, ...rest } = parsed as Record<string, unknown>;
  if (typeof message !== 'string' || message === '' || Object.keys(rest).length > 0) return false;
  return errors === undefined || (typeof errors === 'object' && errors !== null && Object.values(errors).every((list) => Array.isArray(list)));
}
