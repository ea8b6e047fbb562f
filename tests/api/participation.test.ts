import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, comments, contactMessages, rateLimitEvents } from '@db/schema';
import type { PublicComment } from '@/lib/wire/comments';
import { useTestServer } from '../helpers/test-server.ts';
import { sendPatiently } from '../helpers/patient.ts';

const server = useTestServer({ TRUST_PROXY: 'true' });
let articleId: number;
let address = 0;
/** A fresh client address per call, so rate limits do not leak between tests. */
const nextAddress = () => `198.51.100.${++address % 250}-${address}`;

beforeAll(async () => {
  const [row] = await server.database.db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.slug, 'battery-storage-shaves-texas-evening-peak'));
  articleId = row!.id;
});

beforeEach(async () => {
  await server.database.db.delete(comments);
  await server.database.db.delete(contactMessages);
  await server.database.db.delete(rateLimitEvents);
});

interface PostOptions {
  body?: unknown;
  raw?: string;
  contentType?: string;
  from?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

async function post(path: string, options: PostOptions = {}) {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.from ?? nextAddress(), ...options.headers };
  if (options.contentType !== '') headers['Content-Type'] = options.contentType ?? 'application/json';
  if (options.origin !== null) headers['Origin'] = options.origin ?? server.url;
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: options.raw ?? JSON.stringify(options.body ?? {}) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json: json as Record<string, unknown>, text };
}

/** `post` as a patient client sends it (a 503 sent again after its `Retry-After`). */
const postRetrying = (path: string, options: PostOptions, deadline?: number) => sendPatiently(() => post(path, options), deadline);

const validComment = {
  authorName: 'Maria Lopez',
  authorEmail: 'maria@example.com',
  content: 'Battery fleets really changed the evening ramp in ERCOT.',
};
const validContact = {
  name: 'Sam Carter',
  email: 'sam@example.com',
  company: 'Gulf Power Co',
  subject: 'Data partnership',
  category: 'business',
  message: 'We would like to discuss sharing grid data.',
};
const commentsPath = () => `/api/articles/${articleId}/comments`;
const storedComments = async () => (await server.database.db.select({ n: count() }).from(comments))[0]?.n ?? 0;
const storedMessages = async () => (await server.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;

/** Posts `body` to `path`: the contract's 400 with exactly these fields' messages, and nothing stored (`stored` counts what is). */
async function expectRefused(path: string, body: Record<string, unknown>, errors: Record<string, string[]>, stored: () => Promise<number>) {
  const res = await post(path, { body });
  expect(res.status).toBe(400);
  expect(res.json).toEqual({ message: 'Invalid input', errors });
  expect(await stored()).toBe(0);
}

describe('POST /api/articles/{id}/comments', () => {
  it('stores the comment as pending and answers 201 without the e-mail', async () => {
    const res = await post(commentsPath(), { body: validComment });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ articleId, authorName: 'Maria Lopez', content: validComment.content, approved: false });
    expect(res.json).not.toHaveProperty('authorEmail');
    expect(typeof res.json['id']).toBe('number');
    const [row] = await server.database.db.select().from(comments);
    expect(row).toMatchObject({ articleId, authorEmail: 'maria@example.com', approved: false });
  });

  it('answers the spec messages for every invalid field and stores nothing', async () => {
    await expectRefused(
      commentsPath(),
      { authorName: 'M', authorEmail: 'not-an-email', content: 'short' },
      {
        authorName: ['Name must be at least 2 characters'],
        authorEmail: ['Please enter a valid email address'],
        content: ['Comment must be at least 10 characters'],
      },
      storedComments,
    );
  });

  it('says Required for missing fields and refuses other types', async () => {
    const res = await post(commentsPath(), { body: { authorName: 42, content: ['x'] } });
    expect(res.status).toBe(400);
    const errors = res.json['errors'] as Record<string, string[]>;
    expect(errors['authorEmail']).toEqual(['Required']);
    expect(errors['authorName']).toEqual(['Must be text']);
    expect(errors['content']).toEqual(['Must be text']);
  });

  it.each([
    ['a name over 100 characters', { authorName: 'x'.repeat(101) }, 'authorName', 'Name must be at most 100 characters'],
    ['a comment over 5000 characters', { content: 'y'.repeat(5001) }, 'content', 'Comment must be at most 5000 characters'],
    [
      'more than 3 links',
      { content: 'see http://a.example http://b.example www.c.example https://d.example' },
      'content',
      'Comment may contain at most 3 links',
    ],
  ])('refuses %s', async (_label, override, field, message) => {
    const res = await post(commentsPath(), { body: { ...validComment, ...override } });
    expect(res.status).toBe(400);
    expect((res.json['errors'] as Record<string, string[]>)[field]).toEqual([message]);
    expect(await storedComments()).toBe(0);
  });

  it('answers 404 for an unknown, malformed or unpublished article', async () => {
    const [draft] = await server.database.db
      .insert(articles)
      .values({
        slug: 'draft-for-comments',
        title: 'Draft',
        excerpt: 'x',
        content: '<p>x</p>',
        author: 'A',
        categoryId: 1,
        status: 'draft',
        publishedAt: new Date(),
      })
      .returning({ id: articles.id });
    for (const id of ['999999', 'abc', '1.5', String(draft!.id)]) {
      const res = await post(`/api/articles/${id}/comments`, { body: validComment });
      expect(res.status, id).toBe(404);
      expect(res.json).toEqual({ message: 'Article not found' });
    }
    expect(await storedComments()).toBe(0);
  });

  it('accepts a filled honeypot silently and stores nothing', async () => {
    const res = await post(commentsPath(), { body: { ...validComment, website: 'http://spam.example' } });
    expect(res.status).toBe(201);
    expect(res.json['approved']).toBe(false);
    expect(await storedComments()).toBe(0);
  });
});

