// What every answer of the API shares: the error body, instants, a page of an admin list.
// The shapes of src/lib/wire are the API's answers as zod (mini) schemas: their types are
// inferred here, and the OpenAPI document (src/server/openapi.ts) is generated from them.
// Nothing parses answers with them at run time; islands import their types only.
import * as z from '@/lib/validation/zod-mini';

/**
 * Names a schema as a shape of the API document (`#/components/schemas/{id}`), with what it
 * is. Name a schema last: a schema derived from a named one (extended, picked) would carry
 * the name too.
 */
export function named<T extends z.ZodMiniType>(id: string, schema: T, description?: string): T {
  return schema.check(z.meta(description ? { id, description } : { id }));
}

/**
 * A named object shape of the API document (see `named`): `namedObject('Id', 'What it is.', { ...fields })`,
 * or without the description.
 */
export function namedObject<T extends z.core.$ZodLooseShape>(id: string, fields: T): z.ZodMiniObject<T>;
export function namedObject<T extends z.core.$ZodLooseShape>(id: string, description: string, fields: T): z.ZodMiniObject<T>;
export function namedObject<T extends z.core.$ZodLooseShape>(id: string, ...rest: [T] | [string, T]): z.ZodMiniObject<T> {
  return rest.length === 1 ? named(id, z.object(rest[0])) : named(id, z.object(rest[1]), rest[0]);
}

/** A field's meaning, shown in the API document. Not for a named shape: its copy would carry the name too. */
export function about<T extends z.ZodMiniType>(schema: T, description: string): T {
  if (z.globalRegistry.get(schema)?.id) throw new Error(`Describe the field, not the named shape ${z.globalRegistry.get(schema)?.id}.`);
  return schema.check(z.describe(description));
}

/**
 * A reader's personal data in a staff answer (an e-mail address): only roles with the
 * `readPersonalData` capability receive it; the others get the answer without it
 * (src/server/auth/route-permissions.ts, `PERSONAL_DATA_ANSWERS`).
 */
export const personal = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(about(schema, 'A reader’s personal data: left out for a role without the right to it (`readPersonalData`).'));

/** An instant, ISO 8601 in UTC: `2026-11-25T15:30:00.000Z`. */
export const isoDateTime = z.iso.datetime();

/** A calendar day, `YYYY-MM-DD`. */
export const isoDate = z.iso.date();

/** A record's id. */
export const recordId = z.int().check(z.positive());

/** The API's error body: a message, and field messages for invalid input. */
export const errorSchema = namedObject('Error', 'Every error: a message, and for invalid input the messages of each field.', {
  message: z.string(),
  errors: z.optional(about(z.record(z.string(), z.array(z.string())), 'Per field, what is wrong with it.')),
});
export type ApiErrorBody = z.output<typeof errorSchema>;

/** A short answer that says what happened (`{message}`). */
export const noticeSchema = z.object({ message: z.string() });

const pageFields = {
  total: about(z.int(), 'How many items the whole list holds.'),
  /** The total is a lower bound: a search found more matches than it counts (`total`+). */
  totalAtLeast: z.optional(about(z.boolean(), 'The list holds more than `total` (a search counts up to 1,000 matches).')),
  page: about(z.int(), 'This page, from 1.'),
  pageSize: z.int(),
};

/** A page of an admin list, and the total of the list it is a page of. */
export function adminPageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), ...pageFields });
}

/** A page of an admin list of `T`. */
export type AdminPage<T> = z.output<z.ZodMiniObject<typeof pageFields>> & { items: T[] };

/** What several changes at once did: how many records changed, and how many were gone already. */
export const bulkResultSchema = named(
  'BulkResult',
  z.object({ changed: z.int(), notFound: about(z.int(), 'Ids that no longer exist (another editor may have been first).') }),
);
