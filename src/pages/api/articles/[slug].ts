import type { APIRoute } from 'astro';
import { articleUpdateSchema } from '@/lib/validation/article';
import { requireAdmin } from '@/server/auth/guard';
import { getDb } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import { ADMIN_BODY_LIMIT, handle, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { getArticleBySlug } from '@/server/queries/articles';
import { deleteArticle, updateArticle } from '@/server/services/articles';

/** GET /api/articles/{slug}: one published article with its HTML content. */
export const GET: APIRoute = handle(async ({ params }) => {
  const article = params.slug ? await getArticleBySlug(await getDb(), params.slug) : undefined;
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return json(article);
});

// Writes address the article by its numeric id (spec section 7), reads by slug.

/** PATCH /api/articles/{id} (admin): updates the given fields. */
export const PATCH: APIRoute = handle(async (context) => {
  requireAdmin(context);
  const id = idParam(context.params.slug, messages.articleNotFound);
  const input = parseBody(articleUpdateSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
  return json(await updateArticle(id, input));
});

/** DELETE /api/articles/{id} (admin). */
export const DELETE: APIRoute = handle(async (context) => {
  requireAdmin(context);
  await deleteArticle(idParam(context.params.slug, messages.articleNotFound));
  return new Response(null, { status: 204 });
});
