import { spawn } from 'node:child_process';
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsContent, articles, comments, contactMessages, rateLimitEvents, sessions, users } from '@db/schema';
import type { ArticleSummary } from '@/lib/wire/articles';
import type { PublicComment } from '@/lib/wire/comments';
import { startFakeRebuildHook } from '../fakes/rebuild-hook.ts';
import { apiClient } from '../helpers/api-client.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';
import { sendPatiently } from '../helpers/patient.ts';

const PASSWORD = 'correct-horse-battery-staple';
const hook = useFake(startFakeRebuildHook);
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', REBUILD_HOOK_URL: hook.url }));
const { call, signIn, currentPage } = apiClient(server, PASSWORD);

beforeEach(async () => {
  await server.database.db.delete(rateLimitEvents);
});

/** How many failed sign-ins from `address` the audit log holds so far. */
const failuresLogged = (address: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"event":"admin_login","outcome":"failure"') && line.includes(`"address":"${address}"`)).length;

const counts = async () => {
  const db = server.database.db;
  const n = async (table: typeof articles | typeof analyticsContent | typeof comments | typeof contactMessages) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return { articles: await n(articles), analytics: await n(analyticsContent), comments: await n(comments), messages: await n(contactMessages) };
};

const newArticle = (slug: string) => ({
  title: 'Grid operators brace for record winter demand',
  slug,
  excerpt: 'Reserve margins look thin in three regions.',
  content:
    '<p>Planners expect <strong>record</strong> peaks.</p><script>alert(1)</script><p onclick="steal()">Click</p><a href="javascript:alert(1)">x</a>',
  author: 'Desk Editor',
  categoryId: 3,
  featured: false,
});

describe('without a session', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/articles'],
    ['GET', '/api/admin/comments'],
    ['PATCH', '/api/admin/comments/1/approve'],
    ['DELETE', '/api/admin/comments/1'],
    ['GET', '/api/admin/messages'],
    ['PATCH', '/api/admin/messages/1', { handled: true }],
    ['DELETE', '/api/admin/messages/1'],
    ['POST', '/api/articles', newArticle('unauthorised-story')],
    ['PATCH', '/api/articles/1', { title: 'Hacked' }],
    ['DELETE', '/api/articles/1'],
    ['POST', '/api/analytics-content', { title: 'x', content: 'y' }],
    ['PATCH', '/api/analytics-content/1', { title: 'Hacked' }],
    ['DELETE', '/api/analytics-content/1'],
  ];

  it.each(endpoints)('%s %s answers 401 and changes nothing', async (method, path, body) => {
    await server.database.db
      .insert(contactMessages)
      .values({ name: 'A', email: 'a@example.com', subject: 'Hello there', category: 'general', message: 'Ten chars or more' });
    const before = await counts();
    const res = await call(method, path, body === undefined ? {} : { body });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await counts()).toEqual(before);
    const [first] = await server.database.db.select({ title: articles.title }).from(articles).where(eq(articles.id, 1));
    expect(first?.title).not.toBe('Hacked');
  });

  it('also refuses a forged or expired session cookie', async () => {
    for (const cookie of ['session=abc.def', 'session=', 'session=a.b.c', `session=${'x'.repeat(500)}`]) {
      expect((await call('GET', '/api/admin/comments', { cookie })).status).toBe(401);
    }
  });

  it('redirects /admin to /admin/login and says not authenticated', async () => {
    const page = await call('GET', '/admin');
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toBe('/admin/login');
    expect((await call('GET', '/api/admin/check')).json).toEqual({ authenticated: false });
  });

  it('serves a login page that shows no credentials', async () => {
    const html = (await call('GET', '/admin/login')).text;
    expect(html).toContain('Admin Login');
    expect(html).not.toContain(PASSWORD);
    expect(html).not.toMatch(/default credentials|password:\s*\w+/i);
  });
});

