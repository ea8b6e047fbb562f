import { desc, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, comments, contactMessages } from '@db/schema';
import { commentCreateSchema } from '@/lib/validation/comment';
import { contactCreateSchema } from '@/lib/validation/contact';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let articleId: number;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  const [row] = await server.database.db.select({ id: articles.id }).from(articles).limit(1);
  articleId = row!.id;
});

afterAll(async () => {
  await server?.stop();
});

const ALLOWED = new Set([201, 400, 404, 413, 415, 429]);

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', ' ', 'ab', 'a@b.co', 'Jo Smith', 'x'.repeat(6000), '<script>alert(1)</script>'),
);
const fieldValue = fc.oneof(text, fc.anything(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/merge-patch+json',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

function bodyFor(fields: string[]) {
  const record = fc.dictionary(fc.constantFrom(...fields, 'website', 'extra', '__proto__', 'constructor'), fieldValue, {
    maxKeys: fields.length + 2,
  });
  return fc.oneof(
    record.map((r) => JSON.stringify(r)),
    fc.json(),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '[]', 'null', '"x"', '{"a":1}{', '\u0000', ''),
  );
}

async function send(path: string, type: string, body: string, from: string): Promise<number> {
  const headers: Record<string, string> = { Origin: server.url, 'X-Forwarded-For': from };
  if (type) headers['Content-Type'] = type;
  try {
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });
    await response.arrayBuffer();
    return response.status;
  } catch {
    // Header values fetch itself refuses never reach the server.
    return 400;
  }
}

describe('random input against the public write endpoints', () => {
  it('never answers 5xx to comment submissions, and stores only valid comments', async () => {
    // The run's own comments: the sample site has approved ones of its own.
    const [last] = await server.database.db.select({ id: comments.id }).from(comments).orderBy(desc(comments.id)).limit(1);
    await fc.assert(
      fc.asyncProperty(contentType, bodyFor(['authorName', 'authorEmail', 'content']), fc.nat(), async (type, body, n) => {
        const status = await send(`/api/articles/${articleId}/comments`, type, body, `10.9.${n % 256}.${n % 97}`);
        expect(ALLOWED.has(status), `status ${status} for ${type} ${body.slice(0, 80)}`).toBe(true);
      }),
      { numRuns: 1200 },
    );
    const stored = await server.database.db
      .select()
      .from(comments)
      .where(gt(comments.id, last?.id ?? 0));
    for (const row of stored) {
      expect(commentCreateSchema.safeParse({ authorName: row.authorName, authorEmail: row.authorEmail, content: row.content }).success).toBe(true);
      expect(row.approved).toBe(false);
    }
  }, 120_000);

  it('never answers 5xx to contact messages, and stores only valid messages', async () => {
    await fc.assert(
      fc.asyncProperty(contentType, bodyFor(['name', 'email', 'company', 'subject', 'category', 'message']), fc.nat(), async (type, body, n) => {
        const status = await send('/api/contact', type, body, `10.8.${n % 256}.${n % 89}`);
        expect(ALLOWED.has(status), `status ${status} for ${type} ${body.slice(0, 80)}`).toBe(true);
      }),
      { numRuns: 1200 },
    );
    const stored = await server.database.db.select().from(contactMessages);
    for (const row of stored) {
      const parsed = contactCreateSchema.safeParse({ ...row, company: row.company ?? undefined });
      expect(parsed.success).toBe(true);
    }
  }, 120_000);

  it('does get valid random submissions through (the property is not vacuous)', async () => {
    const valid = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Forwarded-For': '10.7.0.1' },
      body: JSON.stringify({
        name: 'Fuzz Check',
        email: 'fuzz@example.com',
        subject: 'Property test',
        category: 'feedback',
        message: 'Valid input still works.',
      }),
    });
    expect(valid.status).toBe(201);
  });

  it('left no unhandled error in the server log', () => {
    expect(server.output()).not.toMatch(/Unhandled error|Could not render|Internal Server Error/);
  });
});
