import * as z from '@/lib/validation/zod-mini';
import { slugSchema } from '@/lib/validation/article-list-query';

const required = (label: string, max: number) =>
  z.string({ error: 'Required' }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max));

/**
 * Whether an address is a path on this site: one slash, then not another slash or a
 * backslash (`//host/x` and `/\host/x` lead browsers to another host).
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f\\]/.test(value);
}

/** An image address: http(s) or a path on this site; empty means none. */
const imageUrlSchema = z.pipe(
  z.string({ error: 'Must be text' }).check(
    z.trim(),
    z.maxLength(2000),
    z.refine((v) => v === '' || isSitePath(v) || /^https?:\/\/[^/\\\s]/i.test(v), 'Please enter a valid URL'),
  ),
  z.transform((v) => (v === '' ? null : v)),
);

/** The article form and `POST /api/articles`; without a status or publish time an article is published at once. */
export const articleCreateSchema = z.object({
  title: required('Title', 300),
  slug: slugSchema,
  excerpt: required('Excerpt', 1000),
  /** HTML; sanitized with the allow-list on the server. */
  content: required('Content', 200_000),
  imageUrl: z.nullish(imageUrlSchema),
  author: required('Author', 200),
  categoryId: z.coerce.number({ error: 'Please choose a category' }).check(z.int('Please choose a category'), z.positive('Please choose a category')),
  featured: z._default(z.boolean(), false),
  /** Absent: published. */
  status: z._default(z.enum(['draft', 'published']), 'published'),
  /** Absent: now. A future time schedules the article. */
  publishedAt: z.optional(
    z.union([
      z.pipe(
        z.literal(''),
        z.transform(() => undefined),
      ),
      z.coerce.date({ error: 'Please enter a valid date' }),
    ]),
  ),
});

/** `PATCH /api/articles/{id}`: any subset of the article's fields. */
export const articleUpdateSchema = z.extend(z.partial(articleCreateSchema), {
  featured: z.optional(z.boolean()),
  status: z.optional(z.enum(['draft', 'published'])),
});

export type ArticleCreateInput = z.input<typeof articleCreateSchema>;
export type ArticleCreate = z.output<typeof articleCreateSchema>;
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;
