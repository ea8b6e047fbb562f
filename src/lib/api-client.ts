import type { ApiErrorBody } from '@/lib/wire/common';

/** A non-success HTTP response. Its message is "status: body text". */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, text: string, body: ApiErrorBody | undefined) {
    super(`${status}: ${text}`);
    this.status = status;
    this.body = body;
  }
}

async function toError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: ApiErrorBody | undefined;
  try {
    body = JSON.parse(text) as ApiErrorBody;
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, text || response.statusText, body);
}

/** GETs JSON with credentials; throws ApiError on a non-success status. */
export async function getJson<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' }, ...init });
  if (!response.ok) throw await toError(response);
  return { data: (await response.json()) as T, headers: response.headers };
}

/** Sends JSON with credentials; throws ApiError on a non-success status. */
export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw await toError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
