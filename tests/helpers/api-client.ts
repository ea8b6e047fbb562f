import { expect } from 'vitest';
import { untilCurrent } from './current.ts';
import type { TestServer } from './test-server.ts';

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  /** The client address (X-Forwarded-For; the server must trust the proxy). Unique per call by default. */
  from?: string;
  /** The Origin header; the server's own by default. */
  origin?: string;
}

/** Same-origin JSON calls to a test server, and the administrator's sign-in. */
export function apiClient(server: TestServer, password: string) {
  let address = 0;
  async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResult> {
    const headers: Record<string, string> = { Origin: options.origin ?? server.url, 'X-Forwarded-For': options.from ?? `203.0.113.${++address}` };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.cookie) headers['Cookie'] = options.cookie;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    const isJson = response.headers.get('Content-Type')?.includes('application/json') ?? false;
    return { status: response.status, headers: response.headers, text, json: (isJson && text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }
  /** Signs in (as `from`, when given) and answers the session cookie. */
  async function signIn(withPassword = password, from?: string): Promise<string> {
    const res = await call('POST', '/api/admin/login', { body: { username: 'admin', password: withPassword }, ...(from ? { from } : {}) });
    if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${res.text}`);
    return (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  }
  /**
   * GETs a page as a reader once it is current: after a change, the first answers are the
   * stale page (`X-Cache: STALE`) while its new version renders in the background.
   */
  function currentPage(path: string, options: CallOptions = {}): Promise<ApiResult> {
    return untilCurrent(
      path,
      () => call('GET', path, options),
      (res) => res.headers.get('X-Cache'),
      () => ` The server said:\n${server.output().slice(-4000)}`,
    );
  }
  /** Asserts that each call (method, path, body if any), made without a session, answers 401 with the contract's message. */
  async function expectSignedOutRefused(calls: readonly (readonly [method: string, path: string, body?: unknown])[]): Promise<void> {
    for (const [method, path, body] of calls) {
      const res = await call(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
    }
  }
  return { call, signIn, currentPage, expectSignedOutRefused };
}
