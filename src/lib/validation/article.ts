import { z } from 'zod';
import { slugSchema } from '@/lib/validation/article-list-query';

const required = (label: string) => z.string({ error: 'Required' }).trim().min(1, `${label} is required`);

/**
 * Whether an address is a path on this site: one slash, then not another slash or a
 * backslash (`//host/x` and `/\host/x` lead browsers to another host).
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f\\]/.test(value);
}

/** An image address: http(s) or a path on this site; empty means none. */
const imageUrlSchema = z
  .string({ error: 'Must be text' })
  .trim()
  .max(2000)
  .refine((v) => v === '' || isSitePath(v) || /^https?:\/\/[^/\\\s]/i.test(v), 'Please enter a valid URL')
  .transform((v) => (v === '' ? null : v));

/** The article form and `POST /api/articles`; without a status or publish time an article is published at once. */
export const articleCreateSchema = z.object({
  title: required('Title').max(300),
  slug: slugSchema,
  excerpt: required('Excerpt').max(1000),
  /** HTML; sanitised with the allow-list on the server. */
  content: required('Content').max(200_000),
  imageUrl: imageUrlSchema.nullish(),
  author: required('Author').max(200),
  categoryId: z.coerce.number({ error: 'Please choose a category' }).int('Please choose a category').positive('Please choose a category'),
  featured: z.boolean().default(false),
  /** Absent: published. */
  status: z.enum(['draft', 'published']).default('published'),
  /** Absent: now. A future time schedules the article. */
  publishedAt: z.union([z.literal('').transform(() => undefined), z.coerce.date({ error: 'Please enter a valid date' })]).optional(),
});

/** `PATCH /api/articles/{id}`: any subset of the article's fields. */
export const articleUpdateSchema = articleCreateSchema.partial().extend({
  featured: z.boolean().optional(),
  status: z.enum(['draft', 'published']).optional(),
});

export type ArticleCreateInput = z.input<typeof articleCreateSchema>;
export type ArticleCreate = z.output<typeof articleCreateSchema>;
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;
