// The comments calls: readers’ comments on an article, and their moderation.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { BULK_MAX } from '@/lib/validation/admin-lists';
import { RATE_RULES } from '@/server/services/rate-limits/rules';
import * as z from '@/lib/validation/zod-mini';
import { adminCommentListSchema, commentBulkSchema } from '@/lib/validation/admin-lists';
import { commentCreateSchema } from '@/lib/validation/comment';
import { commentPageQuerySchema } from '@/lib/validation/page-query';
import { moderationCommentSchema, publicCommentSchema } from '@/lib/wire/comments';
import { named, recordId } from '@/lib/wire/common';
import {
  TAG,
  ok,
  pathParam,
  totalHeader,
  rateLimited,
  BODY_ERRORS,
  id,
  open,
  staff,
  adminRecords,
  type DomainPaths,
  rulesText,
  PER_PAGE,
} from '@/server/api-operations';

export const commentPaths: DomainPaths = {
  '/api/articles/{articleId}/comments': {
    get: open([TAG.comments], {
      operationId: 'listComments',
      summary: 'Approved comments, oldest first',
      path: { articleId: pathParam('The article id.', recordId) },
      query: { schema: commentPageQuerySchema, about: { limit: 'How many of the newest.', before: 'A comment id: the comments older than it.' } },
      responses: {
        '200': ok('Comments.', z.array(publicCommentSchema), { headers: totalHeader }),
        '400': 'Invalid query parameters.',
        '404': 'No such article.',
      },
    }),
    post: open([TAG.comments], {
      operationId: 'createComment',
      summary: 'Submit a comment (held for moderation)',
      description: `JSON only; ${rulesText(RATE_RULES.comment)} per address.`,
      path: { articleId: pathParam('The article id.', recordId) },
      body: named('CommentInput', commentCreateSchema),
      responses: {
        '201': ok('The pending comment.', publicCommentSchema),
        '400': 'Invalid input, with field messages.',
        '404': 'No such article.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many comments from this address.'),
      },
    }),
  },
  ...adminRecords(
    '/api/admin/comments',
    { tag: TAG.adminReaders, noun: 'comment', shape: moderationCommentSchema },
    {
      list: {
        operationId: 'listModerationComments',
        summary: `Comments for moderation, ${PER_PAGE}`,
        description: 'With the authors’ e-mail addresses and the first part of each text.',
        items: 'comments',
        query: adminCommentListSchema,
        about: {
          q: 'Text, name or e-mail address (its matches newest first).',
          status: 'Every comment by default; or the pending or the approved ones.',
          articleId: 'One article’s.',
          sort: 'Pending first by default (each part newest first); or newest or oldest first.',
        },
      },
      bulk: { operationId: 'moderateComments', summary: `Approve or delete up to ${BULK_MAX} comments at once`, body: commentBulkSchema },
      read: { operationId: 'getModerationComment', summary: 'One comment in full' },
      remove: { operationId: 'deleteComment', summary: 'Delete a comment' },
    },
  ),
  '/api/admin/comments/{id}/approve': {
    patch: staff(TAG.adminReaders, {
      operationId: 'approveComment',
      summary: 'Approve a comment',
      path: id('comment'),
      responses: { '200': ok('Approved.', z.object({ approved: z.literal(true) })), '404': 'No such comment.' },
    }),
  },
};
