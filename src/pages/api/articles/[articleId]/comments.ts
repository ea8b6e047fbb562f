import type { APIRoute } from 'astro';
import { z } from 'zod';
import { commentCreateSchema } from '@/lib/validation/comment';
import { getClientAddress } from '@/server/client-address';
import { NotFoundError, messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, handle, json, parseBody, readJsonBody } from '@/server/http';
import { getArticleComments, submitComment } from '@/server/services/comments';

const articleIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function articleIdOf(param: string | undefined): number {
  const parsed = articleIdSchema.safeParse(param);
  if (!parsed.success) throw new NotFoundError(messages.articleNotFound);
  return parsed.data;
}

/** GET: approved comments, oldest first. */
export const GET: APIRoute = handle(async ({ params }) => json(await getArticleComments(articleIdOf(params.articleId))));

/** POST: a new comment, held for moderation; answers 201 with the pending comment. */
export const POST: APIRoute = handle(async ({ params, request, clientAddress }) => {
  const articleId = articleIdOf(params.articleId);
  const input = parseBody(commentCreateSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
  return json(await submitComment(articleId, input, getClientAddress(request, clientAddress)), { status: 201 });
});
