import { STATUS_CODES } from 'node:http';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { messages } from '@/server/errors';
import type { PageAnswer } from '@/server/cache/stored-page';
import { withFramingPolicy, type Framing } from '@/server/front/headers';

/**
 * The contract's JSON error body sent by the HTTP front itself (before or instead of the
 * app). Never cached; the connection closes when the request's body was not read.
 */
export function sendJsonMessage(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/** A short plain-text answer from the front (a page address's 400, say), never cached. */
export function sendPlainMessage(res: http.ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = `${text}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/**
 * Answers a request the app is still working on (a body that stalled, say) and makes the
 * app's later attempts to answer it no-ops, so they neither fail nor log an error: the
 * request is over for the app, though it may not know yet.
 */
export function answerInsteadOfApp(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJsonMessage(res, status, message, headers);
  // Callbacks still run, so an app awaiting its write or end is not left waiting for ever.
  const done = (args: unknown[]) => {
    const callback = args.find((a): a is () => void => typeof a === 'function');
    if (callback) queueMicrotask(callback);
  };
  res.setHeader = () => res;
  res.writeHead = () => res;
  res.write = ((...args: unknown[]) => {
    done(args);
    return true;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    done(args);
    return res;
  }) as typeof res.end;
}

/**
 * A whole HTTP/1.1 response for a raw socket (a request Node could not parse, a CONNECT):
 * the contract's JSON body, then the connection closes.
 */
export function rawJsonResponse(status: number, message: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify({ message });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Ends a raw socket with a response, unless a response is already being written on it (then it is only closed). */
export function endSocket(socket: Duplex, response: string): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(response);
}

/**
 * Header lists already merged with the security headers, per answer's header object (built
 * once per cached page), as Node's flat `[name, value, …]` form: `writeHead` walks it with an
 * index, where an object costs a `for…in` over its keys on every answer.
 */
const mergedHeaders = new WeakMap<Record<string, string>, string[]>();

/**
 * Sends an answer from memory with one writeHead: the security headers and the page's own
 * merged once per stored page, so a hit costs no header bookkeeping.
 */
export function sendAnswer(res: http.ServerResponse, answer: PageAnswer, securityHeaders: Readonly<Record<string, string>>, framing: Framing): void {
  let headers = mergedHeaders.get(answer.headers);
  if (!headers) {
    const merged = new Map(Object.entries(securityHeaders));
    // A page's own CSP replaces the default one.
    if ('content-security-policy' in answer.headers) merged.delete('Content-Security-Policy');
    for (const [name, value] of Object.entries(answer.headers)) {
      merged.set(name, name.toLowerCase() === 'content-security-policy' ? withFramingPolicy(value, framing) : value);
    }
    headers = [...merged].flat();
    mergedHeaders.set(answer.headers, headers);
  }
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/**
 * Logs an error the front caught and answers the request if it still can: a 500 for a fault
 * of ours (never a stack trace), else the connection is closed. The process goes on serving.
 */
export function failRequest(req: http.IncomingMessage, res: http.ServerResponse, error: unknown): void {
  console.error(
    JSON.stringify({
      event: 'request_failed',
      method: req.method,
      path: (req.url ?? '').slice(0, 200),
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  try {
    sendJsonMessage(res, 500, messages.internal);
  } catch {
    res.destroy();
  }
}
