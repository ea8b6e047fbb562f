import * as z from '@/lib/validation/zod-mini';

const text = (max: number) => z.optional(z.string({ error: 'Must be text' }).check(z.maxLength(max)));

/**
 * `PUT /api/admin/autosaves/{key}`: the open editor's form as it is, unfinished fields and
 * all (nothing here is published; the full checks run when the article is saved).
 */
export const articleAutosaveSchema = z.object({
  values: z.object({
    title: text(300),
    slug: text(200),
    excerpt: text(1000),
    /** HTML; sanitized with the allow-list on the server. */
    content: text(200_000),
    imageUrl: text(2000),
    imageAlt: text(300),
    imageCaption: text(500),
    imageCredit: text(200),
    author: text(200),
    categoryId: z.optional(z.union([z.number(), z.string().check(z.maxLength(20))])),
    featured: z.optional(z.boolean()),
    status: z.optional(z.enum(['draft', 'published'])),
    publishedAt: text(40),
    metaTitle: text(200),
    metaDescription: text(500),
    socialImageUrl: text(2000),
  }),
  /** The article's `updatedAt` the editor started from; absent for a new article. */
  baseUpdatedAt: z.optional(z.nullable(z.iso.datetime({ error: 'Must be an ISO date and time' }))),
});
export type ArticleAutosaveInput = z.output<typeof articleAutosaveSchema>;

/** `POST /api/admin/articles/{id}/revisions/{revisionId}/restore`: the version the editor has open, if any. */
export const revisionRestoreSchema = z.object({
  expectedUpdatedAt: z.optional(z.iso.datetime({ error: 'Must be an ISO date and time' })),
});
