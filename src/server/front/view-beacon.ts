import type http from 'node:http';
import { VIEW_BODY_LIMIT, viewBeaconSchema } from '@/lib/validation/readership';
import { VIEWS_PATH } from '@/lib/view-beacon';
import { clientAddressFrom } from '@/server/client-address';
import type { AppConfig } from '@/server/config';
import { ForbiddenError, PayloadTooLargeError, UnsupportedMediaTypeError, messages } from '@/server/errors';
import { errorResponse, isJsonType, parseBody, parseJsonObject } from '@/server/http';
import { isAllowedWrite, siteOrigins, type HeaderReader } from '@/server/origin';
import { recordView } from '@/server/services/readership/views';
import type { ViewCounter } from '@/server/services/readership/view-counter';
import { secure } from '@/server/front/headers';
import { closeAfterUnreadBody } from '@/server/front/lingering-close';
import { sendJsonMessage } from '@/server/front/responses';

/** The whole of a beacon's body (at most VIEW_BODY_LIMIT bytes) must arrive within this, else 408 and the connection closes. */
export const BEACON_BODY_MS = 5_000;

/** The 204's headers, as Node's flat list (built once). */
const NO_CONTENT: readonly string[] = ['Cache-Control', 'no-store'];

/** A Node request's headers as the shared checks read them. */
const headersOf = (req: http.IncomingMessage): HeaderReader => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

/** The beacon's answer when it was read (counted or not). */
function noContent(res: http.ServerResponse): void {
  if (res.headersSent) return;
  res.writeHead(204, NO_CONTENT as string[]);
  res.end();
}

/** Sends an API error answer (the contract's JSON, built by `errorResponse`) with the security headers. */
function sendError(res: http.ServerResponse, error: unknown, securityHeaders: Readonly<Record<string, string>>): void {
  const answer = errorResponse(error);
  void answer.arrayBuffer().then((body) => {
    if (res.headersSent) return;
    secure(res, securityHeaders);
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    answer.headers.forEach((value, name) => (headers[name] = value));
    headers['content-length'] = String(body.byteLength);
    res.writeHead(answer.status, headers);
    res.end(Buffer.from(body));
  });
}

/**
 * `POST /api/views` answered by the HTTP front itself, beside the pages it answers from
 * memory: a page view must cost the server about what reading the page from memory costs,
 * so a popular story does not slow the site by being read. No write slot, no app, no
 * database: the same checks as the route (same origin, JSON of at most 512 bytes, the shared
 * schema, the client's limit), the view counted in the process's memory (`ViewCounter`,
 * written in a batch every half second on the database's worker threads), then 204 with one
 * header (it has no body to secure; an error answer gets the security headers). Bodies that
 * stall past BEACON_BODY_MS are answered 408 by one timer for all of them. An answer sent
 * before the whole body came closes the connection after draining the rest
 * (`closeAfterUnreadBody`, set up only then: a beacon read whole needs none). Other methods go
 * on to the route (405). The route itself (`src/pages/api/views.ts`) serves `astro dev`.
 */
export function viewBeaconAnswerer(config: AppConfig, counter: ViewCounter, securityHeaders: Readonly<Record<string, string>>) {
  const allowedOrigins = siteOrigins(config);
  const siteHost = new URL(config.siteUrl).hostname;
  /** Beacons whose body is arriving, with their request and when they began. */
  const arriving = new Map<http.ServerResponse, { req: http.IncomingMessage; began: number }>();
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const sweep = () => {
    const now = Date.now();
    for (const [res, { req, began }] of arriving) {
      // Insertion order is arrival order: once one is within its time, so are all after it.
      if (now - began < BEACON_BODY_MS) break;
      arriving.delete(res);
      closeAfterUnreadBody(req, res);
      sendJsonMessage(res, 408, messages.requestTimeout, { Connection: 'close' });
    }
    if (arriving.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  /** Whether this request is a beacon the front answers. */
  const isBeacon = (method: string, pathname: string) => method === 'POST' && pathname === VIEWS_PATH;

  const answer = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const headers = headersOf(req);
    try {
      if (!isAllowedWrite({ method: 'POST', headers }, allowedOrigins)) throw new ForbiddenError(messages.crossSite);
      if (!isJsonType(req.headers['content-type'])) throw new UnsupportedMediaTypeError();
      if (Number(req.headers['content-length'] ?? 0) > VIEW_BODY_LIMIT) throw new PayloadTooLargeError(messages.tooLarge);
    } catch (error) {
      closeAfterUnreadBody(req, res);
      sendError(res, error, securityHeaders);
      return;
    }
    let body: Buffer | undefined;
    let size = 0;
    arriving.set(res, { req, began: Date.now() });
    sweeper ??= setInterval(sweep, 1_000).unref();
    req.on('data', (chunk: Buffer) => {
      if (!arriving.has(res)) return;
      size += chunk.length;
      if (size > VIEW_BODY_LIMIT) {
        arriving.delete(res);
        closeAfterUnreadBody(req, res);
        sendError(res, new PayloadTooLargeError(messages.tooLarge), securityHeaders);
      } else body = body ? Buffer.concat([body, chunk]) : chunk;
    });
    req.once('error', () => arriving.delete(res));
    res.once('close', () => arriving.delete(res));
    req.once('end', () => {
      if (!arriving.delete(res)) return;
      let recorded: void | Promise<void>;
      try {
        const beacon = parseBody(viewBeaconSchema, parseJsonObject(body ?? Buffer.alloc(0)));
        const client = {
          address: clientAddressFrom(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? ''),
          userAgent: req.headers['user-agent'],
        };
        recorded = recordView(counter, beacon, client, siteHost);
      } catch (error) {
        sendError(res, error, securityHeaders);
        return;
      }
      // A client this process holds no token for waits for the machine's count (a message to the primary).
      if (recorded instanceof Promise)
        recorded.then(
          () => noContent(res),
          (error: unknown) => sendError(res, error, securityHeaders),
        );
      else noContent(res);
    });
  };

  return { isBeacon, answer };
}
