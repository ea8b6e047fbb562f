// The OpenAPI 3.1 description of the site's API: the prose and the paths. Every schema in it
// is generated (src/server/api-document.ts) from the zod schemas the routes parse with
// (src/lib/validation) and the shapes they answer with (src/lib/wire).
// tests/api/openapi.test.ts checks that it describes every route, lints it with Redocly's
// recommended rules and calls every operation, signed out and signed in, against it.
import * as z from '@/lib/validation/zod-mini';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import {
  adminAnalyticsContentListSchema,
  adminArticleListSchema,
  adminAuthorListSchema,
  adminCommentListSchema,
  adminCorrectionListSchema,
  adminMessageListSchema,
  adminOutboxListSchema,
  adminRevisionListSchema,
  adminSubscriberListSchema,
  commentBulkSchema,
  messageBulkSchema,
} from '@/lib/validation/admin-lists';
import { analyticsContentCreateSchema, analyticsContentUpdateSchema } from '@/lib/validation/analytics-content';
import { articleCreateSchema, articleUpdateSchema } from '@/lib/validation/article';
import { articleAutosaveSchema, revisionRestoreSchema } from '@/lib/validation/article-autosave';
import { articleListQuerySchema } from '@/lib/validation/article-list-query';
import { authorCreateSchema, authorUpdateSchema } from '@/lib/validation/author';
import { calendarEventListQuerySchema, calendarEventSchema } from '@/lib/validation/calendar-event';
import { categoryUpdateSchema } from '@/lib/validation/category';
import { commentCreateSchema } from '@/lib/validation/comment';
import { contactCreateSchema } from '@/lib/validation/contact';
import { correctionInputSchema } from '@/lib/validation/correction';
import { loginSchema } from '@/lib/validation/login';
import { mediaDetailsSchema, mediaListSchema } from '@/lib/validation/media';
import { messageUpdateSchema } from '@/lib/validation/message';
import { newsletterPreferencesSchema, newsletterSubscribeSchema } from '@/lib/validation/newsletter';
import { newsletterTestSchema } from '@/lib/validation/newsletter-test';
import { commentPageQuerySchema, pageQuerySchema } from '@/lib/validation/page-query';
import { releaseChangeListQuerySchema, releaseChangeSchema } from '@/lib/validation/release-change';
import { REPORT_KINDS, reportQuerySchemas } from '@/lib/validation/reports';
import { seriesListQuerySchema, seriesQuerySchema, seriesRevisionsQuerySchema } from '@/lib/validation/series-query';
import { READERSHIP_RANGES, adminReadershipQuerySchema, viewBeaconSchema } from '@/lib/validation/readership';
import { gridQuerySchema, stateHistoryQuerySchema } from '@/lib/validation/grid-query';
import { TOTP_ACTIONS } from '@/lib/validation/two-factor';
import { zohoConfigSchema } from '@/lib/validation/zoho';
import {
  acceptInvitationSchema,
  accountUpdateSchema,
  adminAuditListSchema,
  adminStaffListSchema,
  articleNoteSchema as articleNoteInputSchema,
  invitationSchema as invitationInputSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  reviewActionSchema,
  staffPasswordResetSchema,
  staffUpdateSchema,
} from '@/lib/validation/staff';
import { accountSchema, articleNoteSchema, auditEntrySchema, invitationSchema, sessionInfoSchema, staffMemberSchema } from '@/lib/wire/staff';
import { adminCountsSchema, sessionStateSchema, twoFactorSetupSchema, twoFactorStateSchema } from '@/lib/wire/admin';
import { analyticsContentItemSchema, zohoAdminConfigSchema, zohoStatusSchema, zohoTestResultSchema } from '@/lib/wire/analytics';
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
  categoryStatSchema,
  previewLinkSchema,
} from '@/lib/wire/articles';
import { calendarEventItemSchema, releaseChangeItemSchema, releaseChoiceSchema } from '@/lib/wire/calendar';
import { moderationCommentSchema, publicCommentSchema } from '@/lib/wire/comments';
import { adminPageOf, bulkResultSchema, errorSchema, named, noticeSchema, recordId } from '@/lib/wire/common';
import { adminMessageSchema, contactReceiptSchema } from '@/lib/wire/contact';
import { correctionSchema } from '@/lib/wire/corrections';
import {
  energyMixEntrySchema,
  marketDataItemSchema,
  marketDataRefreshSchema,
  marketDataStatusSchema,
  reportSchema,
  seriesHistorySchema,
  seriesRevisionSchema,
  seriesSummarySchema,
} from '@/lib/wire/markets';
import { gridHistorySchema, gridRegionSchema, stateHistorySchema, statesOverviewSchema } from '@/lib/wire/grid';
import { mediaItemSchema } from '@/lib/wire/media';
import { readershipReportSchema } from '@/lib/wire/readership';
import {
  adminSubscriberSchema,
  briefingPreviewSchema,
  outboxItemSchema,
  outboxMessageSchema,
  subscriberPreferencesSchema,
} from '@/lib/wire/newsletter';
import { buildPaths, ok, pathParam, type Answer, type DocumentOperation, type OperationSpec } from '@/server/api-document';

const intHeader = { type: 'integer' };
const totalHeader = { 'X-Total-Count': { description: 'How many items the whole list holds.', schema: intHeader } };
const cacheHeaders = {
  ETag: { description: 'Strong validator of the answer; send it back in If-None-Match for a 304.', schema: { type: 'string' } },
  'Cache-Control': { description: '`private, max-age=0, must-revalidate`.', schema: { type: 'string' } },
};
const retryAfter = { 'Retry-After': { description: 'Seconds to wait.', schema: intHeader } };
const notModified = ok('Unchanged since the ETag sent in If-None-Match.');
const deleted = ok('Deleted.');
/** A 429: the error body, and when to try again. */
const rateLimited = (description: string) => ok(description, errorSchema, { headers: retryAfter });

const PAGE = { page: 'The page, from 1 (50 a page); anything unreadable is the first.' };
const LIMIT_OFFSET = { limit: 'How many items.', offset: 'How many items to skip.' };
const BODY_ERRORS = { '413': 'Body too large.', '415': 'Not JSON.' };
const id = (what: string) => ({ id: pathParam(`The ${what}’s id.`, recordId) });

/** A public call. */
const open = (tags: string[], spec: Omit<OperationSpec, 'tags' | 'access'>): OperationSpec => ({ ...spec, tags, access: 'public' });
/** A public read whose only answer is its 200. */
const openRead = (tags: string[], operationId: string, summary: string, answer: Answer, description?: string): OperationSpec =>
  open(tags, { operationId, summary, ...(description && { description }), responses: { '200': answer } });

