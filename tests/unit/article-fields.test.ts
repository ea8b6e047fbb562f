import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles } from '@db/schema';
import { articleFormValues } from '@/components/admin/article/article-form-values';
import * as z from '@/lib/validation/zod-mini';
import { ARTICLE_FIELD_LABELS, ARTICLE_FIELD_NAMES, EDITORS_ONLY_FIELDS, articleCreateSchema, articleUpdateSchema } from '@/lib/validation/article';
import { articleAutosaveSchema } from '@/lib/validation/article-autosave';
import { adminArticleSchema, articleSchema, articleSummarySchema, type AdminArticle } from '@/lib/wire/articles';

const categories = [{ id: 3, name: 'Oil & Gas', slug: 'oil-gas' }];

/** A stored article as the admin's API answers it, every field set. */
function storedArticle(): AdminArticle {
  const values = Object.fromEntries(ARTICLE_FIELD_NAMES.map((field) => [field, `stored ${field}`]));
  return {
    ...(values as unknown as AdminArticle),
    id: 7,
    categoryId: 3,
    featured: true,
    status: 'draft',
    publishedAt: '2026-03-02T15:04:00.000Z',
    authorSlug: 'dana-ruiz',
    category: categories[0]!,
    updatedAt: '2026-03-02T15:05:00.000Z',
  };
}

describe("an article's editable fields, listed once", () => {
  it('are each the articles column of their name', () => {
    const columns = Object.keys(getTableColumns(articles));
    expect(ARTICLE_FIELD_NAMES.filter((field) => !columns.includes(field))).toEqual([]);
  });

  it('each have a label in the history, no two alike', () => {
    const labels = ARTICLE_FIELD_NAMES.map((field) => ARTICLE_FIELD_LABELS[field]);
    expect(labels.every((label) => label.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(ARTICLE_FIELD_NAMES.length);
  });

  it("fill the editor's form: an article's own values, or a new article's", () => {
    const article = storedArticle();
    const editing = articleFormValues(article, categories) as Record<string, unknown>;
    const fresh = articleFormValues(undefined, categories) as Record<string, unknown>;
    expect(Object.keys(editing).sort()).toEqual([...ARTICLE_FIELD_NAMES].sort());
    expect(Object.keys(fresh).sort()).toEqual([...ARTICLE_FIELD_NAMES].sort());
    for (const field of ARTICLE_FIELD_NAMES.filter((f) => f !== 'publishedAt')) expect(editing[field], field).toEqual(article[field]);
    expect(fresh).toMatchObject({ title: '', featured: false, status: 'published', categoryId: 3, publishedAt: '' });
  });

  it('are what an autosave keeps: a new form autosaves, a field of the wrong kind does not', () => {
    expect(z.safeParse(articleAutosaveSchema, { values: articleFormValues(undefined, categories) }).success).toBe(true);
    expect(Object.keys(articleAutosaveSchema.shape.values.shape).sort()).toEqual([...ARTICLE_FIELD_NAMES].sort());
    expect(z.safeParse(articleAutosaveSchema, { values: { featured: 'yes' } }).success).toBe(false);
  });

  it('change only when sent: an empty update sets nothing, not even a default', () => {
    expect(z.parse(articleUpdateSchema, {})).toEqual({});
    expect(Object.keys(articleUpdateSchema.shape).sort()).toEqual([...ARTICLE_FIELD_NAMES, 'expectedUpdatedAt'].sort());
    expect(z.parse(articleCreateSchema, { title: 'T', slug: 't', excerpt: 'E', content: '<p>C</p>', author: 'A', categoryId: 3 })).toMatchObject({
      featured: false,
      status: 'published',
    });
  });

  it("make the API's article shapes: the newsroom's has every field, readers' leave out the newsroom's own, lists leave out the HTML", () => {
    const editorsOnly = Object.keys(EDITORS_ONLY_FIELDS);
    expect(editorsOnly.length).toBeGreaterThan(0);
    expect(ARTICLE_FIELD_NAMES.filter((field) => !(field in adminArticleSchema.shape))).toEqual([]);
    expect(ARTICLE_FIELD_NAMES.filter((field) => !(field in articleSchema.shape)).sort()).toEqual(editorsOnly.sort());
    expect(Object.keys(articleSummarySchema.shape).includes('content')).toBe(false);
  });
});
