import { timingSafeEqual } from 'node:crypto';
import type { AdminArticle } from '@/lib/wire/articles';
import { appConfig } from '@/server/config';
import { NotFoundError, messages } from '@/server/errors';
import { getAdminArticle, getArticlePreviewGeneration, raiseArticlePreviewGeneration } from '@/server/queries/articles';
import { fingerprint } from '@/server/secret-box';

/** How long a preview link opens its article. */
export const PREVIEW_LINK_MS = 48 * 3_600_000;

const PURPOSE = 'article-preview-v1';

/**
 * What a token's signature covers: the article and the expiry it shows, and the article's
 * preview generation when the editor has revoked its links at least once (generation 0 adds
 * nothing, so links made before revocation existed keep working until it is first used).
 */
const sign = (body: string, generation: number) => fingerprint(PURPOSE, generation === 0 ? body : `${body}.${generation}`);

const TOKEN = /^([1-9]\d{0,15})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * A signed token that opens one article, whatever its status, until `expiresAt`, unless the
 * editor revokes the article's links (raising `generation`) first:
 * `{id}.{expiry, base 36 ms}.{HMAC-SHA256 with the app key}`. Changing APP_SECRET ends every link.
 */
export function createPreviewToken(articleId: number, expiresAt: Date, generation: number): string {
  const body = `${articleId}.${expiresAt.getTime().toString(36)}`;
  return `${body}.${sign(body, generation)}`;
}

/** The article a token names, before anything about it is checked (undefined: not a token's shape). */
export function previewTokenArticleId(token: string): number | undefined {
  const id = TOKEN.exec(token)?.[1];
  return id === undefined ? undefined : Number(id);
}

/**
 * What a preview token opens, given the preview generation of the article it names: the
 * article's id, or why not (`invalid`: altered, not ours or revoked; `expired`).
 */
export function readPreviewToken(
  token: string,
  generation: number,
  now: Date = new Date(),
): { articleId: number } | { error: 'invalid' | 'expired' } {
  const match = TOKEN.exec(token);
  if (!match) return { error: 'invalid' };
  const [, id = '', expiry = '', signature = ''] = match;
  const expected = Buffer.from(sign(`${id}.${expiry}`, generation));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { error: 'invalid' };
  if (parseInt(expiry, 36) <= now.getTime()) return { error: 'expired' };
  return { articleId: Number(id) };
}

/** A preview link for an article (any status): `/article/{slug}?preview={token}`, absolute, and when it ends. */
export async function createPreviewLink(articleId: number, now: Date = new Date()): Promise<{ url: string; expiresAt: string }> {
  const [article, generation] = await Promise.all([getAdminArticle(articleId), getArticlePreviewGeneration(articleId)]);
  if (!article || generation === undefined) throw new NotFoundError(messages.articleNotFound);
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_MS);
  const url = new URL(`/article/${article.slug}`, appConfig().siteUrl);
  url.searchParams.set('preview', createPreviewToken(article.id, expiresAt, generation));
  return { url: url.href, expiresAt: expiresAt.toISOString() };
}

/** Ends every preview link of an article made so far (they answer 404); links made afterwards work. */
export async function revokePreviewLinks(articleId: number): Promise<void> {
  if (!(await raiseArticlePreviewGeneration(articleId))) throw new NotFoundError(messages.articleNotFound);
}

/** The article a preview token opens, or why it opens none. */
export async function getPreviewArticle(token: string): Promise<{ article: AdminArticle } | { error: 'invalid' | 'expired' }> {
  const articleId = previewTokenArticleId(token);
  const generation = articleId === undefined ? undefined : await getArticlePreviewGeneration(articleId);
  if (generation === undefined) return { error: 'invalid' };
  const read = readPreviewToken(token, generation);
  if ('error' in read) return read;
  const article = await getAdminArticle(read.articleId);
  return article ? { article } : { error: 'invalid' };
}