/** A read of the data API: public, rate limited per address (a 429), with ETags (a 304); `errors` are its own 4xx. */
const dataRead = (
  call: Pick<OperationSpec, 'operationId' | 'summary' | 'path' | 'query'> & {
    description: string;
    answer: Answer;
    errors?: Record<string, string>;
    limited?: string;
  },
) =>
  open(['Data API'], {
    operationId: call.operationId,
    summary: call.summary,
    description: `${call.description} Public; rate limited per address.`,
    ...(call.path && { path: call.path }),
    ...(call.query && { query: call.query }),
    responses: { '200': call.answer, '304': notModified, ...call.errors, '429': rateLimited(call.limited ?? 'Too many requests from this address.') },
  });
/** The query of a data API history: a range and the answer's format. */
const historyQuery = (schema: z.ZodMiniType, start: string, end: string) => ({ schema, about: { start, end, format: "The answer's format." } });

/** A call of a staff session (which roles may: the route's capability, src/server/auth/route-permissions.ts). */
const staff = (tag: string, spec: Omit<OperationSpec, 'tags' | 'access'>): OperationSpec => ({ ...spec, tags: [tag], access: 'admin' });

/** What every admin call by one record's id has beside its own: who, and the record's path. */
type RecordCall = Pick<OperationSpec, 'operationId' | 'summary' | 'description'>;
const also = ({ description, ...call }: RecordCall) => ({ ...call, ...(description && { description }) });

/** A page of an admin list (50 a page): the query its route parses with, what each parameter means, its items' shape. */
const listPage = (tag: string, items: string, item: z.ZodMiniType, call: RecordCall & { query: z.ZodMiniType; about: Record<string, string> }) =>
  staff(tag, {
    ...also(call),
    query: { schema: call.query, about: { ...call.about, ...PAGE } },
    responses: { '200': ok(`A page of ${items}.`, adminPageOf(item)), '400': 'Invalid query parameters.' },
  });
/** Creates a record from a JSON body: 201 with it. */
const createOne = (tag: string, noun: string, shape: z.ZodMiniType, call: RecordCall & { body: z.ZodMiniType; conflict?: string }) =>
  staff(tag, {
    ...also(call),
    body: call.body,
    responses: { '201': ok(`The ${noun}.`, shape), '400': 'Invalid input.', ...(call.conflict && { '409': call.conflict }), ...BODY_ERRORS },
  });
/** Reads one record by id: its shape, or a 404. */
const readOne = (tag: string, noun: string, shape: z.ZodMiniType, call: RecordCall) =>
  staff(tag, { ...also(call), path: id(noun), responses: { '200': ok(`The ${noun}.`, shape), '404': `No such ${noun}.` } });
/** A record's path parameters: its id, unless the record lives under another (an article's correction). */
type RecordPath = { path?: OperationSpec['path'] };

/** Changes one record by id from a JSON body: the answer, a 400, or a 404. */
const changeOne = (tag: string, noun: string, answer: Answer, call: RecordCall & RecordPath & { body: z.ZodMiniType; conflict?: string }) =>
  staff(tag, {
    ...also(call),
    path: call.path ?? id(noun),
    body: call.body,
    responses: { '200': answer, '400': 'Invalid input.', '404': `No such ${noun}.`, ...(call.conflict && { '409': call.conflict }), ...BODY_ERRORS },
  });
/** Deletes one record by id: a 204, or a 404. */
const deleteOne = (tag: string, noun: string, call: RecordCall & RecordPath & { conflict?: string }) =>
  staff(tag, {
    ...also(call),
    path: call.path ?? id(noun),
    responses: { '204': deleted, '404': `No such ${noun}.`, ...(call.conflict && { '409': call.conflict }) },
  });
/** Changes up to 200 records at once. */
const bulk = (tag: string, call: RecordCall & { body: z.ZodMiniType }) =>
  staff(tag, {
    ...also(call),
    body: call.body,
    responses: { '200': ok('What changed.', bulkResultSchema), '400': 'Invalid input.', ...BODY_ERRORS },
  });

const REVISION = { ...id('article'), revisionId: pathParam('The revision’s id.', recordId) };
const CORRECTION = { ...id('article'), correctionId: pathParam('The correction’s id.', recordId) };
const correctionInput = named('CorrectionInput', correctionInputSchema);
const AUTOSAVE = { key: pathParam('An article id, or `new` for the article not yet created.') };
const RELEASE = { releaseId: pathParam('The release: its kind and the day its rule gives (`wpsr-2026-11-25`).') };

const ADMIN_ARTICLES = 'Admin: articles';

/** A page of what an article holds (its revisions, its corrections), 50 a page; a 404 for no such article. */
const articleRecords = (items: string, item: z.ZodMiniType, call: RecordCall & { query: z.ZodMiniType }) =>
  staff(ADMIN_ARTICLES, {
    ...also(call),
    path: id('article'),
    query: { schema: call.query, about: PAGE },
    responses: { '200': ok(`A page of ${items}.`, adminPageOf(item)), '404': 'No such article.' },
  });
const ADMIN_READERS = 'Admin: readers';
const ADMIN_DATA = 'Admin: data and calendar';
const ADMIN_SESSION = 'Admin: session';
const ADMIN_STAFF = 'Admin: staff';

const reportQuery = z.object({ ...reportQuerySchemas.custom.shape, ...reportQuerySchemas.share.shape, ...reportQuerySchemas.regional.shape });

