import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db';
import { NotFoundError, messages } from '../../../server/errors';
import { handle, json } from '../../../server/http';
import { getArticleBySlug } from '../../../server/queries/articles';

/** GET /api/articles/{slug}: one published article with its HTML content. */
export const GET: APIRoute = handle(async ({ params }) => {
  const article = params.slug ? await getArticleBySlug(await getDb(), params.slug) : undefined;
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return json(article);
});
