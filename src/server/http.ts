import type { z } from 'zod';
import type { ApiErrorBody } from '../lib/types.ts';
import { AppError, ValidationError, messages } from './errors.ts';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/** A JSON response. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(JSON_HEADERS)) headers.set(k, v);
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** The contract's error body for any thrown value; unknown errors are logged, never shown. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { message: error.message };
    if (error.errors) body.errors = error.errors;
    return json(body, { status: error.status, headers: error.headers });
  }
  console.error('Unhandled error in an API route:', error);
  return json({ message: messages.internal } satisfies ApiErrorBody, { status: 500 });
}

/** Field messages of a failed zod parse, keyed by the top-level field name. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses URL search parameters with a schema or throws a 400 ValidationError. */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  const result = schema.safeParse(raw);
  if (!result.success) throw new ValidationError(fieldErrors(result.error), messages.invalidQuery);
  return result.data;
}

/** Wraps a route handler so every thrown error becomes the contract's JSON. */
export function handle<C>(fn: (context: C) => Promise<Response> | Response): (context: C) => Promise<Response> {
  return async (context) => {
    try {
      return await fn(context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
