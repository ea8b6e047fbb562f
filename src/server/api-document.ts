// Builds the OpenAPI 3.1 document from operations whose parameters, bodies and answers are the
// app's own zod schemas: the query and body schemas the routes parse with (src/lib/validation)
// and the answer shapes (src/lib/wire). Each domain's *.openapi.ts holds its prose and paths;
// every JSON Schema in the document is generated here, so the document cannot drift from
// what the routes take and answer.
import { CAPABILITIES, ROLE_LABELS } from '@/lib/staff/permissions';
import { ROUTE_CAPABILITIES } from '@/server/auth/route-permissions';
import * as z from '@/lib/validation/zod-mini';
import * as admin from '@/lib/wire/admin';
import * as staff from '@/lib/wire/staff';
import * as analytics from '@/lib/wire/analytics';
import * as articles from '@/lib/wire/articles';
import * as calendar from '@/lib/wire/calendar';
import * as comments from '@/lib/wire/comments';
import * as common from '@/lib/wire/common';
import * as contact from '@/lib/wire/contact';
import * as dataDesk from '@/lib/wire/data-desk';
import * as grid from '@/lib/wire/grid';
import * as states from '@/lib/wire/states';
import * as markets from '@/lib/wire/markets';
import * as media from '@/lib/wire/media';
import * as newsletter from '@/lib/wire/newsletter';
import * as readership from '@/lib/wire/readership';

type JsonSchema = Record<string, unknown>;
type Schema = z.core.$ZodType;

/** An answer: what it means, and its body's schema (JSON), its CSV form, its headers. */
export interface Answer {
  description: string;
  json?: Schema;
  /** The answer is also CSV: what its rows are. */
  csv?: string;
  /** The answer is a file of another type (an image): its media type and what it is. */
  files?: Record<string, string>;
  headers?: Record<string, { description: string; required?: boolean; schema: JsonSchema }>;
}

/** A path parameter: what it means, and its schema (text unless given). */
export interface PathParam {
  description: string;
  schema?: Schema;
}

/** One call: its prose, who may make it, what it takes and what it answers. */
export interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `admin`: needs the administrator's session (a 401 without one); `public`: anyone. */
  access: 'public' | 'admin';
  path?: Record<string, PathParam>;
  /** The query schema the route parses with, and what each of its parameters means. */
  query?: { schema: Schema; about: Record<string, string> };
  /** The JSON body schema the route parses with. */
  body?: Schema;
  /** A `multipart/form-data` body instead: its fields' schema. */
  form?: Schema;
  /** Each status: an answer, or an error's description (its body is the Error shape). */
  responses: Record<string, Answer | string>;
}

/** The error answer every call may give for a request the server refuses. */
const CLIENT_ERROR = 'A request the server refuses (a body over its 1 MB cap, for one).';
const CROSS_SITE_WRITE = 'A write from another site’s page.';
const NOT_SIGNED_IN = 'Not signed in.';

/**
 * The roles that may make a staff call, from the one table of permissions: the document's
 * `{name}` path is the route's `[name]` pattern. A staff call the table does not list is an
 * error here, as it is refused by the server.
 */
function rolesFor(method: string, path: string): string {
  const pattern = new RegExp(`^${method.toUpperCase()} ${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '\\[[^\\]]+\\]')}$`);
  const key = Object.keys(ROUTE_CAPABILITIES).find((k) => pattern.test(k));
  const capability = key === undefined ? undefined : ROUTE_CAPABILITIES[key];
  if (!capability) throw new Error(`${method.toUpperCase()} ${path}: a staff call without a capability in src/server/auth/route-permissions.ts`);
  return CAPABILITIES[capability].map((role) => ROLE_LABELS[role].toLowerCase()).join(', ');
}
const BUSY = 'The server is busy with other writes: this one waited 5 s for its turn. Try again after `Retry-After` seconds.';
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } };

/** A JSON answer. */
export const ok = (description: string, json?: Schema, extras: Omit<Answer, 'description' | 'json'> = {}): Answer => ({
  description,
  ...(json && { json }),
  ...extras,
});

