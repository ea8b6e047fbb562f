import http from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import { type AppConfig } from '@/server/config';
import { messages } from '@/server/errors';
import { KNOWN_METHODS } from '@/server/front/listener';
import { lingerAfterRefusal } from '@/server/front/lingering-close';
import { expectsContinue, expectsUnmet } from '@/server/front/request-head';
import { endSocket, rawJsonResponse } from '@/server/front/responses';

/**
 * Node's own limits, set on purpose (its defaults wait 300 s for a request): a request's
 * headers must arrive within 10 s, the whole request within 120 s (a large upload on a slow
 * line; writes have a stricter watch of their own, see `bodyDeadlineFor`), checked every
 * second. An idle keep-alive connection is kept 65 s, longer than the 60 s idle timeout of
 * common load balancers, so the balancer, not the site, closes it first.
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** What Node says about a request it could not parse, as the status the client gets. */
function statusOfClientError(error: NodeJS.ErrnoException): number {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return 408;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
    case 'HPE_BODY_TOO_LARGE':
      return 413;
    default:
      return 400;
  }
}

const clientErrorMessage: Record<number, string> = {
  400: messages.badRequest,
  408: messages.requestTimeout,
  413: messages.tooLarge,
  431: messages.headersTooLarge,
};

/**
 * A request Node's parser refused: the contract's JSON with a fitting status, then the
 * connection closes once the client has stopped sending (see `lingerAfterRefusal`).
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
    socket.destroy();
    return;
  }
  if (!lingerAfterRefusal(socket)) return;
  const status = statusOfClientError(error);
  endSocket(socket, rawJsonResponse(status, clientErrorMessage[status] ?? messages.badRequest));
}

/** CONNECT (a proxy tunnel) never reaches the request listener: answer it with the same JSON 405. */
function refuseConnect(_req: http.IncomingMessage, socket: Duplex): void {
  endSocket(socket, rawJsonResponse(405, messages.methodNotAllowed, { Allow: [...KNOWN_METHODS].join(', ') }));
}

/**
 * The site's HTTP server around a request listener: timeouts, parse errors and CONNECT
 * answered. Requests Node would answer itself with an empty body (no Host, an `Expect` it
 * cannot meet) go to the listener, which answers them with the contract's JSON; a
 * `100-continue` is answered when the listener lets the request into the app.
 */
export function createHttpServer(listener: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      requireHostHeader: false,
      headersTimeout: HTTP_TIMEOUTS.headersTimeout,
      requestTimeout: HTTP_TIMEOUTS.requestTimeout,
      keepAliveTimeout: HTTP_TIMEOUTS.keepAliveTimeout,
      connectionsCheckingInterval: HTTP_TIMEOUTS.connectionsCheckingInterval,
    },
    listener,
  );
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    expectsContinue(req);
    listener(req, res);
  });
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    expectsUnmet(req);
    listener(req, res);
  });
  server.on('clientError', answerClientError);
  server.on('connect', refuseConnect);
  // A socket error after the request was handed over (a reset mid-response) must not become an uncaught exception.
  server.on('connection', (socket: net.Socket) => socket.on('error', () => undefined));
  return server;
}

/** A listen failure the operator can act on, in one line. */
export function describeListenError(error: NodeJS.ErrnoException, config: AppConfig): string {
  if (error.code === 'EADDRINUSE')
    return `Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT to a free port.`;
  if (error.code === 'EACCES') return `Not allowed to listen on port ${config.port}: choose a PORT above 1023 or run with the needed rights.`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `HOST ${config.host} is not an address of this machine: set HOST (0.0.0.0 listens everywhere).`;
  return `Cannot listen on ${config.host}:${config.port}: ${error.message}`;
}

/**
 * Listens on the configured address. A web process of the cluster binds a socket of its own
 * on the shared port (SO_REUSEPORT): the kernel spreads connections evenly over the processes.
 * Through the primary's round robin, a burst of connections went mostly to whichever process
 * answered the primary first, and the other stood idle.
 */
export function listen(server: http.Server | net.Server, config: AppConfig, options: { shared?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const shared = options.shared ? { exclusive: true, reusePort: true } : {};
    server.listen({ port: config.port, host: config.host, ...shared }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
