import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { articles } from '@db/schema';
import { freePort, useTestServer, type TestServer } from '../helpers/test-server.ts';
import { sendPatiently } from '../helpers/patient.ts';

/** A raw HTTP exchange, so that Host and other headers fetch() guards can be set freely. */
function rawRequest(
  server: TestServer,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: Number(port), method: options.method, path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the server on one process', () => {
  const server = useTestServer({
    SITE_URL: 'https://news.example.com',
    ADMIN_PASSWORD: 'server-test-password',
    CONTACT_EMAIL: 'desk@news.example.com',
  });

  it('puts the SITE_URL it was started with into prerendered and on-demand pages alike', async () => {
    for (const path of ['/about', '/contact', '/']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toContain(`<link rel="canonical" href="https://news.example.com${path === '/' ? '/' : path}"`);
      expect(html).not.toContain('site-url.invalid');
    }
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('site-url.invalid');
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain('Sitemap: https://news.example.com/sitemap.xml');
  });

  it('shows the CONTACT_EMAIL it was started with in the footer, About, Contact and the legal pages', async () => {
    for (const path of ['/about', '/contact', '/privacy-policy', '/terms-of-service', '/', '/news']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toMatch(/<a\b[^>]*href="mailto:desk@news\.example\.com"[^>]*>desk@news\.example\.com<\/a>/);
      expect(html, path).not.toMatch(/energypulse\.example|placeholder\.invalid/);
    }
    expect(await (await fetch(`${server.url}/contact`)).text()).toMatch(
      /<a class="[^"]*" href="mailto:desk@news\.example\.com">desk@news\.example\.com<\/a>[\s\S]*Editors:/,
    );
    const missing = await (await fetch(`${server.url}/no-such-page`)).text();
    expect(missing).toContain('href="mailto:desk@news.example.com"');
    expect(missing).not.toMatch(/energypulse\.example|placeholder\.invalid/);
  });

  it('answers 304 to a prerendered page the browser holds', async () => {
    const first = await fetch(`${server.url}/about`);
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/about`, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('answers TRACE and other unknown methods with a JSON 405 naming the allowed ones', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const res = await rawRequest(server, { method, path: '/api/categories' });
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toContain('GET');
      expect(JSON.parse(res.body)).toEqual({ message: 'Method not allowed' });
    }
    // CONNECT opens a tunnel in HTTP clients; read the server's answer off the socket.
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(answer).toMatch(/^HTTP\/1\.1 405/);
    expect(answer).toContain('{"message":"Method not allowed"}');
    expect(server.output()).not.toMatch(/TypeError|at .*\.ts:\d+/);
  });

  it('answers a known API route called with another method with a JSON 405 naming its methods', async () => {
    const login = await rawRequest(server, { method: 'GET', path: '/api/admin/login' });
    expect(login.status).toBe(405);
    expect(login.headers['allow']).toBe('POST, OPTIONS');
    expect(JSON.parse(login.body)).toEqual({ message: 'Method not allowed' });
    const put = await rawRequest(server, { method: 'PUT', path: '/api/categories', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('GET, HEAD, OPTIONS');
    const options = await rawRequest(server, { method: 'OPTIONS', path: '/api/articles' });
    expect(options.status).toBe(204);
    expect(options.headers['allow']).toBe('GET, POST, HEAD, OPTIONS');
    const head = await rawRequest(server, { method: 'HEAD', path: '/api/categories' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    // Unknown API paths stay a JSON 404, whatever the method.
    expect((await rawRequest(server, { method: 'DELETE', path: '/api/nothing-here' })).status).toBe(404);
  });

  it('refuses a write whose Origin matches a forged Host but not the configured site', async () => {
    const res = await rawRequest(server, {
      method: 'POST',
      path: '/api/contact',
      headers: { Host: 'evil.example', Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ message: expect.any(String) as string });
  });

  it('answers a cross-site text/plain form post with the JSON 403', async () => {
    const res = await rawRequest(server, {
      method: 'POST',
      path: '/api/contact',
      headers: { Origin: 'https://attacker.example', 'Content-Type': 'text/plain' },
      body: 'name=x',
    });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('takes the client address from the socket, not X-Forwarded-For, unless TRUST_PROXY is on', async () => {
    const attempt = (password: string, forwardedFor: string) =>
      rawRequest(server, {
        method: 'POST',
        path: '/api/admin/login',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
        body: JSON.stringify({ username: 'admin', password }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password', `10.1.0.${i}`)).status).toBe(401);
    const rotated = await attempt('server-test-password', '10.99.0.1');
    expect(rotated.status).toBe(429);
    expect(server.output()).toMatch(/"address":"(127\.0\.0\.1|::ffff:127\.0\.0\.1)"/);
    expect(server.output()).not.toContain('"address":"10.99.0.1"');
  });

  it('closes a keep-alive connection after refusing a chunked body it did not read, so nothing hangs', async () => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n',
    );
    const chunk = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 8 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    socket.write('0\r\n\r\n');
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received.toLowerCase()).toContain('connection: close');
    // The server is still fine for the next client.
    expect((await fetch(`${server.url}/api/categories`)).status).toBe(200);
  });

  it('caches pages only under the parameters they read: random query strings make no new entries', async () => {
    const etags = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(
        `${server.url}/article/${(await server.database.db.select({ slug: articles.slug }).from(articles).limit(1))[0]?.slug}?r=${i}&utm=${i}`,
      );
      expect(res.status).toBe(200);
      etags.add(res.headers.get('ETag') ?? '');
    }
    // One page, one entry (two at most, if the minute turned meanwhile).
    expect(etags.size).toBeLessThanOrEqual(2);
  });
});

describe('the server with several processes', () => {
  const server = useTestServer({ WEB_CONCURRENCY: '2', TRUST_PROXY: 'true' });

  it('stores comments posted at once to both processes exactly once each', async () => {
    const [article] = await server.database.db.select({ id: articles.id }).from(articles).limit(1);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        // A 503 (the write queue past its own limit on a busy machine) is sent again, as a client does.
        const res = await sendPatiently(() =>
          fetch(`${server.url}/api/articles/${article?.id}/comments`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Forwarded-For': `198.51.100.${i + 1}` },
            body: JSON.stringify({ authorName: `Reader ${i}`, authorEmail: `r${i}@example.com`, content: `Cluster comment ${i}` }),
          }),
        );
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    const stored = await server.database.client.execute("SELECT content FROM comments WHERE content LIKE 'Cluster comment %'");
    expect(new Set(stored.rows.map((r) => r['content'])).size).toBe(60);
    expect(stored.rows).toHaveLength(60);
  });

  it('serves from two web processes and replaces one that dies', async () => {
    expect(server.output()).toContain('2 processes');
    const workers = () =>
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.pid)], { encoding: 'utf8' })
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0);
    const before = workers();
    expect(before).toHaveLength(2);
    process.kill(before[0] ?? 0, 'SIGKILL');
    await expect.poll(() => workers().filter((pid) => !before.includes(pid)).length, { timeout: 30_000 }).toBe(1);
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/api/categories`)).status).toBe(200);
  });
});