/** A path parameter. */
export const pathParam = (description: string, schema?: Schema): PathParam => ({ description, ...(schema && { schema }) });

/** Every schema the answers name: the named shapes of src/lib/wire become the document's components. */
const WIRE_MODULES = [
  common,
  articles,
  comments,
  contact,
  markets,
  dataDesk,
  grid,
  states,
  media,
  calendar,
  analytics,
  newsletter,
  readership,
  admin,
  staff,
];

const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

/** Tidies generated JSON Schema: no `$schema`/`$id` per component, no integer bounds zod adds for every int, no date-time regex beside its format. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value as JsonSchema)) {
    if (key === '$schema' || key === '$id') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(Number(inner)) === SAFE_BOUND) continue;
    if (key === 'pattern' && ['date-time', 'date', 'email'].includes(String((value as JsonSchema)['format']))) continue;
    out[key] = tidy(inner);
  }
  return out;
}

const COMPONENT = '#/components/schemas/';

/** Generates the JSON Schemas of a set of zod schemas in one registry, so shared shapes become `$ref`s to components. */
function generate(schemas: Map<Schema, string>, io: 'input' | 'output', named: Schema[]): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const byId = new Map<string, Schema>();
  const add = (schema: Schema, id: string) => {
    // A schema derived from a named one (extended, picked) carries its name: two shapes under one name.
    if (byId.get(id) && byId.get(id) !== schema) throw new Error(`Two shapes are named ${id}: derive from the unnamed fields, then name.`);
    byId.set(id, schema);
    if (!registry.has(schema)) registry.add(schema, { id });
  };
  for (const schema of named) {
    const id = z.globalRegistry.get(schema)?.id;
    if (id) add(schema, id);
  }
  for (const [schema, id] of schemas) add(schema, id);
  const { schemas: generated } = z.toJSONSchema(registry, {
    io,
    uri: (id) => `${COMPONENT}${id}`,
    unrepresentable: 'any',
    // Dates arrive as ISO 8601 text (`z.coerce.date()` of a body or query).
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  });
  if ('__shared' in generated) throw new Error('A shape nested in an API schema has an id but is not a component.');
  return Object.fromEntries(Object.entries(generated).map(([id, schema]) => [id, tidy(schema) as JsonSchema]));
}

/** The named shapes among the wire modules' exports. */
function namedShapes(): Schema[] {
  return WIRE_MODULES.flatMap((module) =>
    Object.values(module as Record<string, unknown>).filter(
      (value): value is Schema =>
        typeof value === 'object' && value !== null && '_zod' in value && Boolean(z.globalRegistry.get(value as Schema)?.id),
    ),
  );
}

const errorContent = { 'application/json': { schema: { $ref: `${COMPONENT}Error` } } };

/**
 * The `paths` and `components.schemas` of the document: each operation's parameters, body
 * and answers generated from its schemas (inputs as the routes accept them, answers as they
 * are sent), public calls marked `security: []`, admin calls given the session and a 401,
 * writes a 403 for other sites' pages and a 503 when they wait too long for their turn, and a
 * 4XX for a call that names no client error.
 */
