import { commentCreateSchema } from '@/lib/validation/comment';
import { commentPageQuerySchema } from '@/lib/validation/page-query';
import { getClientAddress } from '@/server/client-address';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, idParam, json, parseBody, parseQuery, readJsonBody } from '@/server/http';
import { getArticleComments, submitComment } from '@/server/services/comments/comments';

export const { GET, POST, ALL } = endpoint({
  /**
   * GET: approved comments, oldest first: the newest 50 (`limit`), or those older than
   * `before` (a comment id); the article's total in X-Total-Count.
   */
  GET: async ({ params, url }) => {
    const { items, total } = await getArticleComments(idParam(params.articleId, messages.articleNotFound), parseQuery(commentPageQuerySchema, url));
    return json(items, { headers: { 'X-Total-Count': String(total) } });
  },
  /** POST: a new comment, held for moderation; answers 201 with the pending comment. */
  POST: async ({ params, request, clientAddress }) => {
    const articleId = idParam(params.articleId, messages.articleNotFound);
    const input = parseBody(commentCreateSchema, await readJsonBody(request, PUBLIC_BODY_LIMIT));
    return json(await submitComment(articleId, input, getClientAddress(request, clientAddress)), { status: 201 });
  },
});
