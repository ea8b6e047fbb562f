import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import * as z from '@/lib/validation/zod-mini';
import type { ApiErrorBody } from '@/lib/wire/common';
import { matchesEtag } from '@/server/cache/stored-page';
import {
  BadRequestError,
  appErrorOf,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
  messages,
} from '@/server/errors';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/** A JSON response. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(JSON_HEADERS)) headers.set(k, v);
  const body = JSON.stringify(data);
  // A known length lets the server leave small answers uncompressed.
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  return new Response(body, { ...init, headers });
}

/**
 * The API's error body (`{message, errors?}`) for any thrown value, with the status and headers
 * of the AppError it stands for (`appErrorOf`: a database that cannot write now is a 503 with
 * Retry-After); unknown errors are logged, never shown.
 */
export function errorResponse(error: unknown): Response {
  const known = appErrorOf(error);
  if (known) {
    const body: ApiErrorBody = { message: known.message };
    if (known.errors) body.errors = known.errors;
    return json(body, { status: known.status, headers: known.headers });
  }
  console.error('Unhandled error in an API route:', error);
  return json({ message: messages.internal } satisfies ApiErrorBody, { status: 500 });
}

/**
 * Field messages of a failed zod parse, keyed by the top-level field name: the first
 * message per field (a wrong type makes later checks of that field meaningless).
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= [issue.message];
  }
  return out;
}

/** Parses URL search parameters with a schema or throws a 400 ValidationError. */
export function parseQuery<S extends z.core.$ZodType>(schema: S, url: URL): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  const result = z.safeParse(schema, raw);
  if (!result.success) throw new ValidationError(fieldErrors(result.error), messages.invalidQuery);
  return result.data;
}