const specs: Record<string, Record<string, OperationSpec>> = {
  '/api/articles': {
    get: open(['Articles'], {
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
    post: staff(ADMIN_ARTICLES, {
      operationId: 'createArticle',
      summary: 'Create an article',
      description: 'Without a status or publish time it is published at once. The HTML is sanitized; a new byline creates an author.',
      body: named('ArticleInput', articleCreateSchema),
      responses: { '201': ok('The article.', adminArticleSchema), '400': 'Invalid input.', '409': 'The slug is taken.', ...BODY_ERRORS },
    }),
  },
  '/api/articles/{slug}': {
    get: open(['Articles'], {
      operationId: 'getArticle',
      summary: 'One published article',
      path: { slug: pathParam('The article slug (the admin may also use its id).') },
      responses: { '200': ok('The article.', articleSchema), '404': 'No such article.' },
    }),
    patch: staff(ADMIN_ARTICLES, {
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
    delete: staff(ADMIN_ARTICLES, {
      operationId: 'deleteArticle',
      summary: 'Delete an article (by id)',
      path: { slug: pathParam('The article id.') },
      responses: { '204': deleted, '404': 'No such article.' },
    }),
  },
  '/api/articles/{articleId}/comments': {
    get: open(['Comments'], {
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
    post: open(['Comments'], {
      operationId: 'createComment',
      summary: 'Submit a comment (held for moderation)',
      description: 'JSON only; 1 per 15 s and 10 per hour per address.',
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
  '/api/contact': {
    post: open(['Contact'], {
      operationId: 'sendContactMessage',
      summary: 'Send a message to the editors',
      description: 'JSON only; 5 per hour per address.',
      body: named('ContactInput', contactCreateSchema),
      responses: {
        '201': ok('Stored.', contactReceiptSchema),
        '400': 'Invalid input, with field messages.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many messages from this address.'),
      },
    }),
  },
  '/api/views': {
    post: open(['Readership'], {
      operationId: 'countView',
      summary: 'Count one view of an article page (the page’s beacon)',
      description:
        'Sent by the article page once it has loaded (`navigator.sendBeacon`), from the site’s own pages: JSON of at most 512 bytes. No cookie is read or set and nothing about the reader is stored: views are added up in memory per article and day, referring host and mail campaign, and written in batches. Known bots, repeat views of a story by one address (15 minutes) and a campaign the site’s mails do not carry are not counted; the answer is 204 all the same.',
      body: named('ViewBeacon', viewBeaconSchema),
      responses: {
        '204': ok('Received.'),
        '400': 'Invalid input, with field messages.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many views from this address (30 a minute per server process).'),
      },
    }),
  },
  '/api/newsletter/subscribe': {
    post: open(['Newsletter'], {
      operationId: 'subscribeToNewsletter',
      summary: 'Subscribe (a confirmation link is mailed)',
      description: 'JSON only, from the site’s own pages; limited per client and per e-mail address. Known and new addresses get the same answer.',
      body: newsletterSubscribeSchema,
      responses: {
        '202': ok('A confirmation link is on its way.', noticeSchema),
        '400': 'Invalid input, with field messages.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many sign-ups from this address or for this e-mail address.'),
      },
    }),
  },
  '/api/newsletter/preferences': {
    post: open(['Newsletter'], {
      operationId: 'saveNewsletterPreferences',
      summary: 'Save a reader’s choices, topics and price alerts',
      description:
        'The `token` of the reader’s preferences link authorizes (no sign-in). The alerts replace the stored ones: at most 20, on the market series, `above`/`below` a value in the series’ unit or a `move` of more than `value` percent. `dataAlerts` (optional; left out, the stored ones stay) replace the reader’s data alerts: `storageRange` (gas storage leaving its five-year range), `demandRecords` (grid regions by EIA code) and `statePrices` (at most 20, a state, a sector and a `percent` move from the month before).',
      body: newsletterPreferencesSchema,
      responses: {
        '200': ok('Saved.', z.object({ message: z.string(), preferences: subscriberPreferencesSchema })),
        '400': 'Invalid input, with field messages.',
        '404': 'Unknown preferences link.',
        '409': 'The address is unsubscribed.',
        ...BODY_ERRORS,
      },
    }),
  },
  '/api/categories': { get: openRead(['Articles'], 'listCategories', 'Categories', ok('Every category.', z.array(categorySchema))) },
  '/api/analytics': {
    get: openRead(
      ['Analytics'],
      'getCategoryStats',
      'Published articles per category',
      ok('Counts.', z.object({ categoryStats: z.array(categoryStatSchema) })),
    ),
  },
  '/api/market-data': {
    get: openRead(
      ['Market data'],
      'listMarketData',
      'The market figures of the cards',
      ok('Figures.', z.array(marketDataItemSchema)),
      'Value, change, unit, as-of date and source of the listed series. `/api/series` has every series.',
    ),
  },
  '/api/analytics-content': {
    get: open(['Analytics'], {
      operationId: 'listAnalyticsContent',
      summary: 'Published analysis items, newest first',
      query: { schema: pageQuerySchema, about: LIMIT_OFFSET },
      responses: { '200': ok('A page of items.', z.array(analyticsContentItemSchema), { headers: totalHeader }), '400': 'Invalid query parameters.' },
    }),
    post: createOne(ADMIN_DATA, 'item', analyticsContentItemSchema, {
      operationId: 'createAnalyticsContent',
      summary: 'Create an analysis item',
      body: analyticsContentCreateSchema,
    }),
  },
  '/api/analytics-content/{id}': {
    patch: changeOne(ADMIN_DATA, 'item', ok('The item.', analyticsContentItemSchema), {
      operationId: 'updateAnalyticsContent',
      summary: 'Update an analysis item',
      body: analyticsContentUpdateSchema,
    }),
    delete: deleteOne(ADMIN_DATA, 'item', { operationId: 'deleteAnalyticsContent', summary: 'Delete an analysis item' }),
  },
  '/api/reports/{kind}': {
    get: open(['Analytics'], {
      operationId: 'getReport',
      summary: 'A report: chart data and table',
      description:
        'Price Analysis (`series` of wti, brent, henry-hub, gasoline; default wti,brent over 6m), Market Share (`period`), Regional Data (`metric`) or a custom report (`series`, `range`, `chart`); the Reports tab builds the same URLs.',
      path: { kind: pathParam('The report.', z.enum(REPORT_KINDS)) },
      query: {
        schema: reportQuery,
        about: {
          series: 'Price and custom reports: comma-separated series.',
          range: 'Price and custom reports: how far back.',
          chart: 'Custom reports: the chart type.',
          period: 'Market Share: the latest month or the last 12.',
          metric: 'Regional Data: total generation or renewable share.',
          format: '`csv` for the CSV download.',
        },
      },
      responses: {
        '200': ok('The report.', reportSchema, { csv: 'The table as CSV.' }),
        '400': 'Invalid query parameters.',
        '404': 'Unknown report.',
      },
    }),
  },
  '/api/zoho/config': {
    get: openRead(
      ['Analytics'],
      'getZohoConfig',
      'Whether Zoho Analytics is configured',
      ok('The flag, or the configuration.', z.union([zohoStatusSchema, zohoAdminConfigSchema])),
      'Signed-in owners get the whole configuration, without its secrets.',
    ),
  },
  '/api/zoho/dashboard-data': {
    get: openRead(
      ['Analytics'],
      'getEnergyMix',
      'The US energy mix',
      ok('Shares by source.', z.object({ energyMix: z.array(energyMixEntrySchema) })),
    ),
  },
  '/api/zoho/test-connection': {
    post: staff(ADMIN_DATA, {
      operationId: 'testZohoConnection',
      summary: 'Test the stored Zoho credentials',
      description: 'A failed test is a result: 200 with `success: false` and Zoho’s reason.',
      responses: { '200': ok('How the test went.', zohoTestResultSchema), '400': 'Zoho Analytics is not configured yet.', '502': 'Zoho refused.' },
    }),
  },
  '/api/admin/login': {
    post: open([ADMIN_SESSION], {
      operationId: 'login',
      summary: 'Sign in',
      description:
        'Sets the session cookie. Five failed tries per address and user name, then a growing wait; at most 20 failed tries per address in 15 minutes over all user names.',
      body: loginSchema,
      responses: {
        '200': ok('Signed in.', sessionStateSchema),
        '400': 'Invalid input, with field messages.',
        '401': 'Invalid credentials (or a missing or wrong two-factor code).',
        ...BODY_ERRORS,
        '429': rateLimited('Too many failed sign-ins from this address for this user name.'),
      },
    }),
  },
  '/api/admin/check': {
    get: open([ADMIN_SESSION], {
      operationId: 'checkSession',
      summary: 'Whether the session is signed in',
      responses: { '200': ok('The flag.', sessionStateSchema) },
    }),
  },
  '/api/admin/logout': {
    post: open([ADMIN_SESSION], {
      operationId: 'logout',
      summary: 'Sign out (ends the session, if there is one)',
      responses: { '200': ok('Signed out.', sessionStateSchema) },
    }),
  },
  '/api/admin/totp': {
    get: staff(ADMIN_SESSION, {
      operationId: 'getTwoFactor',
      summary: 'Whether two-factor sign-in is on',
      responses: { '200': ok('The state.', twoFactorStateSchema) },
    }),
  },
  '/api/admin/totp/{action}': {
    post: staff(ADMIN_SESSION, {
      operationId: 'changeTwoFactor',
      summary: 'Set up, turn on or off, or renew the recovery codes of two-factor sign-in',
      description:
        'Each change needs proof besides the session: the `password`, or (while it is on) a current or recovery `currentCode`; wrong proof counts as a failed sign-in. `setup` answers a new key to scan; `enable` with the new app’s first `code` turns it on and answers the recovery codes (shown once); `recovery-codes` answers new ones in place of the old; `disable` turns it off.',
      path: { action: pathParam('What to do.', z.enum(TOTP_ACTIONS)) },
      body: z.object({ password: z.optional(z.string()), currentCode: z.optional(z.string()), code: z.optional(z.string()) }),
      responses: {
        '200': ok('The new key, or the new state.', z.union([twoFactorSetupSchema, twoFactorStateSchema])),
        '400': 'No proof, or a wrong or missing new code.',
        '401': 'Not signed in, or the proof is wrong.',
        '404': 'Unknown action.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many failed proofs from this address.'),
      },
    }),
  },
  '/api/admin/invitations/accept': {
    post: open([ADMIN_SESSION], {
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation to the staff',
      description:
        'With the token of the invitation link (single use, 7 days) and a password of one’s own: makes the account and sets the session cookie.',
      body: acceptInvitationSchema,
      responses: {
        '201': ok('Signed in.', sessionStateSchema),
        '400': 'Invalid input, or a link spent, revoked or expired.',
        '409': 'The address is on the staff already.',
        ...BODY_ERRORS,
      },
    }),
  },
  '/api/admin/password-reset': {
    post: open([ADMIN_SESSION], {
      operationId: 'requestPasswordReset',
      summary: 'Mail a password-reset link',
      description: 'Answers the same whether or not a staff account has the address; a link (single use, one hour) is mailed if one does.',
      body: passwordResetRequestSchema,
      responses: {
        '202': ok('Asked.', noticeSchema),
        '400': 'Invalid input.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many requests from this address, or for this mailbox.'),
      },
    }),
  },
  '/api/admin/password-reset/confirm': {
    post: open([ADMIN_SESSION], {
      operationId: 'confirmPasswordReset',
      summary: 'Set a new password with a reset link',
      description: 'Every session of the account ends.',
      body: passwordResetConfirmSchema,
      responses: { '204': ok('Set.'), '400': 'Invalid input, or a link spent or expired.', ...BODY_ERRORS },
    }),
  },
  '/api/admin/account': {
    get: staff(ADMIN_SESSION, {
      operationId: 'getAccount',
      summary: 'The signed-in person, their role and what it may do',
      responses: { '200': ok('The account.', accountSchema) },
    }),
    patch: staff(ADMIN_SESSION, {
      operationId: 'updateAccount',
      summary: 'Change one’s own name or e-mail address',
      description:
        'The name is how the panel and the mails to the staff name the person. A new address needs `password` or `currentCode` besides the session (counted by the sign-in throttle); a person who signs in with their address signs in with the new one. Recorded in the audit trail.',
      body: accountUpdateSchema,
      responses: {
        '200': ok('The account.', accountSchema),
        '400': 'Invalid input, or a new address without a proof.',
        '401': 'The password or code is wrong.',
        '409': 'Someone on the staff already uses this address.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many wrong proofs.'),
      },
    }),
  },
  '/api/admin/account/sessions': {
    get: staff(ADMIN_SESSION, {
      operationId: 'listOwnSessions',
      summary: 'The signed-in person’s sessions, most recently used first',
      responses: { '200': ok('The sessions.', z.array(sessionInfoSchema)) },
    }),
  },
  '/api/admin/account/sessions/{id}': {
    delete: staff(ADMIN_SESSION, {
      operationId: 'endOwnSession',
      summary: 'End one of one’s own sessions',
      path: { id: pathParam('The session’s id.') },
      responses: { '204': deleted, '404': 'No such session of yours.' },
    }),
  },
  '/api/admin/staff': {
    get: staff(ADMIN_STAFF, {
      operationId: 'listStaff',
      summary: 'The staff, 50 a page in the order they joined, and the open invitations',
      query: { schema: adminStaffListSchema, about: PAGE },
      responses: {
        '200': ok('A page of people.', z.extend(adminPageOf(staffMemberSchema), { invitations: z.array(invitationSchema) })),
        '400': 'Invalid query parameters.',
      },
    }),
  },
  '/api/admin/staff/{id}': {
    patch: changeOne(ADMIN_STAFF, 'person', ok('The person.', staffMemberSchema), {
      operationId: 'updateStaff',
      summary: 'Change a person’s role, or deactivate or reactivate them',
      description: 'Their sessions end at once; their bylines and revisions stay. Not one’s own; the last active owner stays one.',
      body: staffUpdateSchema,
      conflict: 'One’s own account, or the last active owner.',
    }),
  },
  '/api/admin/staff/password-resets': {
    post: staff(ADMIN_STAFF, {
      operationId: 'sendPasswordReset',
      summary: 'Mail a person a password-reset link',
      description:
        'The link (single use, one hour) goes to the person’s own address and is made when the mail is sent, so nobody else sees it; the audit trail records the owner’s action. Their password works until they use it.',
      body: staffPasswordResetSchema,
      responses: {
        '202': ok('Queued.', noticeSchema),
        '400': 'Invalid input.',
        '404': 'No such person.',
        '409': 'The person is deactivated or has no address.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many links to this mailbox this hour.'),
      },
    }),
  },
  '/api/admin/staff/invitations': {
    post: createOne(ADMIN_STAFF, 'invitation', invitationSchema, {
      operationId: 'inviteStaff',
      summary: 'Invite a person by e-mail (a single-use link, valid 7 days)',
      body: invitationInputSchema,
      conflict: 'Someone on the staff already uses this address.',
    }),
  },
  '/api/admin/staff/invitations/{id}': {
    delete: deleteOne(ADMIN_STAFF, 'invitation', { operationId: 'revokeInvitation', summary: 'Revoke an open invitation' }),
  },
  '/api/admin/audit': {
    get: listPage(ADMIN_STAFF, 'entries', auditEntrySchema, {
      operationId: 'listAudit',
      summary: 'The audit trail, newest first, 50 a page',
      query: adminAuditListSchema,
      about: { action: 'One action.', actorId: 'One person’s.' },
    }),
  },
  '/api/admin/articles/{id}/notes': {
    get: readOne(ADMIN_ARTICLES, 'article', z.array(articleNoteSchema), {
      operationId: 'listArticleNotes',
      summary: 'An article’s editorial notes (staff only), newest first',
    }),
    post: staff(ADMIN_ARTICLES, {
      operationId: 'addArticleNote',
      summary: 'Add an editorial note',
      path: id('article'),
      body: articleNoteInputSchema,
      responses: { '201': ok('The note.', articleNoteSchema), '400': 'Invalid input.', '404': 'No such article.', ...BODY_ERRORS },
    }),
  },
  '/api/admin/articles/{id}/review': {
    post: staff(ADMIN_ARTICLES, {
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
  '/api/admin/counts': {
    get: staff(ADMIN_READERS, {
      operationId: 'getAdminCounts',
      summary: 'What the panel’s tab labels count',
      responses: { '200': ok('The counts.', adminCountsSchema) },
    }),
  },
  '/api/admin/articles': {
    get: listPage(ADMIN_ARTICLES, 'articles', adminArticleRowSchema, {
      operationId: 'listAdminArticles',
      summary: 'Articles of every status, 50 a page, without their HTML',
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
    get: readOne(ADMIN_ARTICLES, 'article', adminArticleSchema, {
      operationId: 'getAdminArticle',
      summary: 'One article of any status, with its HTML',
    }),
  },
  '/api/admin/articles/{id}/preview': {
    post: staff(ADMIN_ARTICLES, {
      operationId: 'createPreviewLink',
      summary: 'A private link to the article page as it is now',
      description: 'Whatever its status; the link opens it for 48 hours.',
      path: id('article'),
      responses: { '201': ok('The link.', previewLinkSchema), '404': 'No such article.' },
    }),
    delete: deleteOne(ADMIN_ARTICLES, 'article', {
      operationId: 'revokePreviewLinks',
      summary: 'Revoke every preview link of the article made so far',
      description: 'They answer 404 from then on; links made afterwards work.',
    }),
  },
  '/api/admin/articles/{id}/revisions': {
    get: articleRecords('revisions', articleRevisionRowSchema, {
      operationId: 'listRevisions',
      summary: 'An article’s saves, newest first, 50 a page',
      query: adminRevisionListSchema,
    }),
  },
  '/api/admin/articles/{id}/revisions/{revisionId}': {
    get: staff(ADMIN_ARTICLES, {
      operationId: 'getRevision',
      summary: 'A revision, and how it differs from the article now',
      path: REVISION,
      responses: { '200': ok('The revision and its differences.', articleRevisionDiffSchema), '404': 'No such article or revision.' },
    }),
  },
  '/api/admin/articles/{id}/revisions/{revisionId}/restore': {
    post: staff(ADMIN_ARTICLES, {
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
      summary: 'An article’s corrections, newest first, 50 a page',
      query: adminCorrectionListSchema,
    }),
    post: staff(ADMIN_ARTICLES, {
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
    patch: changeOne(ADMIN_ARTICLES, 'correction', ok('The correction.', correctionSchema), {
      operationId: 'updateCorrection',
      summary: 'Change a correction’s text (its date stays)',
      path: CORRECTION,
      body: correctionInput,
    }),
    delete: deleteOne(ADMIN_ARTICLES, 'correction', { operationId: 'deleteCorrection', summary: 'Delete a correction', path: CORRECTION }),
  },
  '/api/admin/autosaves/{key}': {
    get: staff(ADMIN_ARTICLES, {
      operationId: 'getAutosave',
      summary: 'The signed-in editor’s autosave of an article',
      path: AUTOSAVE,
      responses: { '200': ok('The autosave, or null.', z.object({ autosave: z.nullable(autosaveSchema) })), '404': 'No such article.' },
    }),
    put: staff(ADMIN_ARTICLES, {
      operationId: 'saveAutosave',
      summary: 'Keep the open editor’s form',
      description: '`stale` when the article was saved since the editor opened it.',
      path: AUTOSAVE,
      body: articleAutosaveSchema,
      responses: { '200': ok('Kept.', autosaveKeptSchema), '400': 'Invalid input.', '404': 'No such article.', ...BODY_ERRORS },
    }),
    delete: staff(ADMIN_ARTICLES, {
      operationId: 'discardAutosave',
      summary: 'Discard the autosave',
      path: AUTOSAVE,
      responses: { '204': deleted, '404': 'No such article.' },
    }),
  },
  '/api/admin/authors': {
    get: listPage(ADMIN_ARTICLES, 'authors', authorSchema, {
      operationId: 'listAuthors',
      summary: 'Authors by name, 50 a page',
      query: adminAuthorListSchema,
      about: { q: 'Part of the name.', sort: 'By name.' },
    }),
    post: createOne(ADMIN_ARTICLES, 'author', authorSchema, {
      operationId: 'createAuthor',
      summary: 'Create an author',
      body: authorCreateSchema,
      conflict: 'The slug or name is taken.',
    }),
  },
  '/api/admin/authors/{id}': {
    get: readOne(ADMIN_ARTICLES, 'author', authorSchema, { operationId: 'getAuthor', summary: 'One author' }),
    patch: changeOne(ADMIN_ARTICLES, 'author', ok('The author.', authorSchema), {
      operationId: 'updateAuthor',
      summary: 'Change an author',
      description: 'The fields sent change; a new name reaches the author’s bylines.',
      body: authorUpdateSchema,
      conflict: 'The slug or name is taken.',
    }),
    delete: deleteOne(ADMIN_ARTICLES, 'author', {
      operationId: 'deleteAuthor',
      summary: 'Delete an author without articles',
      conflict: 'Articles name the author.',
    }),
  },
  '/api/admin/categories': {
    get: staff(ADMIN_ARTICLES, {
      operationId: 'listCategoryDetails',
      summary: 'Every category with its topic description',
      responses: { '200': ok('The categories.', z.array(categoryDetailSchema)) },
    }),
  },
  '/api/admin/categories/{id}': {
    patch: changeOne(ADMIN_ARTICLES, 'category', ok('The category.', categoryDetailSchema), {
      operationId: 'updateCategory',
      summary: 'Change a topic page’s description',
      body: categoryUpdateSchema,
    }),
  },
  '/api/admin/comments': {
    get: listPage(ADMIN_READERS, 'comments', moderationCommentSchema, {
      operationId: 'listModerationComments',
      summary: 'Comments for moderation, 50 a page',
      description: 'With the authors’ e-mail addresses and the first part of each text.',
      query: adminCommentListSchema,
      about: {
        q: 'Text, name or e-mail address (its matches newest first).',
        status: 'Every comment by default; or the pending or the approved ones.',
        articleId: 'One article’s.',
        sort: 'Pending first by default (each part newest first); or newest or oldest first.',
      },
    }),
  },
  '/api/admin/comments/bulk': {
    post: bulk(ADMIN_READERS, { operationId: 'moderateComments', summary: 'Approve or delete up to 200 comments at once', body: commentBulkSchema }),
  },
  '/api/admin/comments/{id}': {
    get: readOne(ADMIN_READERS, 'comment', moderationCommentSchema, { operationId: 'getModerationComment', summary: 'One comment in full' }),
    delete: deleteOne(ADMIN_READERS, 'comment', { operationId: 'deleteComment', summary: 'Delete a comment' }),
  },
  '/api/admin/comments/{id}/approve': {
    patch: staff(ADMIN_READERS, {
      operationId: 'approveComment',
      summary: 'Approve a comment',
      path: id('comment'),
      responses: { '200': ok('Approved.', z.object({ approved: z.literal(true) })), '404': 'No such comment.' },
    }),
  },
  '/api/admin/messages': {
    get: listPage(ADMIN_READERS, 'messages', adminMessageSchema, {
      operationId: 'listContactMessages',
      summary: 'Contact messages, 50 a page',
      query: adminMessageListSchema,
      about: { q: 'Name, e-mail address or subject.', status: 'Handled or not.', sort: 'Newest or oldest first.' },
    }),
  },
  '/api/admin/messages/bulk': {
    post: bulk(ADMIN_READERS, {
      operationId: 'changeContactMessages',
      summary: 'Mark up to 200 messages handled or not, or delete them',
      body: messageBulkSchema,
    }),
  },
  '/api/admin/messages/{id}': {
    get: readOne(ADMIN_READERS, 'message', adminMessageSchema, { operationId: 'getContactMessage', summary: 'One message in full' }),
    patch: changeOne(ADMIN_READERS, 'message', ok('Its state.', z.object({ handled: z.boolean() })), {
      operationId: 'markContactMessage',
      summary: 'Mark a message handled or not',
      body: messageUpdateSchema,
    }),
    delete: deleteOne(ADMIN_READERS, 'message', { operationId: 'deleteContactMessage', summary: 'Delete a message' }),
  },
  '/api/admin/subscribers': {
    get: listPage(ADMIN_READERS, 'subscribers', adminSubscriberSchema, {
      operationId: 'listSubscribers',
      summary: 'Newsletter subscribers, 50 a page',
      query: adminSubscriberListSchema,
      about: { q: 'The start of an address.', status: 'One status.', sort: 'Newest or oldest first.' },
    }),
  },
  '/api/admin/subscribers/export.csv': {
    get: staff(ADMIN_READERS, {
      operationId: 'exportSubscribers',
      summary: 'Every subscriber with their choices and alerts, as CSV',
      responses: { '200': ok('The CSV, streamed.', undefined, { csv: 'A header row, then one row per subscriber.' }) },
    }),
  },
  '/api/admin/subscribers/{id}': {
    delete: deleteOne(ADMIN_READERS, 'subscriber', {
      operationId: 'removeSubscriber',
      summary: 'Remove a subscriber and their price alerts for good',
    }),
  },
  '/api/admin/readership': {
    get: staff(ADMIN_READERS, {
      operationId: 'getReadership',
      summary: 'Readership: top stories, referring sites and visits from the site’s mails',
      description:
        'For today, the last 7 or the last 30 days (US Eastern days, today included): a page of the most viewed stories (50 a page, most first), the 20 referring sites with most views and the views each mail’s links brought. Counts are written every few seconds.',
      query: {
        schema: adminReadershipQuerySchema,
        about: { range: `The period: ${READERSHIP_RANGES.map((r) => `\`${r}\``).join(', ')}.`, ...PAGE },
      },
      responses: { '200': ok('The period’s figures.', readershipReportSchema), '400': 'Invalid query parameters.' },
    }),
  },
  '/api/admin/outbox': {
    get: listPage(ADMIN_READERS, 'messages', outboxItemSchema, {
      operationId: 'listOutbox',
      summary: 'Mail the site sent or will send, newest first, 50 a page',
      description: 'Each with its delivery result; totals are counted up to 1,000.',
      query: adminOutboxListSchema,
      about: { q: 'The exact recipient address.', kind: 'One kind of mail.', status: 'One delivery state.', sort: 'Newest first.' },
    }),
  },
  '/api/admin/outbox/{id}': {
    get: readOne(ADMIN_READERS, 'message', outboxMessageSchema, {
      operationId: 'getOutboxMessage',
      summary: 'One message in full, with its delivery result',
    }),
  },
  '/api/admin/newsletter/preview': {
    get: staff(ADMIN_READERS, {
      operationId: 'previewBriefing',
      summary: 'The next daily briefing as it would go out now',
      responses: { '200': ok('The briefing.', briefingPreviewSchema) },
    }),
  },
  '/api/admin/newsletter/test': {
    post: staff(ADMIN_READERS, {
      operationId: 'sendTestBriefing',
      summary: 'Send the next briefing to one address, marked [Test]',
      description: 'At most one every 10 seconds and 10 an hour per person.',
      body: newsletterTestSchema,
      responses: { '202': ok('Queued.', noticeSchema), '400': 'Invalid input.', ...BODY_ERRORS, '429': rateLimited('Too many test sends.') },
    }),
  },
  '/api/admin/media': {
    get: listPage(ADMIN_DATA, 'images', mediaItemSchema, {
      operationId: 'listMedia',
      summary: 'Images of the media library, newest first, 50 a page',
      query: mediaListSchema,
      about: { q: 'File name, alt text, caption or credit.' },
    }),
    post: staff(ADMIN_DATA, {
      operationId: 'uploadMedia',
      summary: 'Upload an image (JPEG, PNG, WebP or AVIF, at most MEDIA_MAX_MB)',
      description: 'The content decides the format; the original is encoded again without metadata, with AVIF and WebP copies for `srcset`.',
      form: z.extend(mediaDetailsSchema, { file: z.file() }),
      responses: {
        '201': ok('The stored image.', mediaItemSchema),
        '400': 'No file, or an unreadable image.',
        '413': 'The file or its pixels are too large.',
        '415': 'Not an image of the four formats.',
      },
    }),
  },
  '/api/admin/media/{id}': {
    get: readOne(ADMIN_DATA, 'image', mediaItemSchema, { operationId: 'getMedia', summary: 'One image with its files' }),
    patch: changeOne(ADMIN_DATA, 'image', ok('The image.', mediaItemSchema), {
      operationId: 'describeMedia',
      summary: 'Change an image’s alt text, caption or credit',
      body: mediaDetailsSchema,
    }),
    delete: deleteOne(ADMIN_DATA, 'image', { operationId: 'deleteMedia', summary: 'Delete an image and its files' }),
  },
  '/api/admin/market-data': {
    get: staff(ADMIN_DATA, {
      operationId: 'getMarketDataStatus',
      summary: 'Each series’ source and latest period, and the last imports',
      responses: { '200': ok('The state of the market data.', marketDataStatusSchema) },
    }),
  },
  '/api/admin/market-data/refresh': {
    post: staff(ADMIN_DATA, {
      operationId: 'refreshMarketData',
      summary: 'Import new observations from EIA now',
      responses: {
        '200': ok('Imported: the new state and what changed.', marketDataRefreshSchema),
        '400': 'No EIA_API_KEY is set (the message says how to get one).',
        '502': 'EIA refused or failed; nothing changed.',
      },
    }),
  },
  '/api/admin/analytics-content': {
    get: listPage(ADMIN_DATA, 'items', analyticsContentItemSchema, {
      operationId: 'listAnalyticsContentForAdmin',
      summary: 'The analysis items, newest first, 50 a page (the admin’s Analytics Content tab)',
      query: adminAnalyticsContentListSchema,
      about: {},
    }),
  },
  '/api/admin/calendar-events': {
    get: listPage(ADMIN_DATA, 'events', calendarEventItemSchema, {
      operationId: 'listCalendarEvents',
      summary: 'The editors’ calendar events, latest start first, 50 a page',
      query: calendarEventListQuerySchema,
      about: {},
    }),
    post: createOne(ADMIN_DATA, 'event', calendarEventItemSchema, {
      operationId: 'createCalendarEvent',
      summary: 'Add an event to the release calendar',
      description: 'Times are US Eastern wall clock (`YYYY-MM-DDTHH:MM`).',
      body: calendarEventSchema,
    }),
  },
  '/api/admin/calendar-events/{id}': {
    patch: changeOne(ADMIN_DATA, 'event', ok('The event.', calendarEventItemSchema), {
      operationId: 'updateCalendarEvent',
      summary: 'Replace an event’s fields (the form sends them all)',
      body: calendarEventSchema,
    }),
    delete: deleteOne(ADMIN_DATA, 'event', { operationId: 'deleteCalendarEvent', summary: 'Delete an event' }),
  },
  '/api/admin/release-changes': {
    get: staff(ADMIN_DATA, {
      operationId: 'listReleaseChanges',
      summary: 'EIA’s changes to its releases, latest first, 50 a page, and the releases that may be changed',
      query: { schema: releaseChangeListQuerySchema, about: PAGE },
      responses: {
        '200': ok(
          'A page of changes, and the computed releases from two weeks back to eight ahead.',
          z.extend(adminPageOf(releaseChangeItemSchema), { releases: z.array(releaseChoiceSchema) }),
        ),
        '400': 'Invalid query parameters.',
      },
    }),
  },
  '/api/admin/release-changes/{releaseId}': {
    put: staff(ADMIN_DATA, {
      operationId: 'changeRelease',
      summary: 'Note that EIA moved or postponed a release',
      description:
        'A new US Eastern `startsAt` (at most 30 days from the rule’s day), or none for postponed with no new date; saving again replaces it.',
      path: RELEASE,
      body: releaseChangeSchema,
      responses: {
        '200': ok('The change.', releaseChangeItemSchema),
        '400': 'Invalid input, or too far from the rule’s day.',
        '404': 'No such release.',
        ...BODY_ERRORS,
      },
    }),
    delete: staff(ADMIN_DATA, {
      operationId: 'removeReleaseChange',
      summary: 'Put a release back at its rule’s time',
      path: RELEASE,
      responses: { '204': deleted, '404': 'The release had no change.' },
    }),
  },
  '/api/admin/zoho-config': {
    get: staff(ADMIN_DATA, {
      operationId: 'getZohoAdminConfig',
      summary: 'The Zoho Analytics configuration without its secrets',
      responses: { '200': ok('The configuration.', zohoAdminConfigSchema) },
    }),
    post: staff(ADMIN_DATA, {
      operationId: 'saveZohoConfig',
      summary: 'Save the Zoho Analytics configuration',
      description: 'A blank client secret or refresh token keeps the stored one (the client secret is required the first time).',
      body: zohoConfigSchema(true),
      responses: { '200': ok('The configuration.', zohoAdminConfigSchema), '400': 'Invalid input.', ...BODY_ERRORS },
    }),
  },
  '/api/series': {
    get: dataRead({
      operationId: 'listSeries',
      summary: 'Every market series with its latest value',
      description: 'Latest value and period, change against the previous observation, unit, cadence, source and whether it is stale.',
      query: { schema: seriesListQuerySchema, about: LIMIT_OFFSET },
      answer: ok('The series, in display order.', z.array(seriesSummarySchema), { headers: { ...totalHeader, ...cacheHeaders } }),
      errors: { '400': 'Invalid query parameters.' },
      limited: 'Too many requests from this address (API_RATE_LIMIT a minute per server process, 120 by default).',
    }),
  },
  '/api/series/{slug}': {
    get: dataRead({
      operationId: 'getSeries',
      summary: "A series' observations",
      description:
        'Observations from `start` to `end` (both optional and inclusive), oldest first, as JSON or CSV (`period,value (unit)` header row). At most 10,000 observations per answer; narrow a wider range. EIA revises figures it published: by default each figure is the latest, and a revised one also gives `firstValue`, `previousValue` and `revisedAt`; `vintage=first` answers every figure as EIA first published it, `asOf=YYYY-MM-DD` as the site knew it at the end of that day (US Eastern). A series still on its seeded sample history has no published figures, so those two answer none.',
      path: { slug: pathParam(`The series: ${SERIES_SLUGS.join(', ')}.`) },
      query: {
        schema: seriesQuerySchema,
        about: {
          start: 'First date, YYYY-MM-DD (YYYY-MM for a month).',
          end: 'Last date, YYYY-MM-DD (YYYY-MM for a month).',
          format: "The answer's format.",
          vintage: '`latest` (default): the figures as last revised; `first`: as first published.',
          asOf: 'A day, YYYY-MM-DD: the figures as known at its end (US Eastern). Not with `vintage=first`.',
        },
      },
      answer: ok('The observations.', seriesHistorySchema, {
        headers: cacheHeaders,
        csv: 'A header row, then one `period,value` row per observation (of the figures `vintage` or `asOf` chose).',
      }),
      errors: {
        '400': 'Invalid dates, format or vintage, start after end, asOf with vintage=first, or too many observations.',
        '404': 'No such series.',
      },
    }),
  },
  '/api/series/{slug}/revisions': {
    get: dataRead({
      operationId: 'listSeriesRevisions',
      summary: "Every revision EIA made to a series' figures",
      description:
        'Each figure that replaced an earlier one of its period, with the figure it replaced and when the site’s import saw it, by period newest first (within a period, the latest revision first). A series on its seeded sample history has none.',
      path: { slug: pathParam(`The series: ${SERIES_SLUGS.join(', ')}.`) },
      query: { schema: seriesRevisionsQuerySchema, about: { limit: 'Revisions per page (at most 1,000).', offset: 'Revisions to skip.' } },
      answer: ok('A page of revisions.', z.array(seriesRevisionSchema), { headers: { ...totalHeader, ...cacheHeaders } }),
      errors: { '400': 'Invalid query parameters.', '404': 'No such series.' },
    }),
  },
  '/api/grid': {
    get: dataRead({
      operationId: 'listGridRegions',
      summary: 'The live grid: the Lower 48 and its 13 regions now',
      description:
        'Each region’s latest hour (demand, day-ahead forecast and its error, net generation, total interchange), its fuel mix then, the highest demand of that hour’s local day against the highest stored, and whether the hour is stale. From EIA’s Hourly Electric Grid Monitor (Form EIA-930), imported every hour.',
      answer: ok('The Lower 48 first, then the regions.', z.array(gridRegionSchema), { headers: cacheHeaders }),
    }),
  },
  '/api/grid/{region}': {
    get: dataRead({
      operationId: 'getGridHistory',
      summary: "A grid region's hours",
      description:
        'Hourly demand, day-ahead forecast, net generation, total interchange and net generation by fuel, in megawatthours, from `start` to `end` (UTC hours, hour-ending, inclusive), oldest first, as JSON or CSV. Without a range: the week up to the latest hour and the forecast after it. At most 31 days per answer; hours are kept for two years.',
      path: { region: pathParam('EIA’s respondent code, in any case: US48, CAL, CAR, CENT, FLA, MIDA, MIDW, NE, NY, NW, SE, SW, TEN or TEX.') },
      query: historyQuery(
        gridQuerySchema,
        'First hour, YYYY-MM-DDTHH in UTC (a day YYYY-MM-DD starts at its midnight, UTC).',
        'Last hour, written as start.',
      ),
      answer: ok('The hours.', gridHistorySchema, {
        headers: cacheHeaders,
        csv: 'A header row naming each column and its unit, then one row per hour (UTC, hour-ending).',
      }),
      errors: { '400': 'Invalid hours or format, start after end, or more than 31 days.', '404': 'No such region.' },
    }),
  },
  '/api/states': {
    get: dataRead({
      operationId: 'getStatesOverview',
      summary: 'Retail electricity prices of every state in the latest month',
      description:
        'The average retail price of electricity (cents per kilowatthour) of the 50 states and DC by sector (residential, commercial, industrial, all sectors) in the latest month EIA published, the same month a year before, each state’s rank, and the US average.',
      answer: ok('The states, in the order of their names.', statesOverviewSchema, { headers: cacheHeaders }),
      errors: { '404': 'No prices are stored yet.' },
    }),
  },
  '/api/states/{code}': {
    get: dataRead({
      operationId: 'getStateHistory',
      summary: "A state's monthly prices and generation",
      description:
        'The state’s average retail price by sector against the US average (cents per kilowatthour), and its net generation by fuel (thousand megawatthours), month by month from `start` to `end` (inclusive), oldest first, as JSON or CSV.',
      path: { code: pathParam('The two-letter postal code of a state or DC, in any case.') },
      query: historyQuery(stateHistoryQuerySchema, 'First month, YYYY-MM.', 'Last month, YYYY-MM.'),
      answer: ok('The months.', stateHistorySchema, {
        headers: cacheHeaders,
        csv: 'A header row naming each column and its unit, then one row per month.',
      }),
      errors: { '400': 'Invalid months or format, or start after end.', '404': 'No such state.' },
    }),
  },
  '/api/openapi.json': {
    get: open(['Data API'], {
      operationId: 'getOpenApi',
      summary: 'This document',
      responses: { '200': ok('OpenAPI 3.1.', z.record(z.string(), z.unknown()), { headers: cacheHeaders }), '304': notModified },
    }),
  },
};

const TAGS = [
  { name: 'Data API', description: 'Market series, the live grid and state electricity prices: latest values and history, JSON or CSV.' },
  { name: 'Market data', description: "The figures of the site's market cards." },
  { name: 'Articles', description: 'News articles and categories.' },
  { name: 'Comments', description: 'Reader comments.' },
  { name: 'Contact', description: 'Messages to the editors.' },
  { name: 'Newsletter', description: 'Subscriptions (double opt-in) and a reader’s preferences.' },
  { name: 'Analytics', description: 'Counts, reports, analysis items and the energy mix.' },
  { name: 'Readership', description: 'Page views counted without cookies or personal data.' },
  { name: ADMIN_SESSION, description: 'Signing in and out, invitations and password resets, one’s own account, sessions and two-factor sign-in.' },
  { name: ADMIN_STAFF, description: 'Staff accounts, roles and invitations, and the audit trail. Owners only.' },
  {
    name: ADMIN_ARTICLES,
    description:
      'The newsroom: articles, their history, autosaves and corrections, authors and topics. Needs a staff session whose role may (see each call’s 403).',
  },
  {
    name: ADMIN_READERS,
    description:
      'Comments, contact messages, newsletter subscribers, the mail the site sends and readership figures. Needs a staff session whose role may (see each call’s 403).',
  },
  {
    name: ADMIN_DATA,
    description:
      'Analysis items, the media library, market data, the release calendar and Zoho. Needs a staff session whose role may (see each call’s 403).',
  },
];

/** The built paths and shapes (they do not depend on the site's address). */
let built: ReturnType<typeof buildPaths> | undefined;

/** The document, for a server at `site` (the configured SITE_URL; a local address becomes the relative `/`). */
export function openApiDocument(site: string) {
  built ??= buildPaths(specs);
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/i.test(site);
  return {
    openapi: '3.1.0',
    info: {
      title: 'EnergyPulse API',
      version: '1.0.0',
      description:
        'Public JSON reads of EnergyPulse: articles, comments, market figures, reports, and the data API (`/api/series`, `/api/grid`, `/api/states`). Errors are `{"message", "errors"?}` with a fitting status; a wrong method is a 405 with `Allow`. Calls tagged Admin need a staff session cookie (`POST /api/admin/login`) whose role may make them (owner, editor, author, contributor: each call\'s 403 names the roles), and writes come from the site\'s own pages. Readable at /api/docs.',
      license: { name: 'Terms of Service', url: `${site.replace(/\/$/, '')}/terms-of-service` },
    },
    servers: [local ? { url: '/', description: 'This site.' } : { url: site.replace(/\/$/, ''), description: 'This site.' }],
    tags: TAGS,
    paths: built.paths as Record<string, Record<string, DocumentOperation>>,
    components: {
      schemas: built.schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The session cookie set by POST /api/admin/login.' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
export type { DocumentOperation as OpenApiOperation };
