import { timingSafeEqual } from 'node:crypto';
import type { AdminArticle } from '@/lib/wire/articles';
import { appConfig } from '@/server/config';
import { NotFoundError, messages } from '@/server/errors';
import { getAdminArticle } from '@/server/queries/articles';
import { fingerprint } from '@/server/secret-box';

/** How long a preview link opens its article. */
export const PREVIEW_LINK_MS = 48 * 3_600_000;

const PURPOSE = 'article-preview-v1';

const sign = (body: string) => fingerprint(PURPOSE, body);

/**
 * A signed token that opens one article, whatever its status, until `expiresAt`:
 * `{id}.{expiry, base 36 ms}.{HMAC-SHA256 with the app key}`. Nothing is stored; changing
 * APP_SECRET ends every link.
 */
export function createPreviewToken(articleId: number, expiresAt: Date): string {
  const body = `${articleId}.${expiresAt.getTime().toString(36)}`;
  return `${body}.${sign(body)}`;
}

/** What a preview token opens: the article's id, or why not (`invalid`: altered or not ours; `expired`). */
export function readPreviewToken(token: string, now: Date = new Date()): { articleId: number } | { error: 'invalid' | 'expired' } {
  const match = /^([1-9]\d{0,15})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { error: 'invalid' };
  const [, id = '', expiry = '', signature = ''] = match;
  const expected = Buffer.from(sign(`${id}.${expiry}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { error: 'invalid' };
  if (parseInt(expiry, 36) <= now.getTime()) return { error: 'expired' };
  return { articleId: Number(id) };
}

/** A preview link for an article (any status): `/article/{slug}?preview={token}`, absolute, and when it ends. */
export async function createPreviewLink(articleId: number, now: Date = new Date()): Promise<{ url: string; expiresAt: string }> {
  const article = await getAdminArticle(articleId);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_MS);
  const url = new URL(`/article/${article.slug}`, appConfig().siteUrl);
  url.searchParams.set('preview', createPreviewToken(article.id, expiresAt));
  return { url: url.href, expiresAt: expiresAt.toISOString() };
}

/** The article a preview token opens, or why it opens none. */
export async function getPreviewArticle(token: string): Promise<{ article: AdminArticle } | { error: 'invalid' | 'expired' }> {
  const read = readPreviewToken(token);
  if ('error' in read) return read;
  const article = await getAdminArticle(read.articleId);
  return article ? { article } : { error: 'invalid' };
}