describe('sign-in and sessions', () => {
  it('stores only an argon2id hash of the password and a hash of the session secret', async () => {
    const [admin] = await server.database.db.select().from(users);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const cookie = await signIn();
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const [id, secret] = token.split('.');
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, id!));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(secret!);
    expect(secret!.length).toBeGreaterThanOrEqual(26);
  });

  it('sets an HttpOnly, SameSite=Lax cookie and answers the check', async () => {
    const res = await call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD } });
    const setCookie = res.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^session=[a-z0-9]+\.[a-z0-9]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect((await call('GET', '/api/admin/check', { cookie: setCookie.split(';')[0]! })).json).toEqual({ authenticated: true });
  });

  it('answers 401 Invalid credentials for a wrong password or unknown user', async () => {
    for (const body of [
      { username: 'admin', password: 'wrong' },
      { username: 'nobody', password: PASSWORD },
    ]) {
      const res = await call('POST', '/api/admin/login', { body });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'Invalid credentials' });
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
  });

  it('requires both fields and caps them at 1 KB', async () => {
    expect((await call('POST', '/api/admin/login', { body: { username: '', password: '' } })).status).toBe(400);
    expect((await call('POST', '/api/admin/login', { body: { username: 'admin', password: 'x'.repeat(1025) } })).status).toBe(400);
  });

  it('throttles after 5 failures per address and user name, then opens again after the wait', async () => {
    const from = '198.51.100.77';
    for (let i = 0; i < 5; i++)
      expect((await call('POST', '/api/admin/login', { body: { username: 'admin', password: 'nope' }, from })).status).toBe(401);
    const throttled = await call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD }, from });
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    await signIn(PASSWORD, '198.51.100.78');
    // Once the minute has passed, the right password works and clears the failures.
    await server.database.client.execute({ sql: 'UPDATE rate_limit_events SET at = at - 61000 WHERE subject LIKE ?', args: [`${from}|%`] });
    await signIn(PASSWORD, from);
    const left = await server.database.client.execute({
      sql: 'SELECT count(*) AS n FROM rate_limit_events WHERE subject LIKE ?',
      args: [`${from}|%`],
    });
    expect(Number(left.rows[0]?.['n'])).toBe(0);
    expect(server.output()).toMatch(/"event":"admin_login","outcome":"throttled"/);
  });

  it('checks at most five passwords of a burst of 40 wrong ones, whatever the timing', async () => {
    const from = '198.51.100.90';
    const loggedBefore = failuresLogged(from);
    // A 503 (the write queue past its own limit on a busy machine) is sent again, as a client does.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        sendPatiently(() => call('POST', '/api/admin/login', { body: { username: 'admin', password: 'nope' }, from })),
      ),
    );
    const tally = answers.map((a) => a.status).sort();
    expect(tally.filter((s) => s === 401)).toHaveLength(5);
    expect(tally.filter((s) => s === 429)).toHaveLength(35);
    // The audit log names exactly the five passwords checked.
    expect(failuresLogged(from) - loggedBefore).toBe(5);
  });

  it('caps the tries of one address across user names with 429 and Retry-After', async () => {
    const from = '198.51.100.91';
    const answers: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const res = await call('POST', '/api/admin/login', { body: { username: `editor-${i}`, password: 'guess' }, from });
      answers.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    // The cap holds for every name, the administrator's too, and not for other addresses.
    expect((await call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD }, from })).status).toBe(429);
    await signIn(PASSWORD, '198.51.100.92');
  });

  it('never counts successful sign-ins toward the cap of an address', async () => {
    const from = '198.51.100.93';
    for (let i = 0; i < 25; i++) await signIn(PASSWORD, from);
    const left = await server.database.client.execute({
      sql: 'SELECT count(*) AS n FROM rate_limit_events WHERE subject LIKE ?',
      args: [`${from}%`],
    });
    expect(Number(left.rows[0]?.['n'])).toBe(0);
  });

  it('ends the session on the server at logout', async () => {
    const cookie = await signIn();
    const res = await call('POST', '/api/admin/logout', { cookie });
    expect(res.json).toEqual({ authenticated: false });
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=0/i);
    expect((await call('GET', '/api/admin/check', { cookie })).json).toEqual({ authenticated: false });
    expect((await call('GET', '/api/admin/comments', { cookie })).status).toBe(401);
  });

  it('ends every session when the password is changed with npm run admin:password', async () => {
    const cookie = await signIn();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', './scripts/aliases.mjs', 'scripts/admin-password.ts'], {
        env: { ...process.env, DATABASE_URL: server.databaseUrl, NEW_ADMIN_PASSWORD: 'a-brand-new-password' },
        stdio: 'ignore',
      });
      child.once('exit', resolve);
    });
    expect(code).toBe(0);
    expect((await call('GET', '/api/admin/check', { cookie })).json).toEqual({ authenticated: false });
    expect((await call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD } })).status).toBe(401);
    await signIn('a-brand-new-password');
    // Put the original password back for the other tests.
    const { setAdminPassword } = await import('@/server/auth/admin-user');
    await setAdminPassword(PASSWORD, server.database.db);
  });
});

