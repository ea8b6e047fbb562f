import { describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'secure-cookie-password';
// The site as deployed behind TLS: its canonical URL is https.
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, SITE_URL: 'https://localhost:4321' });

describe('the session cookie on an https site', () => {
  it('is __Host- prefixed, Secure, host-only and for the whole path', async () => {
    const api = apiClient(server, PASSWORD);
    const login = await api.call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^__Host-session=[^;]+;/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).not.toMatch(/Domain=/i);
    const check = await api.call('GET', '/api/admin/check', { cookie: cookie.split(';')[0] ?? '' });
    expect(check.json).toEqual({ authenticated: true });
    // The plain name is not accepted on an https site.
    const plain = await api.call('GET', '/api/admin/check', { cookie: (cookie.split(';')[0] ?? '').replace('__Host-session', 'session') });
    expect(plain.json).toEqual({ authenticated: false });
  });

  it('is the same when the login form is posted without JavaScript', async () => {
    const response = await fetch(`${server.url}/admin/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(),
    });
    expect(response.status).toBe(303);
    const cookie = response.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^__Host-session=[^;]+;/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });
});
