// The articles calls: the public list and pages, categories, and the newsroom (articles, notes, review, previews, autosaves, revisions, corrections, authors, topics).
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { correctionInputSchema } from '@/lib/validation/correction';
import { adminPageOf, named, recordId } from '@/lib/wire/common';
import * as z from '@/lib/validation/zod-mini';
import { adminArticleListSchema, adminAuthorListSchema, adminCorrectionListSchema, adminRevisionListSchema } from '@/lib/validation/admin-lists';
import { articleCreateSchema, articleUpdateSchema } from '@/lib/validation/article';
import { articleAutosaveSchema, revisionRestoreSchema } from '@/lib/validation/article-autosave';
import { articleListQuerySchema } from '@/lib/validation/article-list-query';
import { authorCreateSchema, authorUpdateSchema } from '@/lib/validation/author';
import { categoryUpdateSchema } from '@/lib/validation/category';
import { articleNoteSchema as articleNoteInputSchema, reviewActionSchema } from '@/lib/validation/staff';
import { articleNoteSchema } from '@/lib/wire/staff';
import {
  adminArticleRowSchema,
  adminArticleSchema,
  articleListItemSchema,
  articleRevisionDiffSchema,
  articleRevisionRowSchema,
  articleSchema,
  authorSchema,
  autosaveKeptSchema,
  autosaveSchema,
  categoryDetailSchema,
  categorySchema,
  previewLinkSchema,
} from '@/lib/wire/articles';
import { correctionSchema } from '@/lib/wire/corrections';
import {
  TAG,
  ok,
  pathParam,
  totalHeader,
  deleted,
  PAGE,
  LIMIT_OFFSET,
  BODY_ERRORS,
  id,
  open,
  openRead,
  staff,
  listPage,
  readOne,
  changeOne,
  deleteOne,
  adminRecords,
  type DomainPaths,
  type RecordCall,
  PER_PAGE,
  staffRead,
} from '@/server/api-operations';

const REVISION = { ...id('article'), revisionId: pathParam('The revision’s id.', recordId) };
const CORRECTION = { ...id('article'), correctionId: pathParam('The correction’s id.', recordId) };
export const correctionInput = named('CorrectionInput', correctionInputSchema);
const AUTOSAVE = { key: pathParam('An article id, or `new` for the article not yet created.') };

/** A page of what an article holds (its revisions, its corrections), 50 a page; a 404 for no such article. */
const articleRecords = (items: string, item: z.ZodMiniType, call: RecordCall & { query: z.ZodMiniType }) =>
  staff(TAG.adminArticles, {
    ...call,
    path: id('article'),
    query: { schema: call.query, about: PAGE },
    responses: { '200': ok(`A page of ${items}.`, adminPageOf(item)), '404': 'No such article.' },
  });