/** Wraps a route handler so every thrown error becomes the API's JSON error body. */
export function handle<C>(fn: (context: C) => Promise<Response> | Response): (context: C) => Promise<Response> {
  return async (context) => {
    try {
      return await fn(context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Body limit of the public write endpoints (comments, contact): 16 KB. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/**
 * Reads a request body whole: 413 past `limit` bytes (counted while streaming, so a lying or
 * missing Content-Length cannot get past it).
 */
export async function readBodyBytes(request: Request, limit: number, tooLarge: string = messages.tooLarge): Promise<Buffer> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > limit) throw new PayloadTooLargeError(tooLarge);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch {
        // The adapter errors the stream past its own limit.
        throw new PayloadTooLargeError(tooLarge);
      }
      if (result.done) break;
      size += result.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new PayloadTooLargeError(tooLarge);
      }
      chunks.push(result.value);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a multipart/form-data upload of at most `limit` bytes: 415 for another content
 * type, 413 past the limit, 400 for a body that is not valid multipart.
 */
export async function readFormData(request: Request, limit: number, tooLarge?: string): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new UnsupportedMediaTypeError(messages.multipartOnly);
  const body = await readBodyBytes(request, limit, tooLarge);
  try {
    return await new Response(new Uint8Array(body), { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw new BadRequestError(messages.malformedMultipart);
  }
}

/**
 * Reads a JSON object body: 415 unless the content type is JSON, 413 past `limit` bytes
 * (counted while streaming, so a lying or missing Content-Length cannot get past it),
 * 400 for malformed JSON or a non-object.
 */
export async function readJsonBody(request: Request, limit: number): Promise<Record<string, unknown>> {
  if (!isJsonType(request.headers.get('Content-Type'))) throw new UnsupportedMediaTypeError();
  return parseJsonObject(await readBodyBytes(request, limit));
}

/** Whether a Content-Type names JSON (`application/json`, `application/…+json`, parameters allowed). */
export const isJsonType = (type: string | null | undefined): boolean => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type ?? '');

/** A body's bytes as a JSON object (UTF-8, nested at most MAX_JSON_DEPTH), or a 400 saying why not. */
export function parseJsonObject(body: Uint8Array): Record<string, unknown> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (!isUtf8(bytes)) throw new BadRequestError(messages.malformedJson);
  let parsed: unknown;
  try {
    // A byte order mark before the JSON is allowed (as the WHATWG decoder did).
    const text = bytes.toString('utf8');
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new BadRequestError(messages.malformedJson);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadRequestError(messages.notAnObject);
  if (depthOf(parsed) > MAX_JSON_DEPTH) throw new BadRequestError(messages.tooDeep);
  return parsed as Record<string, unknown>;
}

/** No body the site accepts nests deeper than this; deeper ones are refused before any schema walks them. */
export const MAX_JSON_DEPTH = 32;

/** How deeply a parsed JSON value nests (stops counting past the limit). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() ?? [undefined, 0];
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Like readJsonBody, but a request without a body (no Content-Type, no length) reads as `{}`. */
export async function readOptionalJsonBody(request: Request, limit: number): Promise<Record<string, unknown>> {
  const length = request.headers.get('Content-Length');
  if (!request.headers.get('Content-Type') && (length === null || length === '0') && !request.headers.get('Transfer-Encoding')) return {};
  return readJsonBody(request, limit);
}

/** Validates a body with a shared schema, or throws a 400 with the schema's field messages. */
export function parseBody<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  const result = z.safeParse(schema, body);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/** Body limit of the admin's content writes (article HTML): 512 KB. */
export const ADMIN_BODY_LIMIT = 512 * 1024;

/** A positive integer route parameter, or a 404 with the given message. */
export function idParam(value: string | undefined, notFound: string = messages.notFound): number {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) throw new NotFoundError(notFound);
  return Number(value);
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handler = (context: APIContext) => Promise<Response> | Response;

/**
 * An API route: its handlers by method, each answering thrown errors as the API's JSON,
 * plus `ALL` for every other method: HEAD runs GET without the body, OPTIONS answers 204
 * with `Allow`, anything else a JSON 405 with `Allow`. Use it as
 * `export const { GET, POST, ALL } = endpoint({ GET: …, POST: … })`.
 */
export function endpoint<const H extends Partial<Record<HttpMethod, Handler>>>(handlers: H): Record<keyof H | 'ALL', APIRoute> {
  const routes: Partial<Record<string, APIRoute>> = {};
  for (const [method, handler] of Object.entries(handlers) as [HttpMethod, Handler][]) routes[method] = handle(handler);
  const allowed = [...Object.keys(handlers), ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'];
  const get = routes['GET'];
  routes['ALL'] = (context) => {
    if (context.request.method === 'HEAD' && get) return get(context);
    if (context.request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: allowed.join(', ') } });
    return errorResponse(new MethodNotAllowedError(allowed));
  };
  return routes as Record<keyof H | 'ALL', APIRoute>;
}

/** A slug route parameter (lowercase letters, digits, single hyphens), or a 404 with the given message. */
export function slugParam(value: string | undefined, notFound: string = messages.notFound): string {
  if (!value || value.length > 200 || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) throw new NotFoundError(notFound);
  return value;
}

/** How the data API's answers may be kept: by the reader's browser only (CONTRACT: no shared cache keeps /api/*), checked again with their ETag before each use. */
export const API_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

/**
 * A public read's answer with a strong ETag of its bytes: a 304 without a body when the
 * request's If-None-Match names it, else the body; `Cache-Control` lets caches keep it and
 * revalidate.
 */
export function revalidatable(request: Request, body: string, headers: Record<string, string>): Response {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const common = { ETag: etag, 'Cache-Control': API_CACHE_CONTROL, Vary: 'Accept-Encoding' };
  if (matchesEtag(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers: common });
  return new Response(body, { headers: { ...headers, ...common, 'Content-Length': String(Buffer.byteLength(body)) } });
}

/**
 * A data download as JSON or CSV (`format`), revalidatable: CSV as an attachment, JSON
 * inline, both named `filename`. Only the chosen body is written.
 */
export function jsonOrCsv(request: Request, format: 'json' | 'csv', filename: string, body: { json: () => unknown; csv: () => string }): Response {
  if (format === 'csv') {
    return revalidatable(request, body.csv(), {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  }
  return revalidatable(request, JSON.stringify(body.json()), {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `inline; filename="${filename}"`,
  });
}