export function buildPaths(specs: Record<string, Record<string, OperationSpec>>) {
  const inputs = new Map<Schema, string>();
  const outputs = new Map<Schema, string>();
  const slot = (map: Map<Schema, string>, schema: Schema, prefix: string) => {
    const id = z.globalRegistry.get(schema)?.id ?? map.get(schema) ?? `${prefix}${map.size}`;
    map.set(schema, id);
    return id;
  };
  // First pass: give every schema a place in one of the two registries.
  const placed = Object.entries(specs).map(([path, methods]) => {
    const ops = Object.entries(methods).map(([method, spec]) => ({
      method,
      spec,
      query: spec.query && slot(inputs, spec.query.schema, '~in'),
      path: Object.fromEntries(Object.entries(spec.path ?? {}).map(([name, p]) => [name, p.schema && slot(inputs, p.schema, '~in')])),
      body: spec.body && slot(inputs, spec.body, '~in'),
      form: spec.form && slot(inputs, spec.form, '~in'),
      answers: Object.fromEntries(
        Object.entries(spec.responses).map(([status, answer]) => [
          status,
          typeof answer === 'object' && answer.json ? slot(outputs, answer.json, '~out') : undefined,
        ]),
      ),
    }));
    return { path, ops };
  });
  const components = { ...generate(outputs, 'output', namedShapes()), ...generate(inputs, 'input', []) };
  // Inline the schemas of one operation only; keep the named ones as components.
  const used = (id: string | undefined): JsonSchema => {
    if (!id) return { type: 'string' };
    return id.startsWith('~') ? (components[id] ?? {}) : { $ref: `${COMPONENT}${id}` };
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { path, ops } of placed) {
    paths[path] = {};
    for (const op of ops) {
      const { spec } = op;
      const queryProps = (op.query ? components[op.query] : undefined) as
        { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
      const parameters = [
        ...Object.entries(spec.path ?? {}).map(([name, p]) => ({
          name,
          in: 'path',
          required: true,
          description: p.description,
          schema: used(op.path[name]),
        })),
        ...Object.entries(queryProps?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: Boolean(queryProps?.required?.includes(name)),
          description: spec.query?.about[name] ?? '',
          schema,
        })),
      ];
      const responses: Record<string, unknown> = {};
      for (const [status, answer] of Object.entries(spec.responses)) {
        if (typeof answer === 'string') {
          responses[status] = { description: answer, content: errorContent };
          continue;
        }
        const content: Record<string, { schema: JsonSchema }> = {};
        if (answer.json) content['application/json'] = { schema: used(op.answers[status]) };
        if (answer.csv) content['text/csv'] = { schema: { type: 'string', description: answer.csv } };
        for (const [type, about] of Object.entries(answer.files ?? {}))
          content[type] = { schema: { type: 'string', ...(type.startsWith('image/png') && { contentMediaType: 'image/png' }), description: about } };
        responses[status] = {
          description: answer.description,
          ...(answer.headers && { headers: answer.headers }),
          ...(Object.keys(content).length > 0 && { content }),
        };
      }
      if (spec.access === 'admin') {
        responses['401'] ??= { description: NOT_SIGNED_IN, content: errorContent };
        const roles = rolesFor(op.method, path);
        responses['403'] ??= {
          description: `${op.method === 'get' ? '' : `${CROSS_SITE_WRITE} Or `}a role that may not: only ${roles}.`,
          content: errorContent,
        };
      }
      if (op.method !== 'get') {
        responses['403'] ??= { description: CROSS_SITE_WRITE, content: errorContent };
        responses['503'] ??= { description: BUSY, headers: RETRY_AFTER, content: errorContent };
      }
      if (!Object.keys(responses).some((status) => status.startsWith('4'))) responses['4XX'] = { description: CLIENT_ERROR, content: errorContent };
      paths[path][op.method] = {
        tags: spec.tags,
        operationId: spec.operationId,
        summary: spec.summary,
        ...(spec.description && { description: spec.description }),
        security: spec.access === 'admin' ? [{ session: [] }] : [],
        ...(parameters.length > 0 && { parameters }),
        ...(op.body && { requestBody: { required: true, content: { 'application/json': { schema: used(op.body) } } } }),
        ...(op.form && { requestBody: { required: true, content: { 'multipart/form-data': { schema: used(op.form) } } } }),
        responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      };
    }
  }
  // The shapes the paths name, and those they name in turn; an operation's own schemas were inlined above.
  const reachable = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') {
          const id = inner.slice(COMPONENT.length);
          if (id.startsWith('~'))
            throw new Error(`${inner}: an operation's own schema is nested in another; name it. ${JSON.stringify(components[id]).slice(0, 300)}`);
          if (!reachable.has(id)) {
            reachable.add(id);
            visit(components[id]);
          }
        } else visit(inner);
      }
    }
  };
  visit(paths);
  const schemas = Object.fromEntries([...reachable].sort().map((id) => [id, components[id] ?? {}]));
  return { paths, schemas };
}

/** An operation of the built document, as pages that list the calls read it. */
export interface DocumentOperation {
  tags: string[];
  operationId: string;
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; description: string; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }>;
}