export const articlePaths: DomainPaths = {
  '/api/articles': {
    get: open([TAG.articles], {
      operationId: 'listArticles',
      summary: 'Published articles',
      description: 'Newest first, or by relevance with `q`.',
      query: {
        schema: articleListQuerySchema,
        about: {
          featured: 'Only featured stories.',
          category: 'A category slug.',
          q: 'Full-text search.',
          ...LIMIT_OFFSET,
          fields: '`summary` leaves out `content`.',
          snippet: "With `q`: add each match's passage.",
        },
      },
      responses: { '200': ok('A page of articles.', z.array(articleListItemSchema), { headers: totalHeader }), '400': 'Invalid query parameters.' },
    }),
    post: staff(TAG.adminArticles, {
      operationId: 'createArticle',
      summary: 'Create an article',
      description: 'Without a status or publish time it is published at once. The HTML is sanitized; a new byline creates an author.',
      body: named('ArticleInput', articleCreateSchema),
      responses: { '201': ok('The article.', adminArticleSchema), '400': 'Invalid input.', '409': 'The slug is taken.', ...BODY_ERRORS },
    }),
  },
  '/api/articles/{slug}': {
    get: open([TAG.articles], {
      operationId: 'getArticle',
      summary: 'One published article',
      path: { slug: pathParam('The article slug (the admin may also use its id).') },
      responses: { '200': ok('The article.', articleSchema), '404': 'No such article.' },
    }),
    patch: staff(TAG.adminArticles, {
      operationId: 'updateArticle',
      summary: 'Update an article (by id)',
      description: 'The fields sent change; with `expectedUpdatedAt`, a 409 if the article was saved since.',
      path: { slug: pathParam('The article id.') },
      body: named('ArticleUpdate', articleUpdateSchema),
      responses: {
        '200': ok('The article.', adminArticleSchema),
        '400': 'Invalid input.',
        '404': 'No such article.',
        '409': 'The slug is taken, or the article was saved since `expectedUpdatedAt`.',
        ...BODY_ERRORS,
      },
    }),
    delete: staff(TAG.adminArticles, {
      operationId: 'deleteArticle',
      summary: 'Delete an article (by id)',
      path: { slug: pathParam('The article id.') },
      responses: { '204': deleted, '404': 'No such article.' },
    }),
  },
  '/api/categories': { get: openRead([TAG.articles], 'listCategories', 'Categories', ok('Every category.', z.array(categorySchema))) },
  '/api/admin/articles': {
    get: listPage(TAG.adminArticles, 'articles', adminArticleRowSchema, {
      operationId: 'listAdminArticles',
      summary: `Articles of every status, ${PER_PAGE}, without their HTML`,
      query: adminArticleListSchema,
      about: {
        q: 'Full-text search.',
        status: '`scheduled`: published with a publish time still to come.',
        categoryId: 'One category.',
        sort: 'Newest, oldest or by title.',
      },
    }),
  },
  '/api/admin/articles/{id}': {
    get: readOne(TAG.adminArticles, 'article', adminArticleSchema, {
      operationId: 'getAdminArticle',
      summary: 'One article of any status, with its HTML',
    }),
  },
  '/api/admin/articles/{id}/notes': {
    get: readOne(TAG.adminArticles, 'article', z.array(articleNoteSchema), {
      operationId: 'listArticleNotes',
      summary: 'An article’s editorial notes (staff only), newest first',
    }),
    post: staff(TAG.adminArticles, {
      operationId: 'addArticleNote',
      summary: 'Add an editorial note',
      path: id('article'),
      body: articleNoteInputSchema,
      responses: { '201': ok('The note.', articleNoteSchema), '400': 'Invalid input.', '404': 'No such article.', ...BODY_ERRORS },
    }),
  },
  '/api/admin/articles/{id}/review': {
    post: staff(TAG.adminArticles, {
      operationId: 'reviewArticle',
      summary: 'Submit a draft for review, or return it with a note',
      description:
        '`submit` puts a draft in the editors’ queue (`GET /api/admin/articles?status=review`); `return` (editors) sends it back with a note saying what to change. An editor publishes it with an ordinary save.',
      path: id('article'),
      body: reviewActionSchema,
      responses: {
        '201': ok('The note kept with the article.', articleNoteSchema),
        '400': 'Invalid input (a return needs a note).',
        '404': 'No such article.',
        '409': 'Not a draft, or not waiting for review.',
        ...BODY_ERRORS,
      },
    }),
  },
  '/api/admin/articles/{id}/preview': {
    post: staff(TAG.adminArticles, {
      operationId: 'createPreviewLink',
      summary: 'A private link to the article page as it is now',
      description: 'Whatever its status; the link opens it for 48 hours.',
      path: id('article'),
      responses: { '201': ok('The link.', previewLinkSchema), '404': 'No such article.' },
    }),
    delete: deleteOne(TAG.adminArticles, 'article', {
      operationId: 'revokePreviewLinks',
      summary: 'Revoke every preview link of the article made so far',
      description: 'They answer 404 from then on; links made afterwards work.',
    }),
  },
  '/api/admin/autosaves/{key}': {
    get: staff(TAG.adminArticles, {
      operationId: 'getAutosave',
      summary: 'The signed-in editor’s autosave of an article',
      path: AUTOSAVE,
      responses: { '200': ok('The autosave, or null.', z.object({ autosave: z.nullable(autosaveSchema) })), '404': 'No such article.' },
    }),
    put: staff(TAG.adminArticles, {
      operationId: 'saveAutosave',
      summary: 'Keep the open editor’s form',
      description: '`stale` when the article was saved since the editor opened it.',
      path: AUTOSAVE,
      body: articleAutosaveSchema,
      responses: { '200': ok('Kept.', autosaveKeptSchema), '400': 'Invalid input.', '404': 'No such article.', ...BODY_ERRORS },
    }),
    delete: staff(TAG.adminArticles, {
      operationId: 'discardAutosave',
      summary: 'Discard the autosave',
      path: AUTOSAVE,
      responses: { '204': deleted, '404': 'No such article.' },
    }),
  },
  ...adminRecords(
    '/api/admin/authors',
    { tag: TAG.adminArticles, noun: 'author', shape: authorSchema },
    {
      list: {
        operationId: 'listAuthors',
        summary: `Authors by name, ${PER_PAGE}`,
        items: 'authors',
        query: adminAuthorListSchema,
        about: { q: 'Part of the name.', sort: 'By name.' },
      },
      create: { operationId: 'createAuthor', summary: 'Create an author', body: authorCreateSchema, conflict: 'The slug or name is taken.' },
      read: { operationId: 'getAuthor', summary: 'One author' },
      update: {
        operationId: 'updateAuthor',
        summary: 'Change an author',
        description: 'The fields sent change; a new name reaches the author’s bylines.',
        body: authorUpdateSchema,
        conflict: 'The slug or name is taken.',
      },
      remove: { operationId: 'deleteAuthor', summary: 'Delete an author without articles', conflict: 'Articles name the author.' },
    },
  ),
  '/api/admin/categories': {
    get: staffRead(
      TAG.adminArticles,
      'listCategoryDetails',
      'Every category with its topic description',
      ok('The categories.', z.array(categoryDetailSchema)),
    ),
  },
  '/api/admin/categories/{id}': {
    patch: changeOne(TAG.adminArticles, 'category', ok('The category.', categoryDetailSchema), {
      operationId: 'updateCategory',
      summary: 'Change a topic page’s description',
      body: categoryUpdateSchema,
    }),
  },
  '/api/admin/articles/{id}/revisions': {
    get: articleRecords('revisions', articleRevisionRowSchema, {
      operationId: 'listRevisions',
      summary: `An article’s saves, newest first, ${PER_PAGE}`,
      query: adminRevisionListSchema,
    }),
  },
  '/api/admin/articles/{id}/revisions/{revisionId}': {
    get: staff(TAG.adminArticles, {
      operationId: 'getRevision',
      summary: 'A revision, and how it differs from the article now',
      path: REVISION,
      responses: { '200': ok('The revision and its differences.', articleRevisionDiffSchema), '404': 'No such article or revision.' },
    }),
  },
  '/api/admin/articles/{id}/revisions/{revisionId}/restore': {
    post: staff(TAG.adminArticles, {
      operationId: 'restoreRevision',
      summary: 'Make a revision’s fields the article’s again',
      description: 'Kept as a new revision; with `expectedUpdatedAt`, a 409 if the article was saved since.',
      path: REVISION,
      body: revisionRestoreSchema,
      responses: {
        '200': ok('The article.', adminArticleSchema),
        '400': 'Invalid input, or the revision’s category is gone.',
        '404': 'No such article or revision.',
        '409': 'The article was saved since `expectedUpdatedAt`.',
        ...BODY_ERRORS,
      },
    }),
  },
  '/api/admin/articles/{id}/corrections': {
    get: articleRecords('corrections', correctionSchema, {
      operationId: 'listCorrections',
      summary: `An article’s corrections, newest first, ${PER_PAGE}`,
      query: adminCorrectionListSchema,
    }),
    post: staff(TAG.adminArticles, {
      operationId: 'createCorrection',
      summary: 'Add a dated correction to a published article',
      description:
        'Dated now; readers see it under the article, in its feed items and on /corrections, and the article’s “Updated” date and `dateModified` follow it.',
      path: id('article'),
      body: correctionInput,
      responses: {
        '201': ok('The correction.', correctionSchema),
        '400': 'Invalid input.',
        '404': 'No such article.',
        '409': 'The article is a draft or scheduled: it is edited, not corrected.',
        ...BODY_ERRORS,
      },
    }),
  },
  '/api/admin/articles/{id}/corrections/{correctionId}': {
    patch: changeOne(TAG.adminArticles, 'correction', ok('The correction.', correctionSchema), {
      operationId: 'updateCorrection',
      summary: 'Change a correction’s text (its date stays)',
      path: CORRECTION,
      body: correctionInput,
    }),
    delete: deleteOne(TAG.adminArticles, 'correction', { operationId: 'deleteCorrection', summary: 'Delete a correction', path: CORRECTION }),
  },
};
