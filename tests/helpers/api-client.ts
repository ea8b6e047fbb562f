import type { TestServer } from './test-server.ts';

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

/** Same-origin JSON calls to a test server, with an admin sign-in. */
export function apiClient(server: TestServer, password: string) {
  let address = 0;
  async function call(method: string, path: string, options: { body?: unknown; cookie?: string } = {}): Promise<ApiResult> {
    const headers: Record<string, string> = { Origin: server.url, 'X-Forwarded-For': `198.51.100.${++address % 250}` };
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
  async function signIn(): Promise<string> {
    const res = await call('POST', '/api/admin/login', { body: { username: 'admin', password } });
    if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${res.text}`);
    return (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  }
  return { call, signIn };
}