describe('GET /api/articles/{id}/comments', () => {
  it('returns approved comments only, oldest first, without e-mail addresses', async () => {
    const base = { articleId, authorEmail: 'secret@example.com', content: 'A comment that is long enough.' };
    await server.database.db.insert(comments).values([
      { ...base, authorName: 'Second', approved: true, createdAt: new Date('2026-01-02T00:00:00Z') },
      { ...base, authorName: 'Pending', approved: false, createdAt: new Date('2026-01-01T12:00:00Z') },
      { ...base, authorName: 'First', approved: true, createdAt: new Date('2026-01-01T00:00:00Z') },
    ]);
    const response = await fetch(`${server.url}${commentsPath()}`);
    const text = await response.text();
    expect(text).not.toContain('secret@example.com');
    const list = JSON.parse(text) as PublicComment[];
    expect(list.map((c) => c.authorName)).toEqual(['First', 'Second']);
    expect(list.every((c) => c.approved)).toBe(true);
  });
});

describe('POST /api/contact', () => {
  it('stores the message and answers 201', async () => {
    const res = await post('/api/contact', { body: validContact });
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: 'Sam Carter', email: 'sam@example.com', company: 'Gulf Power Co', category: 'business', handled: false });
  });

  it('treats an empty company as none', async () => {
    expect((await post('/api/contact', { body: { ...validContact, company: '' } })).status).toBe(201);
    const [row] = await server.database.db.select().from(contactMessages);
    expect(row?.company).toBeNull();
  });

  it('answers the spec messages and stores nothing', async () => {
    await expectRefused(
      '/api/contact',
      { name: 'S', email: 'x@', subject: 'Hi', category: 'other', message: 'Too short' },
      {
        name: ['Name must be at least 2 characters'],
        email: ['Please enter a valid email address'],
        subject: ['Subject must be at least 5 characters'],
        category: ['Please select a category'],
        message: ['Message must be at least 10 characters'],
      },
      storedMessages,
    );
  });
});

