// What the /api/docs page shows of the OpenAPI document: its sections (one per tag, in the
// document's order), each call's summary, method, path, parameters, body and answers, and the
// shapes. The document's prose is CommonMark; it is rendered here and sanitized with a narrow
// allow-list (the document is ours, but the page sets it as HTML, so nothing else may pass).
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { OpenApiDocument, OpenApiOperation } from '@/server/openapi';

type Schema = Record<string, unknown>;

const markdown = new Marked({ gfm: false, breaks: false, async: false });

const INLINE_TAGS = ['code', 'em', 'strong', 'a', 'br'];
const DOCS_HTML = (tags: string[]): sanitizeHtml.IOptions => ({
  allowedTags: tags,
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
});
const BLOCK_OPTIONS = DOCS_HTML([...INLINE_TAGS, 'p', 'ul', 'ol', 'li', 'pre', 'blockquote']);
const INLINE_OPTIONS = DOCS_HTML(INLINE_TAGS);

/** The CommonMark `text` as sanitized HTML blocks (paragraphs, lists, code). */
export function docsMarkdown(text: string): string {
  return sanitizeHtml(markdown.parse(text, { async: false }), BLOCK_OPTIONS).trim();
}

/** The CommonMark `text` as sanitized inline HTML (code spans, emphasis, links), for a line or a cell. */
export function docsMarkdownInline(text: string): string {
  return sanitizeHtml(markdown.parseInline(text, { async: false }), INLINE_OPTIONS).trim();
}

/** The fragment id of a tag's section: `tag-` and the name in lower case, words joined by `-`. */
export function tagSectionId(name: string): string {
  return `tag-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** The fragment id of one call: its method and path, e.g. `get-api-series-slug`. */
export function operationId(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');
}

/** The fragment id of a named shape. */
export const shapeId = (name: string): string => `schema-${name}`;

/** A schema named for a reader: its shape's name, `array of …`, or its JSON type. */
export function schemaName(schema: Schema | undefined): string {
  if (!schema) return '';
  const ref = schema['$ref'];
  if (typeof ref === 'string') return ref.split('/').at(-1) ?? '';
  if (schema['type'] === 'array') return `array of ${schemaName(schema['items'] as Schema)}`;
  const type = schema['type'];
  if (Array.isArray(type)) return type.join(' or ');
  if (typeof type === 'string') return type;
  if (Array.isArray(schema['enum'])) return 'one of a list';
  return 'object';
}

export interface DocsOperation {
  id: string;
  method: string;
  path: string;
  summaryHtml: string;
  descriptionHtml: string;
  admin: boolean;
  parameters: { name: string; in: string; required: boolean; type: string; descriptionHtml: string }[];
  /** Each body's media type and shape; `shapeId` when the shape is one of the document's named shapes. */
  bodies: { type: string; schema: string; shapeId?: string; required: boolean }[];
  responses: { status: string; descriptionHtml: string; types: string; headers: string[] }[];
}

export interface DocsSection {
  id: string;
  name: string;
  descriptionHtml: string;
  operations: DocsOperation[];
}

export interface DocsView {
  introHtml: string;
  sections: DocsSection[];
  shapes: { id: string; name: string; fields: { name: string; type: string }[] }[];
}

function operationView(method: string, path: string, op: OpenApiOperation): DocsOperation {
  return {
    id: operationId(method, path),
    method: method.toUpperCase(),
    path,
    summaryHtml: docsMarkdownInline(op.summary),
    descriptionHtml: op.description ? docsMarkdown(op.description) : '',
    admin: op.security.length > 0,
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      type: schemaName(p.schema),
      descriptionHtml: docsMarkdownInline(p.description),
    })),
    bodies: Object.entries(op.requestBody?.content ?? {}).map(([type, body]) => {
      const ref = body.schema['$ref'];
      return {
        type,
        schema: schemaName(body.schema),
        ...(typeof ref === 'string' && { shapeId: shapeId(ref.split('/').at(-1) ?? '') }),
        required: op.requestBody?.required ?? false,
      };
    }),
    responses: Object.entries(op.responses).map(([status, r]) => ({
      status,
      descriptionHtml: docsMarkdownInline(r.description),
      types: Object.entries(r.content ?? {})
        .map(([type, c]) => `${type}: ${schemaName(c.schema)}`)
        .join('; '),
      headers: Object.keys(r.headers ?? {}),
    })),
  };
}

/** The page's view of `doc`: every call under each of its tags, tags in the document's order. */
export function apiDocsView(doc: OpenApiDocument): DocsView {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ op, view: operationView(method, path, op) })),
  );
  return {
    introHtml: docsMarkdown(doc.info.description),
    sections: doc.tags.map((tag) => ({
      id: tagSectionId(tag.name),
      name: tag.name,
      descriptionHtml: docsMarkdownInline(tag.description),
      operations: operations.filter(({ op }) => op.tags.includes(tag.name)).map(({ view }) => view),
    })),
    shapes: Object.entries(doc.components.schemas).map(([name, schema]) => {
      const props = (schema as { properties?: Record<string, Schema> }).properties ?? {};
      return {
        id: shapeId(name),
        name,
        fields: Object.entries(props).map(([key, value]) => ({ name: key, type: schemaName(value) })),
      };
    }),
  };
}
