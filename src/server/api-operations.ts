// The words every domain's API description is written with: who may make a call (public, a
// staff session), the answers calls share (a 304, a 429 with Retry-After, a page of an admin
// list) and admin record families (list, create, read, change, delete of one entity) from one
// definition. Each domain declares its own operations with these beside its services
// (src/server/services/<domain>/<domain>.openapi.ts); src/server/openapi.ts assembles them.
import type * as z from '@/lib/validation/zod-mini';
import { ADMIN_PAGE_SIZE } from '@/lib/validation/admin-lists';
import { adminPageOf, bulkResultSchema, errorSchema, recordId } from '@/lib/wire/common';
import { ok, pathParam, type Answer, type OperationSpec } from '@/server/api-document';
import { envSchema } from '@/server/config';
import type { RateRule } from '@/server/services/rate-limits/rules';

export { ok, pathParam, type Answer, type OperationSpec };

/** A domain's part of the document: its paths, each with its methods' operations. */
export type DomainPaths = Record<string, Record<string, OperationSpec>>;

/** The document's tags: one section of /api/docs each (src/server/openapi.ts describes them). */
export const TAG = {
  data: 'Data API',
  market: 'Market data',
  articles: 'Articles',
  comments: 'Comments',
  contact: 'Contact',
  newsletter: 'Newsletter',
  analytics: 'Analytics',
  readership: 'Readership',
  adminSession: 'Admin: session',
  adminStaff: 'Admin: staff',
  adminArticles: 'Admin: articles',
  adminReaders: 'Admin: readers',
  adminData: 'Admin: data and calendar',
} as const;

const intHeader = { type: 'integer' };
export const totalHeader = { 'X-Total-Count': { description: 'How many items the whole list holds.', schema: intHeader } };
/** A keyset-paged list's next page. */
export const nextLinkHeader = {
  Link: { description: 'The next page, when there is one: `<…?limit=…&cursor=…>; rel="next"`.', required: false, schema: { type: 'string' } },
};
export const cacheHeaders = {
  ETag: { description: 'Strong validator of the answer; send it back in If-None-Match for a 304.', schema: { type: 'string' } },
  'Cache-Control': { description: '`private, max-age=0, must-revalidate`.', schema: { type: 'string' } },
};
const retryAfter = { 'Retry-After': { description: 'Seconds to wait.', schema: intHeader } };
export const notModified = ok('Unchanged since the ETag sent in If-None-Match.');
export const deleted = ok('Deleted.');
/** A 429: the error body, and when to try again. */
export const rateLimited = (description: string) => ok(description, errorSchema, { headers: retryAfter });

/** An admin list's page size, in words. */
export const PER_PAGE = `${ADMIN_PAGE_SIZE} a page`;
export const PAGE = { page: `The page, from 1 (${PER_PAGE}); anything unreadable is the first.` };
export const LIMIT_OFFSET = { limit: 'How many items.', offset: 'How many items to skip.' };
export const BODY_ERRORS = { '413': 'Body too large.', '415': 'Not JSON.' };
export const id = (what: string) => ({ id: pathParam(`The ${what}’s id.`, recordId) });

const UNITS = [
  { ms: 24 * 3_600_000, one: 'day', many: 'days' },
  { ms: 3_600_000, one: 'hour', many: 'hours' },
  { ms: 60_000, one: 'minute', many: 'minutes' },
] as const;
/** A duration in words: `1 minute`, `15 minutes`, `2 hours`, `10 s`. */
export function durationText(ms: number): string {
  const unit = UNITS.find((u) => ms % u.ms === 0);
  return unit ? `${ms / unit.ms} ${ms === unit.ms ? unit.one : unit.many}` : `${ms / 1000} s`;
}
/** A rule's window in words: `hour`, `15 s`, `15 minutes`, `day`. */
const windowText = (ms: number) => durationText(ms).replace(/^1 (?=[a-z])/, '');
/** Rate-limit rules as the document says them, read from the rules the services enforce: `1 per 15 s and 10 per hour`. */
export const rulesText = (rules: readonly RateRule[]) => rules.map((r) => `${r.max} per ${windowText(r.windowMs)}`).join(' and ');