describe('signing in without JavaScript', () => {
  /** A plain form post, as a browser sends it from the login page (same origin unless told). */
  async function postForm(fields: Record<string, string>, options: { from?: string; origin?: string; type?: string } = {}) {
    const response = await fetch(`${server.url}/admin/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': options.type ?? 'application/x-www-form-urlencoded',
        Origin: options.origin ?? server.url,
        'Sec-Fetch-Site': options.origin ? 'cross-site' : 'same-origin',
        'X-Forwarded-For': options.from ?? '198.51.100.60',
      },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** The opening tag of the page's form that holds the password field. */
  const loginFormTag = (html: string) => /(<form\b[^>]*>)(?:(?!<\/form>)[\s\S])*name="password"/.exec(html)?.[1] ?? '';

  it('posts the login form to the server, never as a GET that puts the password in the address', async () => {
    const form = loginFormTag((await call('GET', '/admin/login')).text);
    expect(form).toMatch(/\bmethod="post"/i);
    expect(form).toMatch(/\baction="\/admin\/sign-in"/);
  });

  it('signs in with the session cookie and sends the browser to the panel', async () => {
    const res = await postForm({ username: 'admin', password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/admin');
    const cookie = (res.headers.get('Set-Cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^session=/);
    expect((await call('GET', '/api/admin/check', { cookie })).json).toEqual({ authenticated: true });
  });

  it('shows what went wrong on the page, keeping the user name but never the password', async () => {
    const wrong = await postForm({ username: 'admin', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('Set-Cookie')).toBeNull();
    expect(wrong.headers.get('Cache-Control')).toBe('no-store');
    expect(wrong.text).toContain('Invalid credentials');
    expect(wrong.text).toMatch(/<input[^>]*name="username"[^>]*value="admin"/);
    expect(wrong.text).not.toContain('not-the-password');
    expect(loginFormTag(wrong.text)).toMatch(/\baction="\/admin\/sign-in"/);
    const empty = await postForm({ username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Please enter both username and password');
  });

  it('counts failures with the same throttle as the API', async () => {
    const from = '198.51.100.61';
    for (let i = 0; i < 3; i++) expect((await postForm({ username: 'admin', password: 'nope' }, { from })).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await call('POST', '/api/admin/login', { body: { username: 'admin', password: 'nope' }, from })).status).toBe(401);
    const limited = await postForm({ username: 'admin', password: PASSWORD }, { from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(50);
    expect(limited.text).toContain('Too many failed sign-in attempts');
  });

  it('refuses a post from another site, and anything but a form', async () => {
    const forged = await postForm({ username: 'admin', password: PASSWORD }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('Set-Cookie')).toBeNull();
    expect((await postForm({ username: 'admin', password: PASSWORD }, { type: 'text/plain' })).status).toBe(415);
  });

  it('sends a GET of the form address to the login page', async () => {
    const res = await call('GET', '/admin/sign-in?username=admin&password=leaked');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/admin/login');
  });
});

describe('with a session', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  it('runs the article lifecycle, sanitising content and refreshing pages at once', async () => {
    const newsBefore = await call('GET', '/news');
    const created = await call('POST', '/api/articles', { body: newArticle('record-winter-demand'), cookie });
    expect(created.status).toBe(201);
    const id = created.json['id'] as number;
    expect(created.json['content']).toBe(
      '<p>Planners expect <strong>record</strong> peaks.</p><p>Click</p><a rel="noopener noreferrer nofollow">x</a>',
    );
    expect((await currentPage('/news')).text).toContain('Grid operators brace for record winter demand');
    expect(newsBefore.text).not.toContain('Grid operators brace for record winter demand');
    expect((await call('GET', '/article/record-winter-demand')).status).toBe(200);

    const duplicate = await call('POST', '/api/articles', { body: newArticle('record-winter-demand'), cookie });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json['message']).toBe('An article with this slug already exists');

    const updated = await call('PATCH', `/api/articles/${id}`, { body: { title: 'Grid operators warn of tight winter', featured: true }, cookie });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ title: 'Grid operators warn of tight winter', featured: true, slug: 'record-winter-demand' });
    expect((await currentPage('/article/record-winter-demand')).text).toContain('Grid operators warn of tight winter');

    expect((await call('DELETE', `/api/articles/${id}`, { cookie })).status).toBe(204);
    // Taken off the site, a story is gone at once: its pages are dropped, never served stale.
    expect((await call('GET', '/article/record-winter-demand')).status).toBe(404);
    expect((await call('GET', '/news')).text).not.toContain('Grid operators warn of tight winter');
    expect((await call('DELETE', `/api/articles/${id}`, { cookie })).status).toBe(404);
    await expect
      .poll(() => hook.calls())
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ event: 'content.changed', entity: 'article', id, action: 'created' }),
          expect.objectContaining({ action: 'updated' }),
          expect.objectContaining({ action: 'deleted' }),
        ]),
      );
  });

  it('never follows a redirect from the rebuild hook, and says so in the log', async () => {
    hook.redirect(true);
    try {
      const created = await call('POST', '/api/articles', { body: newArticle('hook-redirect-story'), cookie });
      expect(created.status).toBe(201);
      await expect.poll(() => server.output()).toContain('Rebuild hook answered a redirect (307 to /elsewhere); not followed.');
      expect(hook.followed()).toEqual([]);
      expect((await call('DELETE', `/api/articles/${String(created.json['id'])}`, { cookie })).status).toBe(204);
    } finally {
      hook.redirect(false);
    }
  });

  it('keeps drafts and scheduled articles from readers but lists them for the admin', async () => {
    const draft = await call('POST', '/api/articles', { body: { ...newArticle('draft-story'), status: 'draft' }, cookie });
    const later = await call('POST', '/api/articles', {
      body: { ...newArticle('scheduled-story'), publishedAt: new Date(Date.now() + 86_400_000).toISOString() },
      cookie,
    });
    expect([draft.status, later.status]).toEqual([201, 201]);
    const publicList = JSON.parse((await call('GET', '/api/articles?limit=100')).text) as ArticleSummary[];
    expect(publicList.map((a) => a.slug)).not.toContain('draft-story');
    expect(publicList.map((a) => a.slug)).not.toContain('scheduled-story');
    const adminList = JSON.parse((await call('GET', '/api/admin/articles', { cookie })).text) as { items: { slug: string; status: string }[] };
    expect(adminList.items.map((a) => a.slug)).toEqual(expect.arrayContaining(['draft-story', 'scheduled-story']));
  });

  it('validates article input with field messages', async () => {
    const res = await call('POST', '/api/articles', { body: { title: '', slug: 'Bad Slug', categoryId: 999 }, cookie });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json['errors'] as object)).toEqual(expect.arrayContaining(['title', 'slug', 'excerpt', 'content', 'author']));
    const unknownCategory = await call('POST', '/api/articles', { body: { ...newArticle('no-such-category'), categoryId: 999 }, cookie });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.json['errors']).toEqual({ categoryId: ['Please choose a category'] });
  });

  it('runs the analytics content lifecycle', async () => {
    const created = await call('POST', '/api/analytics-content', {
      body: { title: 'Q4 outlook', type: 'report', content: 'Prices firm into winter.', metadata: { quarter: 4 } },
      cookie,
    });
    expect(created.status).toBe(201);
    const id = created.json['id'] as number;
    expect((await currentPage('/analytics')).text).toContain('Q4 outlook');
    const updated = await call('PATCH', `/api/analytics-content/${id}`, { body: { type: 'insight' }, cookie });
    expect(updated.json).toMatchObject({ title: 'Q4 outlook', type: 'insight', metadata: { quarter: 4 } });
    expect((await call('POST', '/api/analytics-content', { body: { title: 'x', content: 'y', type: 'poster' }, cookie })).status).toBe(400);
    expect((await call('DELETE', `/api/analytics-content/${id}`, { cookie })).status).toBe(204);
    expect((await currentPage('/analytics')).text).not.toContain('Q4 outlook');
  });

  it('moderates comments: pending first with e-mail, approve makes public, delete removes', async () => {
    const articleId = 2;
    const posted = await call('POST', `/api/articles/${articleId}/comments`, {
      body: { authorName: 'Reader One', authorEmail: 'reader@example.com', content: 'Please cover transmission costs.' },
    });
    expect(posted.status).toBe(201);
    const list = JSON.parse((await call('GET', '/api/admin/comments', { cookie })).text) as {
      items: { id: number; approved: boolean; authorEmail: string }[];
    };
    expect(list.items[0]).toMatchObject({ approved: false, authorEmail: 'reader@example.com' });
    const id = posted.json['id'] as number;
    expect((await call('PATCH', `/api/admin/comments/${id}/approve`, { cookie })).status).toBe(200);
    const visible = JSON.parse((await call('GET', `/api/articles/${articleId}/comments`)).text) as PublicComment[];
    expect(visible.map((c) => c.id)).toContain(id);
    expect((await call('DELETE', `/api/admin/comments/${id}`, { cookie })).status).toBe(204);
    expect((await call('PATCH', `/api/admin/comments/${id}/approve`, { cookie })).status).toBe(404);
  });

  it('reads, marks handled and deletes contact messages, newest first', async () => {
    await server.database.db.delete(contactMessages);
    await server.database.db.insert(contactMessages).values([
      {
        name: 'Old',
        email: 'o@example.com',
        subject: 'Older note',
        category: 'general',
        message: 'An older message',
        createdAt: new Date('2026-01-01'),
      },
      {
        name: 'New',
        email: 'n@example.com',
        subject: 'Newer note',
        category: 'press',
        message: 'A newer message',
        createdAt: new Date('2026-02-01'),
      },
    ]);
    const list = (
      JSON.parse((await call('GET', '/api/admin/messages', { cookie })).text) as { items: { id: number; name: string; handled: boolean }[] }
    ).items;
    expect(list.map((m) => m.name)).toEqual(['New', 'Old']);
    expect((await call('PATCH', `/api/admin/messages/${list[0]!.id}`, { body: { handled: true }, cookie })).status).toBe(200);
    const [row] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.id, list[0]!.id));
    expect(row?.handled).toBe(true);
    expect((await call('DELETE', `/api/admin/messages/${list[1]!.id}`, { cookie })).status).toBe(204);
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('refuses cross-site admin writes even with the session cookie', async () => {
    const res = await call('POST', '/api/articles', { body: newArticle('csrf-story'), cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await call('GET', '/article/csrf-story')).status).toBe(404);
  });

  it('renders the panel for the admin without caching it', async () => {
    const page = await call('GET', '/admin', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.text).toContain('Admin Panel');
  });
});
