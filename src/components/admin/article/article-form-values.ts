import type { AdminArticle, ArticleAutosave, Category } from '@/lib/wire/articles';
import * as z from '@/lib/validation/zod-mini';
import { ARTICLE_FIELD_NAMES, ARTICLE_FIELDS, type ArticleCreate, type ArticleCreateInput, type ArticleFieldName } from '@/lib/validation/article';

/** "Henry Hub Climbs!" → "henry-hub-climbs" */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** A datetime-local value in the browser's zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * The form's values as a save sends them. A `datetime-local` field shows minutes only, so a
 * publish time the editor left as it was goes back as stored (seconds and milliseconds kept),
 * never cut to the minute; a time the editor changed goes as typed.
 */
export function articleSaveValues(values: ArticleCreate, article: AdminArticle | undefined): ArticleCreate {
  if (!article || !values.publishedAt) return values;
  const unchanged = toLocalInput(values.publishedAt.toISOString()) === toLocalInput(article.publishedAt);
  return unchanged ? { ...values, publishedAt: new Date(article.publishedAt) } : values;
}

/** An empty form's value of a field: its default (a new article is published, not featured), else empty text. */
function emptyValue(field: ArticleFieldName): unknown {
  const parsed = z.safeParse(ARTICLE_FIELDS[field].rule, undefined);
  return parsed.success && parsed.data !== undefined ? parsed.data : '';
}

/** The article form's values, field by field: the article's own (none as empty text), or an empty published article in the first category. */
export function articleFormValues(article: AdminArticle | undefined, categories: Category[]): ArticleCreateInput {
  const values = Object.fromEntries(ARTICLE_FIELD_NAMES.map((field) => [field, article ? (article[field] ?? '') : emptyValue(field)]));
  return {
    ...values,
    // A datetime-local input shows the publish time in the browser's zone.
    publishedAt: article ? toLocalInput(article.publishedAt) : '',
    categoryId: article?.categoryId ?? categories[0]?.id ?? 0,
  } as ArticleCreateInput;
}

/** A form value as text, for comparing a stored copy (numbers may come back as strings). */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/**
 * The autosave to offer for recovery when an editor opens: the newer of the server's and this
 * browser's copy, if it holds anything the form does not already show.
 */
export function recoverableAutosave(form: ArticleCreateInput, ...copies: (ArticleAutosave | null | undefined)[]): ArticleAutosave | undefined {
  const newest = copies
    .filter((c): c is ArticleAutosave => Boolean(c))
    .sort((a, b) => new Date(b.savedAt).getTime() - new Date(a.savedAt).getTime())[0];
  if (!newest) return undefined;
  const shown = form as unknown as Record<string, unknown>;
  const differs = Object.entries(newest.values).some(([field, value]) => field in shown && asText(value) !== asText(shown[field]));
  return differs ? newest : undefined;
}

/** The form's values with an autosave's laid over them (fields it knows only). */
export function withAutosave(form: ArticleCreateInput, autosave: ArticleAutosave): ArticleCreateInput {
  const known = Object.fromEntries(Object.entries(autosave.values).filter(([field]) => field in form));
  return { ...form, ...known };
}