/** A list in words: `a, b or c`. */
export const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);
/** A count as the document writes it: `10,000`. */
export const count = (n: number) => n.toLocaleString('en-US');

/** The data API's reads per address and minute when API_RATE_LIMIT is not set (the setting's default). */
const API_RATE_LIMIT_DEFAULT = envSchema.shape.API_RATE_LIMIT.parse(undefined);

/** A public call. */
export const open = (tags: string[], spec: Omit<OperationSpec, 'tags' | 'access'>): OperationSpec => ({ ...spec, tags, access: 'public' });
/** A public read whose only answer is its 200. */
export const openRead = (tags: string[], operationId: string, summary: string, answer: Answer, description?: string): OperationSpec =>
  open(tags, { operationId, summary, ...(description && { description }), responses: { '200': answer } });

/** A read of the data API: public, rate limited per address by API_RATE_LIMIT (a 429), with ETags (a 304); `errors` are its own 4xx. */
export const dataRead = (
  call: Pick<OperationSpec, 'operationId' | 'summary' | 'path' | 'query'> & {
    description: string;
    answer: Answer;
    errors?: Record<string, string>;
  },
) =>
  open([TAG.data], {
    operationId: call.operationId,
    summary: call.summary,
    description: `${call.description} Public; rate limited per address.`,
    ...(call.path && { path: call.path }),
    ...(call.query && { query: call.query }),
    responses: {
      '200': call.answer,
      '304': notModified,
      ...call.errors,
      '429': rateLimited(
        `Too many requests from this address (API_RATE_LIMIT a minute for the whole machine, ${API_RATE_LIMIT_DEFAULT} by default).`,
      ),
    },
  });
/** The query of a data API history: a range and the answer's format. */
/** Which figures a data API answers (`vintageFields`, src/lib/validation/series-query.ts). */
export const VINTAGE_ABOUT = {
  vintage: '`latest` (default): the figures as last revised; `first`: as first published.',
  asOf: 'A day, YYYY-MM-DD: the figures as known at its end (US Eastern). Not with `vintage=first`.',
};

export const historyQuery = (schema: z.ZodMiniType, start: string, end: string) => ({
  schema,
  about: { start, end, format: "The answer's format.", ...VINTAGE_ABOUT },
});

/** A call of a staff session (which roles may: the route's capability, src/server/auth/route-permissions.ts). */
export const staff = (tag: string, spec: Omit<OperationSpec, 'tags' | 'access'>): OperationSpec => ({ ...spec, tags: [tag], access: 'admin' });

/** A staff read whose only answer is its 200 (a 401 and the roles' 403 follow). */
export const staffRead = (tag: string, operationId: string, summary: string, answer: Answer): OperationSpec =>
  staff(tag, { operationId, summary, responses: { '200': answer } });

/** What every admin call by one record's id has beside its own: who, and the record's path. */
export type RecordCall = Pick<OperationSpec, 'operationId' | 'summary' | 'description'>;
const also = ({ description, ...call }: RecordCall) => ({ ...call, ...(description && { description }) });
/** A record's path parameters: its id, unless the record lives under another (an article's correction). */
type RecordPath = { path?: OperationSpec['path'] };

/** A page of an admin list (50 a page): the query its route parses with, what each parameter means, its items' shape. */
export const listPage = (
  tag: string,
  items: string,
  item: z.ZodMiniType,
  call: RecordCall & { query: z.ZodMiniType; about: Record<string, string> },
) =>
  staff(tag, {
    ...also(call),
    query: { schema: call.query, about: { ...call.about, ...PAGE } },
    responses: { '200': ok(`A page of ${items}.`, adminPageOf(item)), '400': 'Invalid query parameters.' },
  });
/** Creates a record from a JSON body: 201 with it. */
export const createOne = (tag: string, noun: string, shape: z.ZodMiniType, call: RecordCall & { body: z.ZodMiniType; conflict?: string }) =>
  staff(tag, {
    ...also(call),
    body: call.body,
    responses: { '201': ok(`The ${noun}.`, shape), '400': 'Invalid input.', ...(call.conflict && { '409': call.conflict }), ...BODY_ERRORS },
  });