describe('behind a CDN and a load balancer (TRUST_PROXY=2)', () => {
  const server = useTestServer({ ADMIN_PASSWORD: 'server-test-password', TRUST_PROXY: '2' });

  it('takes the client address from the entry the CDN appended, not what the client claimed nor the CDN itself', async () => {
    // client (claiming 6.6.6.6) → CDN (appends the client, 203.0.113.9) → load balancer (appends the CDN, 198.51.100.77) → us.
    const res = await rawRequest(server, {
      method: 'POST',
      path: '/api/admin/login',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 198.51.100.77' },
      body: JSON.stringify({ username: 'admin', password: 'wrong-password' }),
    });
    expect(res.status).toBe(401);
    await expect.poll(() => server.output()).toMatch(/"outcome":"failure".*"address":"203\.0\.113\.9"/);
    expect(server.output()).not.toMatch(/"address":"(6\.6\.6\.6|198\.51\.100\.77)"/);
  });
});

describe('start-up', () => {
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', './scripts/aliases.mjs', 'scripts/serve.ts'], {
        env: { ...process.env, HOST: '127.0.0.1', WEB_CONCURRENCY: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('refuses a port in use with one line, before touching the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'energy-port-'));
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', () => resolve()));
    try {
      for (const workers of ['1', '2']) {
        const { code, output } = await run({ PORT: String(port), DATABASE_URL: `file:${join(dir, 'x.db')}`, WEB_CONCURRENCY: workers });
        expect(code).toBe(1);
        expect(output.trim()).toBe(`Port ${port} on 127.0.0.1 is already in use: stop the other server or set PORT to a free port.`);
        expect(existsSync(join(dir, 'x.db'))).toBe(false);
      }
    } finally {
      blocker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads its settings from .env (here the file ENV_FILE names) the way npm start runs it, the environment winning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'energy-env-'));
    const port = await freePort();
    const envFile = join(dir, 'site.env');
    writeFileSync(
      envFile,
      `# as in .env.example\nPORT=${port}\nDATABASE_URL=file:${join(dir, 'env.db')}\nMEDIA_DIR=${join(dir, 'media')}\nSITE_URL=http://from-file.example\n`,
    );
    const child = spawn(process.execPath, ['--import', './scripts/load-env.mjs', 'scripts/start.mjs'], {
      env: { ...process.env, ENV_FILE: envFile, HOST: '127.0.0.1', WEB_CONCURRENCY: '1', SITE_URL: `http://localhost:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      await expect.poll(() => output, { timeout: 180_000 }).toContain('Serving ');
      expect(output).toContain(`Serving http://localhost:${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/api/categories`)).status).toBe(200);
      expect(existsSync(join(dir, 'env.db'))).toBe(true);
    } finally {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a bad setting in one line', async () => {
    const { code, output } = await run({ PORT: 'eighty', WEB_CONCURRENCY: '0' });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toMatch(/^Invalid configuration: .*PORT/);
    expect(output).toContain('WEB_CONCURRENCY');
  });
});
