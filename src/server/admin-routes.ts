// The handlers the admin API's routes share, for `endpoint({...})`: each asserts the staff
// session first (401 otherwise; the middleware has checked the role's capability), then reads
// what it needs in a fixed order (the path's id, 404 with the route's message when it is not
// one; then the body or the query), and hands the signed-in person on last.
import type { APIContext } from 'astro';
import type * as z from '@/lib/validation/zod-mini';
import { requireStaff } from '@/server/auth/guard';
import type { SessionUser } from '@/server/auth/session';
import { idParam, json, parseBody, parseQuery, readJsonBody } from '@/server/http';

type Handler = (context: APIContext) => Promise<Response>;

/** GET of a paged admin list: the query parsed with `schema`, answered with what `list` returns. */
export function adminList<S extends z.core.$ZodType>(schema: S, list: (query: z.output<S>, user: SessionUser) => Promise<unknown>): Handler {
  return async (context) => {
    const user = requireStaff(context);
    return json(await list(parseQuery(schema, context.url), user));
  };
}

/** POST that creates a record: the body (at most `limit` bytes) parsed with `schema`; 201 with what `create` returns. */
export function adminCreate<S extends z.core.$ZodType>(
  schema: S,
  limit: number,
  create: (input: z.output<S>, user: SessionUser) => Promise<unknown>,
): Handler {
  return async (context) => {
    const user = requireStaff(context);
    const input = parseBody(schema, await readJsonBody(context.request, limit));
    return json(await create(input, user), { status: 201 });
  };
}

/** GET of the record the path's `id` names: what `read` returns. */
export function adminRead(notFound: string, read: (id: number, user: SessionUser) => Promise<unknown>): Handler {
  return async (context) => {
    const user = requireStaff(context);
    return json(await read(idParam(context.params.id, notFound), user));
  };
}

/** A body about the record the path's `id` names: parsed with `schema`, handed to `act`, its answer sent with `status`. */
function recordBody<S extends z.core.$ZodType>(
  notFound: string,
  schema: S,
  limit: number,
  act: (id: number, input: z.output<S>, user: SessionUser) => Promise<unknown>,
  status: number,
): Handler {
  return async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.id, notFound);
    const input = parseBody(schema, await readJsonBody(context.request, limit));
    return json(await act(id, input, user), { status });
  };
}

/** A handler of a body (at most `limit` bytes, parsed with `schema`) about the record the path's `id` names, answered with what `write` returns. */
type RecordWrite = <S extends z.core.$ZodType>(
  notFound: string,
  schema: S,
  limit: number,
  write: (id: number, input: z.output<S>, user: SessionUser) => Promise<unknown>,
) => Handler;

/** PATCH of the record the path's `id` names: 200 with what `update` returns. */
export const adminUpdate: RecordWrite = (notFound, schema, limit, update) => recordBody(notFound, schema, limit, update, 200);

/** DELETE of the record the path's `id` names: 204 once `remove` is done. */
export function adminRemove(notFound: string, remove: (id: number, user: SessionUser) => Promise<unknown>): Handler {
  return async (context) => {
    const user = requireStaff(context);
    await remove(idParam(context.params.id, notFound), user);
    return new Response(null, { status: 204 });
  };
}

/** POST about the record the path's `id` names (a note, a review): 201 with what `create` returns. */
export const adminCreateFor: RecordWrite = (notFound, schema, limit, create) => recordBody(notFound, schema, limit, create, 201);
