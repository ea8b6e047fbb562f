// A request whose body is not read before its answer (a 413, a 401, a refusal): the answer
// says `Connection: close`, then the rest of the body is drained for a moment before the
// connection closes, so the client reads its answer instead of a reset.
import type http from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A body nobody reads is drained after its answer before the connection closes (as nginx's
 * lingering close): while it keeps arriving (at most LINGER_IDLE_MS between chunks), for at
 * most LINGER_MS and LINGER_BYTES in all, so a client still sending reads its answer instead
 * of a reset, and a slow one cannot hold the connection.
 */
const LINGER_IDLE_MS = 5_000;
const LINGER_MS = 30_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * The two clocks of a lingering connection: `done` runs LINGER_IDLE_MS after the start or the
 * last `touch()` (another chunk came), or LINGER_MS after the start, whichever is first, or at
 * `close()`; either way both clocks stop.
 */
function lingerClocks(done: () => void): { touch: () => void; close: () => void } {
  const close = () => {
    clearTimeout(idle);
    clearTimeout(limit);
    done();
  };
  let idle = setTimeout(close, LINGER_IDLE_MS);
  const limit = setTimeout(close, LINGER_MS);
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(close, LINGER_IDLE_MS);
  };
  return { touch, close };
}

/**
 * A response sent before the request's body was read (a 413, a 401, a refusal) leaves the
 * rest of that body on the connection, where it would be parsed as the next request: such a
 * response says `Connection: close`. The connection is not cut at once, though: Node destroys
 * a socket whose answer said close as soon as the answer is flushed, and the unread bytes
 * then make the kernel reset it, so a client still sending gets EPIPE instead of the answer.
 * As nginx's lingering close does, the answer is followed by a half-close (FIN), the rest of
 * the body is read and dropped for a moment, then the connection closes.
 */
export function closeAfterUnreadBody(req: http.IncomingMessage, res: http.ServerResponse): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  // The app reads the body through this (Astro takes `req.body` when it is an async iterable).
  // Iterating the request itself would destroy it when the app stops reading early (a body
  // past its limit), and a destroyed request can drain nothing: the socket would close on
  // the rest of the body and reset under the client before it read its 413.
  // (Only a symbol key: an object with keys of its own would be sent as JSON.)
  (req as http.IncomingMessage & { body?: AsyncIterable<Buffer> }).body = {
    [Symbol.asyncIterator]: () => req.iterator({ destroyOnReturn: false }),
  };
  const socket = req.socket;
  let lingering = false;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    if (req.complete) return writeHead(...args);
    res.setHeader('Connection', 'close');
    const written = writeHead(...args);
    // `_last` is Node's "destroy the socket once this answer is flushed" (set by the close
    // header above); the close is done here instead, after the rest of the body.
    (res as unknown as { _last: boolean })._last = false;
    lingering = true;
    return written;
  };
  res.once('finish', () => {
    if (!lingering || socket.destroyed) return;
    // The answer is out: no further one may follow on this connection.
    socket.end();
    if (req.complete || req.destroyed) {
      socket.destroySoon();
      return;
    }
    let drained = 0;
    const { touch, close } = lingerClocks(() => {
      if (!socket.destroyed) socket.destroySoon();
    });
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_BYTES) close();
      else touch();
    });
    req.once('end', close);
    req.once('error', close);
    req.resume();
  });
}

/** Sockets whose request Node's parser refused and that were answered (they only linger now), with their "another chunk came" hook. */
const refusedSockets = new WeakMap<Duplex, () => void>();

/**
 * The same lingering close for a request Node's parser refused (both chunked and
 * Content-Length, a bad chunk): the refusal is answered at once, often while the client is
 * still sending its body. The parser stays in its error state and reports each later chunk
 * as another `clientError`: those only keep the connection lingering (at most LINGER_IDLE_MS
 * between chunks, LINGER_MS in all) until the client ends its side, then it closes. Closing
 * at the second error, as before, reset the connection under a client that had not yet read
 * its answer (EPIPE). Returns false when the socket was already answered (nothing to send).
 */
export function lingerAfterRefusal(socket: Duplex): boolean {
  const lingering = refusedSockets.get(socket);
  if (lingering) {
    lingering();
    return false;
  }
  const { touch, close } = lingerClocks(() => {
    if (!socket.destroyed) socket.destroy();
  });
  refusedSockets.set(socket, touch);
  socket.once('end', close);
  socket.once('close', close);
  return true;
}
