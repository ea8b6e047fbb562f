import fc from 'fast-check';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '@db/schema';
import { commentCreateSchema } from '@/lib/validation/comment';
import { contactCreateSchema } from '@/lib/validation/contact';
import { HONEYPOT_FIELD } from '@/lib/validation/text';
import { PUBLIC_BODY_LIMIT } from '@/server/http';
import { fieldValue, objectFields } from '../helpers/schema-arbitraries.ts';
import { useTestServer } from '../helpers/test-server.ts';

// Random submissions to the public write endpoints, built from the endpoints' own schemas:
// each field valid (by the schema's shape, edges included), of another type, or missing,
// mixed with bodies that are no JSON object and content types that are no JSON. The schema
// is the oracle: every accepted submission was valid and is stored once, every refused one
// stores nothing, and a valid JSON submission is never refused.

const server = useTestServer({ TRUST_PROXY: 'true' });
let articleId: number;

beforeAll(async () => {
  const [row] = await server.database.db.select({ id: articles.id }).from(articles).limit(1);
  articleId = row!.id;
});

const RUNS = 1200;
const ALLOWED = new Set([201, 400, 404, 413, 415]);
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json'];
const ABSENT = Symbol('absent');

// Shallow (the server refuses JSON nested deeper than 32 before any schema reads it).
const anyValue = fc.oneof(
  fc.anything({ maxDepth: 4 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string()),
  fc.object({ maxDepth: 4 }),
  fc.string(),
);
const contentType = fc.oneof(
  { weight: 16, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/**
 * Bodies for a schema: mostly a JSON object of its fields, each valid by the schema's shape,
 * in about half of them with one or two fields broken (of another type, or missing); now and
 * then anything else.
 */
function bodies(schema: z.core.$ZodType): fc.Arbitrary<string> {
  const { fields } = objectFields(schema);
  const keys = Object.keys(fields);
  const valid = keys.map((key) =>
    key === HONEYPOT_FIELD
      ? // The honeypot: usually missing or empty, as people send it; sometimes filled, as bots do.
        fc.oneof({ weight: 6, arbitrary: fc.constant(ABSENT) }, { weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.string() })
      : fieldValue(fields[key] ?? {}),
  );
  const broken = fc.oneof(fc.constant<string[]>([]), fc.subarray(keys, { minLength: 1, maxLength: 2 }));
  const extras = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor'), anyValue, { maxKeys: 2 }) },
  );
  const objects = fc
    .tuple(fc.tuple(...valid), broken, fc.array(fc.oneof(anyValue, fc.constant(ABSENT)), { minLength: keys.length, maxLength: keys.length }), extras)
    .map(([values, brokenKeys, others, extra]) => {
      const pairs = keys.map((key, i) => [key, brokenKeys.includes(key) ? others[i] : values[i]] as const);
      return JSON.stringify({ ...extra, ...Object.fromEntries(pairs.filter(([, v]) => v !== ABSENT)) });
    });
  return fc.oneof(
    { weight: 24, arbitrary: objects },
    { weight: 1, arbitrary: fc.json() },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('{', '[]', 'null', '"x"', '{"a":1}{', '\u0000', '') },
  );
}

/** What the schema makes of a body the server would read: its output when valid, else undefined. */
function validOutput<S extends z.core.$ZodType>(schema: S, body: string): z.output<S> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const result = z.safeParse(schema, parsed);
  return result.success ? result.data : undefined;
}

let sent = 0;
/** Posts a body from an address of its own (no rate limit is reached); answers the status. */
async function send(path: string, type: string, body: string): Promise<number> {
  sent++;
  const headers: Record<string, string> = { Origin: server.url, 'X-Forwarded-For': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}` };
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

/** The table's row count and its newest row (statements without parameters, so every read sees the latest commit). */
async function tableState(table: 'comments' | 'contact_messages') {
  const [count, newest] = await Promise.all([
    server.database.client.execute(`SELECT count(*) AS n FROM ${table}`),
    server.database.client.execute(`SELECT * FROM ${table} ORDER BY id DESC LIMIT 1`),
  ]);
  return { count: Number(count.rows[0]?.['n']), newest: newest.rows[0] };
}

/**
 * Sends RUNS random submissions and checks each against the schema: an accepted one was valid
 * and is stored exactly once as `stored` says (nothing for a filled honeypot), a refused one
 * stores nothing, a valid JSON one within the size limit is accepted. Answers the tally.
 */
async function fuzz<S extends z.core.$ZodType>(
  path: string,
  table: 'comments' | 'contact_messages',
  schema: S,
  stored: (output: z.output<S>) => Record<string, unknown>,
): Promise<{ accepted: number; refused: number }> {
  const tally = { accepted: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(contentType, bodies(schema), async (type, body) => {
      const before = await tableState(table);
      const status = await send(path, type, body);
      const after = await tableState(table);
      const what = `${status} for ${type} ${body.slice(0, 120)}`;
      expect(ALLOWED.has(status), what).toBe(true);
      const output = validOutput(schema, body);
      if (output !== undefined && JSON_TYPES.includes(type) && Buffer.byteLength(body) <= PUBLIC_BODY_LIMIT) expect(status, what).toBe(201);
      if (status !== 201) {
        tally.refused++;
        expect(after.count, what).toBe(before.count);
        return;
      }
      tally.accepted++;
      expect(output, what).toBeDefined();
      const honeypot = (output as Record<string, unknown>)[HONEYPOT_FIELD];
      expect(after.count, what).toBe(before.count + (honeypot ? 0 : 1));
      if (!honeypot) expect(after.newest, what).toMatchObject(stored(output as z.output<S>));
    }),
    { numRuns: RUNS },
  );
  return tally;
}

describe('random input against the public write endpoints', () => {
  it('never answers 5xx to comment submissions, stores each accepted one once, pending, and nothing of a refused one', async () => {
    const { accepted, refused } = await fuzz(`/api/articles/${articleId}/comments`, 'comments', commentCreateSchema, (c) => ({
      article_id: articleId,
      author_name: c.authorName,
      author_email: c.authorEmail,
      content: c.content,
      approved: 0,
    }));
    // Not vacuous: a good share of the random submissions were valid and went through, and a good share did not.
    expect(accepted).toBeGreaterThan(RUNS / 5);
    expect(refused).toBeGreaterThan(RUNS / 5);
  }, 300_000);

  it('never answers 5xx to contact messages, stores each accepted one once, and nothing of a refused one', async () => {
    const { accepted, refused } = await fuzz('/api/contact', 'contact_messages', contactCreateSchema, (m) => ({
      name: m.name,
      email: m.email,
      company: m.company ?? null,
      subject: m.subject,
      category: m.category,
      message: m.message,
    }));
    expect(accepted).toBeGreaterThan(RUNS / 5);
    expect(refused).toBeGreaterThan(RUNS / 5);
  }, 300_000);

  it('left no unhandled error in the server log', () => {
    expect(server.output()).not.toMatch(/Unhandled error|Could not render|Internal Server Error/);
  });
});