/** Reads one record by id: its shape, or a 404. */
export const readOne = (tag: string, noun: string, shape: z.ZodMiniType, call: RecordCall) =>
  staff(tag, { ...also(call), path: id(noun), responses: { '200': ok(`The ${noun}.`, shape), '404': `No such ${noun}.` } });
/** Changes one record by id from a JSON body: the answer, a 400, or a 404. */
export const changeOne = (tag: string, noun: string, answer: Answer, call: RecordCall & RecordPath & { body: z.ZodMiniType; conflict?: string }) =>
  staff(tag, {
    ...also(call),
    path: call.path ?? id(noun),
    body: call.body,
    responses: { '200': answer, '400': 'Invalid input.', '404': `No such ${noun}.`, ...(call.conflict && { '409': call.conflict }), ...BODY_ERRORS },
  });
/** Deletes one record by id: a 204, or a 404. */
export const deleteOne = (tag: string, noun: string, call: RecordCall & RecordPath & { conflict?: string }) =>
  staff(tag, {
    ...also(call),
    path: call.path ?? id(noun),
    responses: { '204': deleted, '404': `No such ${noun}.`, ...(call.conflict && { '409': call.conflict }) },
  });
/** Changes up to BULK_MAX records at once. */
export const bulk = (tag: string, call: RecordCall & { body: z.ZodMiniType }) =>
  staff(tag, {
    ...also(call),
    body: call.body,
    responses: { '200': ok('What changed.', bulkResultSchema), '400': 'Invalid input.', ...BODY_ERRORS },
  });

/**
 * An admin entity's calls from one definition: `base` is its list (`GET`, `POST`), `base/{id}`
 * one record (`GET`, `PATCH`, `DELETE`), `base/bulk` many at once; each call named is
 * documented with the entity's tag, noun and shape, and the ones left out are not routes.
 * `update.answer` is the change's answer when it is not the record (`{handled}`).
 */
export function adminRecords(
  base: string,
  entity: { tag: string; noun: string; shape: z.ZodMiniType },
  calls: {
    list?: RecordCall & { items: string; query: z.ZodMiniType; about: Record<string, string> };
    create?: RecordCall & { body: z.ZodMiniType; conflict?: string };
    read?: RecordCall;
    update?: RecordCall & { body: z.ZodMiniType; conflict?: string; answer?: Answer };
    remove?: RecordCall & { conflict?: string };
    bulk?: RecordCall & { body: z.ZodMiniType };
  },
): DomainPaths {
  const { tag, noun, shape } = entity;
  const { list, create, read, update, remove } = calls;
  const collection = {
    ...(list && { get: listPage(tag, list.items, shape, list) }),
    ...(create && { post: createOne(tag, noun, shape, create) }),
  };
  const one = {
    ...(read && { get: readOne(tag, noun, shape, read) }),
    ...(update && { patch: changeOne(tag, noun, update.answer ?? ok(`The ${noun}.`, shape), update) }),
    ...(remove && { delete: deleteOne(tag, noun, remove) }),
  };
  return {
    ...(Object.keys(collection).length > 0 && { [base]: collection }),
    ...(calls.bulk && { [`${base}/bulk`]: { post: bulk(tag, calls.bulk) } }),
    ...(Object.keys(one).length > 0 && { [`${base}/{id}`]: one }),
  };
}

/** The paths of several domains as one: a path two domains share keeps both's methods; a method declared twice is an error. */
export function mergePaths(...domains: DomainPaths[]): DomainPaths {
  const merged: DomainPaths = {};
  for (const domain of domains) {
    for (const [path, methods] of Object.entries(domain)) {
      const into = (merged[path] ??= {});
      for (const [method, spec] of Object.entries(methods)) {
        if (into[method]) throw new Error(`${method.toUpperCase()} ${path} is documented twice`);
        into[method] = spec;
      }
    }
  }
  return merged;
}