describe('one-line fields', () => {
  it('refuse line breaks and control characters in the contact form’s name, subject and company, storing nothing', async () => {
    await expectRefused(
      '/api/contact',
      { ...validContact, name: 'Sam\r\nBcc: everyone@example.com', subject: 'Data\npartnership', company: 'Gulf\u0000Power' },
      {
        name: ['Name must be a single line of text'],
        subject: ['Subject must be a single line of text'],
        company: ['Company must be a single line of text'],
      },
      storedMessages,
    );
    // Line breaks stay welcome in the message itself.
    expect((await post('/api/contact', { body: { ...validContact, message: 'Line one of the message.\nLine two.' } })).status).toBe(201);
  });

  it('refuse a line break in a commenter’s name', async () => {
    await expectRefused(
      commentsPath(),
      { ...validComment, authorName: 'Maria\nLopez' },
      { authorName: ['Name must be a single line of text'] },
      storedComments,
    );
  });
});

describe('every public write is abuse-proof', () => {
  for (const path of ['comments', '/api/contact']) {
    const target = () => (path === 'comments' ? commentsPath() : path);
    const valid = () => (path === 'comments' ? validComment : validContact);
    const stored = () => (path === 'comments' ? storedComments() : storedMessages());

    it(`${path}: 415 for another content type, stores nothing`, async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', '']) {
        const res = await post(target(), { raw: JSON.stringify(valid()), contentType });
        expect(res.status, contentType).toBe(contentType === '' ? 415 : 415);
        expect(res.json).toEqual({ message: 'Content-Type must be application/json' });
      }
      expect(await stored()).toBe(0);
    });

    it(`${path}: 400 for malformed JSON or a non-object`, async () => {
      for (const raw of ['{"authorName":', '[]', '"text"', 'null', '']) {
        const res = await post(target(), { raw });
        expect(res.status, raw).toBe(400);
      }
      expect(await stored()).toBe(0);
    });

    it(`${path}: 413 past 16 KB, declared or streamed`, async () => {
      const big = JSON.stringify({ ...valid(), message: 'z'.repeat(17 * 1024), content: 'z'.repeat(17 * 1024) });
      expect((await post(target(), { raw: big })).status).toBe(413);
      // Without Content-Length: a streamed body is counted as it arrives.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      });
      const response = await fetch(`${server.url}${target()}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Forwarded-For': nextAddress() },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await stored()).toBe(0);
    });

    it(`${path}: 403 for cross-site requests`, async () => {
      expect((await post(target(), { body: valid(), origin: 'https://evil.example' })).status).toBe(403);
      expect((await post(target(), { body: valid(), origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
      expect(await stored()).toBe(0);
    });
  }

  it('limits comments to 1 per 15 s per address, with Retry-After, counting accepted ones only', async () => {
    const from = nextAddress();
    expect((await post(commentsPath(), { body: { ...validComment, content: 'short' }, from })).status).toBe(400);
    expect((await post(commentsPath(), { body: validComment, from })).status).toBe(201);
    const limited = await post(commentsPath(), { body: validComment, from });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect((await post(commentsPath(), { body: validComment })).status).toBe(201);
    expect(await storedComments()).toBe(2);
  });

  it('limits comments to 10 an hour per address', async () => {
    const from = nextAddress();
    const now = Date.now();
    await server.database.db
      .insert(rateLimitEvents)
      .values(Array.from({ length: 10 }, (_, i) => ({ bucket: 'comment', subject: from, at: new Date(now - 20_000 - i * 60_000) })));
    const limited = await post(commentsPath(), { body: validComment, from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(60 * 40);
    expect(await storedComments()).toBe(0);
  });

  it('limits contact messages to 5 an hour per address', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++) expect((await post('/api/contact', { body: validContact, from })).status).toBe(201);
    const limited = await post('/api/contact', { body: validContact, from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(3000);
    expect(await storedMessages()).toBe(5);
  });

  it('stores 200 comments sent at once from distinct addresses exactly once each', async () => {
    // On a busy machine the write queue may refuse some with 503 and Retry-After, as documented;
    // the clients send those again, as a browser's would, and every comment is stored once.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postRetrying(commentsPath(), { body: { ...validComment, content: `Concurrent comment number ${i}` }, from: `203.0.113.${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 200 }, () => 201));
    const rows = await server.database.db.select({ content: comments.content }).from(comments);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.content)).size).toBe(200);
  }, 180_000);
});
