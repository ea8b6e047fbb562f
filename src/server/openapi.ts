// The OpenAPI 3.1 description of the site's API: every public call, the data API, and the
// calls of the product specification that need the administrator's session. Written by
// hand as a typed object; tests/api/openapi.test.ts validates it and calls every documented
// public GET to check that its answer has the documented shape.
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { REPORT_KINDS } from '@/lib/validation/reports';

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description: string;
  schema: Schema;
}

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, { description: string; schema: Schema }>; content?: Record<string, { schema: Schema }> }
  >;
  security?: Record<string, string[]>[];
}

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const obj = (properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({ type: 'object', properties, required });
const str = (description?: string): Schema => (description ? { type: 'string', description } : { type: 'string' });
const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const bool: Schema = { type: 'boolean' };
const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema['type'] as string, 'null'] });
const date: Schema = { type: 'string', format: 'date' };
const dateTime: Schema = { type: 'string', format: 'date-time' };

const json = (schema: Schema) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const totalHeader = { 'X-Total-Count': { description: 'How many items the whole list holds.', schema: int } };
const cacheHeaders = {
  ETag: { description: 'Strong validator of the answer; send it back in If-None-Match for a 304.', schema: str() },
  'Cache-Control': { description: '`private, max-age=0, must-revalidate`.', schema: str() },
};
const rateLimited = {
  description: 'Too many requests from this address (API_RATE_LIMIT a minute per server process, 120 by default).',
  headers: { 'Retry-After': { description: 'Seconds to wait.', schema: int } },
  content: json(ref('Error')),
};
const adminOnly = [{ session: [] }];
const query = (name: string, description: string, schema: Schema, required = false): Parameter => ({
  name,
  in: 'query',
  description,
  schema,
  required,
});
const path = (name: string, description: string, schema: Schema = str()): Parameter => ({ name, in: 'path', required: true, description, schema });
const limitOffset = (max: number, fallback: number): Parameter[] => [
  query('limit', `How many items (1-${max}, default ${fallback}).`, { type: 'integer', minimum: 1, maximum: max, default: fallback }),
  query('offset', 'How many items to skip.', { type: 'integer', minimum: 0, default: 0 }),
];
/** The fields of every listed article. */
const ARTICLE_SUMMARY: Record<string, Schema> = {
  id: int,
  slug: str(),
  title: str(),
  excerpt: str(),
  imageUrl: nullable(str()),
  imageAlt: str('The lead image’s alt text; empty when none was given.'),
  imageCaption: str(),
  imageCredit: str(),
  author: str(),
  categoryId: int,
  category: ref('Category'),
  featured: bool,
  publishedAt: dateTime,
  updatedAt: dateTime,
};

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    description: 'Every error: a message, and for invalid input the messages of each field.',
    properties: { message: str(), errors: { type: 'object', additionalProperties: arrayOf(str()) } },
    required: ['message'],
  },
  Category: obj({ id: int, name: str(), slug: str() }),
  // `image` comes only with a media library lead image.
  ArticleSummary: obj({ ...ARTICLE_SUMMARY, image: ref('ResponsiveImage') }, Object.keys(ARTICLE_SUMMARY)),
  Article: {
    allOf: [ref('ArticleSummary'), obj({ content: str('Sanitized HTML.') })],
  },
  ResponsiveImage: {
    ...obj({
      src: str('The original.'),
      width: int,
      height: int,
      avifSrcset: str('`srcset` of the AVIF copies.'),
      webpSrcset: str('`srcset` of the WebP copies.'),
      cardSrc: str('The WebP copy nearest 960 pixels wide.'),
    }),
    description: 'A media library image: its original and resized copies.',
  },
  ArticleListItem: {
    description: 'An Article; with `fields=summary` without `content`; with `snippet=true` and `q` also `snippet`.',
    allOf: [ref('ArticleSummary'), { type: 'object', properties: { content: str(), snippet: str('The matched passage, matches in <mark>.') } }],
  },
  ArticleInput: obj(
    {
      title: str(),
      slug: str(),
      excerpt: str(),
      content: str('HTML, sanitized on the server.'),
      imageUrl: str('An http(s) address or a path on this site, such as a media library original (`/media/…/original.jpg`).'),
      imageAlt: str('Required with a media library image.'),
      imageCaption: str(),
      imageCredit: str(),
      author: str(),
      categoryId: int,
      featured: bool,
      status: { type: 'string', enum: ['draft', 'published'] },
      publishedAt: dateTime,
    },
    ['title', 'slug', 'excerpt', 'content', 'author', 'categoryId'],
  ),
  Comment: obj({ id: int, articleId: int, authorName: str(), content: str(), approved: bool, createdAt: dateTime }),
  CommentInput: obj({ authorName: str(), authorEmail: { type: 'string', format: 'email' }, content: str() }),
  ContactInput: obj({ name: str(), email: { type: 'string', format: 'email' }, company: str(), subject: str(), category: str(), message: str() }, [
    'name',
    'email',
    'subject',
    'category',
    'message',
  ]),
  MarketDataItem: obj(
    {
      id: int,
      slug: str(),
      name: str(),
      value: str('The value with its unit sign, e.g. "$72.50".'),
      change: str('Percent change against the previous observation, e.g. "+1.25%".'),
      changeType: { type: 'string', enum: ['positive', 'negative', 'neutral'] },
      unit: str(),
      asOf: date,
      frequency: { type: 'string', enum: ['daily', 'weekly', 'monthly'] },
      sample: bool,
      series: str('The EIA series id, once imported.'),
      changePeriod: str('What the change is measured against, e.g. "vs previous day".'),
      stale: { type: 'boolean', description: "The latest observation is older than the series' cadence allows." },
      source: str('"Source: U.S. Energy Information Administration, series RWTC", or "Illustrative sample".'),
    },
    ['id', 'slug', 'name', 'value', 'changeType', 'unit', 'asOf', 'frequency', 'sample', 'changePeriod', 'stale', 'source'],
  ),
  AnalyticsContent: obj({
    id: int,
    title: str(),
    type: { type: 'string', enum: ['chart', 'dashboard', 'report', 'insight'] },
    content: str(),
    metadata: { type: 'object' },
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  Report: obj(
    {
      kind: { type: 'string', enum: [...REPORT_KINDS] },
      title: str(),
      subtitle: str(),
      notes: arrayOf(str()),
      source: str(),
      series: {
        ...arrayOf(obj({ slug: str(), name: str() }, ['slug', 'name'])),
        description: 'The stored series it draws (their pages are /markets/{slug}).',
      },
      chart: { type: 'object' },
      table: obj({
        columns: arrayOf(str()),
        rows: arrayOf(arrayOf({ type: ['string', 'number', 'null'] })),
        decimals: arrayOf({ type: ['integer', 'null'] }),
      }),
      filename: str(),
    },
    ['kind', 'title', 'source', 'chart', 'table', 'filename'],
  ),
  Observation: obj({ period: date, value: num }),
  Series: obj({
    slug: { type: 'string', enum: SERIES_SLUGS, description: 'The series (more may be stored).' },
    name: str(),
    description: str(),
    unit: str('e.g. "$/bbl", "thousand bbl", "Bcf".'),
    frequency: { type: 'string', enum: ['daily', 'weekly', 'monthly'] },
    decimals: int,
    latest: { oneOf: [ref('Observation'), { type: 'null' }] },
    change: {
      oneOf: [obj({ value: num, percent: nullable(num), period: str('e.g. "vs previous week".') }), { type: 'null' }],
      description: 'The latest value against the previous observation.',
    },
    stale: { type: 'boolean', description: 'The latest observation is older than `staleAfterDays`.' },
    staleAfterDays: int,
    source: obj({
      sample: { type: 'boolean', description: 'Seeded illustrative history, not EIA figures.' },
      eiaSeries: str('The EIA series id, e.g. "RWTC".'),
      text: str('The source line to show with the figures.'),
    }),
    page: str('The series page on this site.'),
    api: str('This API address of its history.'),
  }),
  SeriesHistory: obj({
    series: ref('Series'),
    start: nullable(date),
    end: nullable(date),
    observations: arrayOf(ref('Observation')),
  }),
};

// Series slugs are listed for the reader; the document keeps `string` so a new series needs no change here.
(schemas['Series'] as { properties: Record<string, Schema> }).properties['slug'] = { type: 'string', description: `e.g. ${SERIES_SLUGS.join(', ')}` };

const paths: Record<string, Record<string, Operation>> = {
  '/api/articles': {
    get: {
      tags: ['Articles'],
      operationId: 'listArticles',
      summary: 'Published articles',
      description: 'Newest first, or by relevance with `q`.',
      parameters: [
        query('category', 'A category slug.', str()),
        query('featured', 'Only featured stories.', { type: 'string', enum: ['true', 'false'] }),
        query('q', 'Full-text search.', str()),
        query('fields', '`summary` leaves out `content`.', { type: 'string', enum: ['full', 'summary'], default: 'full' }),
        query('snippet', "With `q`: add each match's passage.", { type: 'string', enum: ['true', 'false'] }),
        ...limitOffset(100, 20),
      ],
      responses: {
        '200': { description: 'A page of articles.', headers: totalHeader, content: json(arrayOf(ref('ArticleListItem'))) },
        '400': error('Invalid query parameters.'),
      },
    },
    post: {
      tags: ['Admin'],
      operationId: 'createArticle',
      summary: 'Create an article',
      security: adminOnly,
      requestBody: { required: true, content: json(ref('ArticleInput')) },
      responses: {
        '201': { description: 'The article.', content: json(ref('Article')) },
        '400': error('Invalid input.'),
        '401': error('Not signed in.'),
        '409': error('The slug is taken.'),
      },
    },
  },
  '/api/articles/{slug}': {
    get: {
      tags: ['Articles'],
      operationId: 'getArticle',
      summary: 'One published article',
      parameters: [path('slug', 'The article slug (the admin may also use its id).')],
      responses: { '200': { description: 'The article.', content: json(ref('Article')) }, '404': error('No such article.') },
    },
    patch: {
      tags: ['Admin'],
      operationId: 'updateArticle',
      summary: 'Update an article (by id)',
      security: adminOnly,
      parameters: [path('slug', 'The article id.')],
      requestBody: { required: true, content: json({ type: 'object' }) },
      responses: {
        '200': { description: 'The article.', content: json(ref('Article')) },
        '401': error('Not signed in.'),
        '404': error('No such article.'),
      },
    },
    delete: {
      tags: ['Admin'],
      operationId: 'deleteArticle',
      summary: 'Delete an article (by id)',
      security: adminOnly,
      parameters: [path('slug', 'The article id.')],
      responses: { '204': { description: 'Deleted.' }, '401': error('Not signed in.'), '404': error('No such article.') },
    },
  },
  '/api/articles/{articleId}/comments': {
    get: {
      tags: ['Comments'],
      operationId: 'listComments',
      summary: 'Approved comments, oldest first',
      parameters: [
        path('articleId', 'The article id.', int),
        query('limit', 'How many of the newest (1-100, default 50).', { type: 'integer', minimum: 1, maximum: 100 }),
        query('before', 'A comment id: the comments older than it.', int),
      ],
      responses: {
        '200': { description: 'Comments.', headers: totalHeader, content: json(arrayOf(ref('Comment'))) },
        '404': error('No such article.'),
      },
    },
    post: {
      tags: ['Comments'],
      operationId: 'createComment',
      summary: 'Submit a comment (held for moderation)',
      description: 'JSON only; 1 per 15 s and 10 per hour per address.',
      parameters: [path('articleId', 'The article id.', int)],
      requestBody: { required: true, content: json(ref('CommentInput')) },
      responses: {
        '201': { description: 'The pending comment.', content: json(ref('Comment')) },
        '400': error('Invalid input, with field messages.'),
        '404': error('No such article.'),
        '413': error('Body too large.'),
        '415': error('Not JSON.'),
        '429': rateLimited,
      },
    },
  },
  '/api/contact': {
    post: {
      tags: ['Contact'],
      operationId: 'sendContactMessage',
      summary: 'Send a message to the editors',
      description: 'JSON only; 5 per hour per address.',
      requestBody: { required: true, content: json(ref('ContactInput')) },
      responses: {
        '201': { description: 'Stored.', content: json(obj({ id: int, createdAt: dateTime })) },
        '400': error('Invalid input, with field messages.'),
        '413': error('Body too large.'),
        '415': error('Not JSON.'),
        '429': rateLimited,
      },
    },
  },
  '/api/newsletter/subscribe': {
    post: {
      tags: ['Newsletter'],
      operationId: 'subscribeToNewsletter',
      summary: 'Subscribe (a confirmation link is mailed)',
      description: 'JSON only, from the site’s own pages; limited per client and per e-mail address. Known and new addresses get the same answer.',
      requestBody: {
        required: true,
        content: json(
          obj(
            {
              email: { type: 'string', format: 'email' },
              dailyBriefing: bool,
              weeklyRoundup: bool,
              priceAlerts: bool,
              topics: arrayOf(str('A category slug.')),
            },
            ['email'],
          ),
        ),
      },
      responses: {
        '202': { description: 'A confirmation link is on its way.', content: json(obj({ message: str() })) },
        '400': error('Invalid input, with field messages.'),
        '413': error('Body too large.'),
        '415': error('Not JSON.'),
        '429': rateLimited,
      },
    },
  },
  '/api/newsletter/preferences': {
    post: {
      tags: ['Newsletter'],
      operationId: 'saveNewsletterPreferences',
      summary: 'Save a reader’s choices, topics and price alerts',
      description:
        'The `token` of the reader’s preferences link authorizes (no sign-in). The alerts replace the stored ones: at most 20, on the market series, `above`/`below` a value in the series’ unit or a `move` of more than `value` percent.',
      requestBody: {
        required: true,
        content: json(
          obj({
            token: str(),
            dailyBriefing: bool,
            weeklyRoundup: bool,
            priceAlerts: bool,
            topics: arrayOf(str('A category slug.')),
            alerts: arrayOf(obj({ seriesSlug: str(), kind: { type: 'string', enum: ['above', 'below', 'move'] }, value: num })),
          }),
        ),
      },
      responses: {
        '200': { description: 'Saved.', content: json(obj({ message: str(), preferences: { type: 'object' } })) },
        '400': error('Invalid input, with field messages.'),
        '404': error('Unknown preferences link.'),
        '409': error('The address is unsubscribed.'),
        '415': error('Not JSON.'),
      },
    },
  },
  '/api/categories': {
    get: {
      tags: ['Articles'],
      operationId: 'listCategories',
      summary: 'Categories',
      responses: { '200': { description: 'Every category.', content: json(arrayOf(ref('Category'))) } },
    },
  },
  '/api/analytics': {
    get: {
      tags: ['Analytics'],
      operationId: 'getCategoryStats',
      summary: 'Published articles per category',
      responses: {
        '200': { description: 'Counts.', content: json(obj({ categoryStats: arrayOf(obj({ category: str(), count: int })) })) },
      },
    },
  },
  '/api/market-data': {
    get: {
      tags: ['Market data'],
      operationId: 'listMarketData',
      summary: 'The market figures of the cards',
      description: 'Value, change, unit, as-of date and source of the listed series. `/api/series` has every series.',
      responses: { '200': { description: 'Figures.', content: json(arrayOf(ref('MarketDataItem'))) } },
    },
  },
  '/api/analytics-content': {
    get: {
      tags: ['Analytics'],
      operationId: 'listAnalyticsContent',
      summary: 'Published analysis items, newest first',
      parameters: limitOffset(100, 50),
      responses: { '200': { description: 'A page of items.', headers: totalHeader, content: json(arrayOf(ref('AnalyticsContent'))) } },
    },
    post: {
      tags: ['Admin'],
      operationId: 'createAnalyticsContent',
      summary: 'Create an analysis item',
      security: adminOnly,
      requestBody: {
        required: true,
        content: json(
          obj(
            {
              title: str(),
              type: { type: 'string', enum: ['chart', 'dashboard', 'report', 'insight'] },
              content: str(),
              metadata: { type: 'object' },
            },
            ['title', 'type', 'content'],
          ),
        ),
      },
      responses: {
        '201': { description: 'The item.', content: json(ref('AnalyticsContent')) },
        '400': error('Invalid input.'),
        '401': error('Not signed in.'),
      },
    },
  },
  '/api/analytics-content/{id}': {
    patch: {
      tags: ['Admin'],
      operationId: 'updateAnalyticsContent',
      summary: 'Update an analysis item',
      security: adminOnly,
      parameters: [path('id', 'The item id.', int)],
      requestBody: { required: true, content: json({ type: 'object' }) },
      responses: {
        '200': { description: 'The item.', content: json(ref('AnalyticsContent')) },
        '401': error('Not signed in.'),
        '404': error('No such item.'),
      },
    },
    delete: {
      tags: ['Admin'],
      operationId: 'deleteAnalyticsContent',
      summary: 'Delete an analysis item',
      security: adminOnly,
      parameters: [path('id', 'The item id.', int)],
      responses: { '204': { description: 'Deleted.' }, '401': error('Not signed in.'), '404': error('No such item.') },
    },
  },
  '/api/reports/{kind}': {
    get: {
      tags: ['Analytics'],
      operationId: 'getReport',
      summary: 'A report: chart data and table',
      description: 'Price Analysis, Market Share, Regional Data or a custom report, each with its own parameters (see the Reports tab).',
      parameters: [
        path('kind', 'The report.', { type: 'string', enum: [...REPORT_KINDS] }),
        query('format', '`csv` for the CSV download.', { type: 'string', enum: ['json', 'csv'], default: 'json' }),
      ],
      responses: {
        '200': { description: 'The report.', content: { ...json(ref('Report')), 'text/csv': { schema: str() } } },
        '400': error('Invalid query parameters.'),
        '404': error('Unknown report.'),
      },
    },
  },
  '/api/zoho/config': {
    get: {
      tags: ['Analytics'],
      operationId: 'getZohoConfig',
      summary: 'Whether Zoho Analytics is configured',
      description: 'The administrator also gets the non-secret fields.',
      responses: {
        '200': { description: 'The flag.', content: json({ type: 'object', properties: { configured: bool }, required: ['configured'] }) },
      },
    },
  },
  '/api/zoho/dashboard-data': {
    get: {
      tags: ['Analytics'],
      operationId: 'getEnergyMix',
      summary: 'The US energy mix',
      responses: {
        '200': { description: 'Shares by source.', content: json(obj({ energyMix: arrayOf(obj({ source: str(), percentage: num })) })) },
      },
    },
  },
  '/api/zoho/test-connection': {
    post: {
      tags: ['Admin'],
      operationId: 'testZohoConnection',
      summary: 'Test the stored Zoho credentials',
      security: adminOnly,
      responses: {
        '200': { description: 'Connected.', content: json({ type: 'object' }) },
        '400': error('Zoho Analytics is not configured yet.'),
        '401': error('Not signed in.'),
        '502': error('Zoho refused.'),
      },
    },
  },
  '/api/admin/login': {
    post: {
      tags: ['Admin'],
      operationId: 'login',
      summary: 'Sign in',
      description:
        'Sets the session cookie. Five failed tries per address and user name, then a growing wait; at most 20 failed tries per address in 15 minutes over all user names.',
      requestBody: {
        required: true,
        content: json(obj({ username: str(), password: str(), code: str('Two-factor code, when turned on.') }, ['username', 'password'])),
      },
      responses: {
        '200': { description: 'Signed in.', content: json({ type: 'object' }) },
        '400': error('Invalid input, with field messages.'),
        '401': error('Invalid credentials.'),
        '429': rateLimited,
      },
    },
  },
  '/api/admin/check': {
    get: {
      tags: ['Admin'],
      operationId: 'checkSession',
      summary: 'Whether the session is signed in',
      responses: {
        '200': { description: 'The flag.', content: json({ type: 'object', properties: { authenticated: bool }, required: ['authenticated'] }) },
      },
    },
  },
  '/api/admin/logout': {
    post: {
      tags: ['Admin'],
      operationId: 'logout',
      summary: 'Sign out (ends the session, if there is one)',
      responses: { '200': { description: 'Signed out.' }, '204': { description: 'Signed out.' } },
    },
  },
  '/api/admin/comments': {
    get: {
      tags: ['Admin'],
      operationId: 'listModerationComments',
      summary: 'Comments for moderation, pending first',
      security: adminOnly,
      responses: { '200': { description: 'A page of comments.', content: json({ type: 'object' }) }, '401': error('Not signed in.') },
    },
  },
  '/api/admin/comments/{id}/approve': {
    patch: {
      tags: ['Admin'],
      operationId: 'approveComment',
      summary: 'Approve a comment',
      security: adminOnly,
      parameters: [path('id', 'The comment id.', int)],
      responses: {
        '200': { description: 'The comment.', content: json({ type: 'object' }) },
        '401': error('Not signed in.'),
        '404': error('No such comment.'),
      },
    },
  },
  '/api/admin/comments/{id}': {
    delete: {
      tags: ['Admin'],
      operationId: 'deleteComment',
      summary: 'Delete a comment',
      security: adminOnly,
      parameters: [path('id', 'The comment id.', int)],
      responses: { '204': { description: 'Deleted.' }, '401': error('Not signed in.'), '404': error('No such comment.') },
    },
  },
  '/api/admin/zoho-config': {
    post: {
      tags: ['Admin'],
      operationId: 'saveZohoConfig',
      summary: 'Save the Zoho Analytics configuration',
      security: adminOnly,
      requestBody: {
        required: true,
        content: json(
          obj(
            {
              workspaceId: str(),
              clientId: str(),
              clientSecret: str(),
              refreshToken: str(),
              dataCentre: str(),
              energyDashboardUrl: str(),
              marketDashboardUrl: str(),
              regionalDashboardUrl: str(),
              forecastDashboardUrl: str(),
            },
            ['workspaceId', 'clientId'],
          ),
        ),
      },
      responses: {
        '200': { description: 'Saved.', content: json({ type: 'object' }) },
        '400': error('Invalid input.'),
        '401': error('Not signed in.'),
      },
    },
  },
  '/api/series': {
    get: {
      tags: ['Data API'],
      operationId: 'listSeries',
      summary: 'Every market series with its latest value',
      description:
        'Latest value and period, change against the previous observation, unit, cadence, source and whether it is stale. Public; rate limited per address.',
      parameters: limitOffset(100, 100),
      responses: {
        '200': { description: 'The series, in display order.', headers: { ...totalHeader, ...cacheHeaders }, content: json(arrayOf(ref('Series'))) },
        '304': { description: 'Unchanged since the ETag sent in If-None-Match.' },
        '400': error('Invalid query parameters.'),
        '429': rateLimited,
      },
    },
  },
  '/api/series/{slug}': {
    get: {
      tags: ['Data API'],
      operationId: 'getSeries',
      summary: "A series' observations",
      description:
        'Observations from `start` to `end` (both optional and inclusive), oldest first, as JSON or CSV (`period,value (unit)` header row). At most 10,000 observations per answer; narrow a wider range. Public; rate limited per address.',
      parameters: [
        path('slug', `The series: ${SERIES_SLUGS.join(', ')}.`),
        query('start', 'First date, YYYY-MM-DD (YYYY-MM for a month).', date),
        query('end', 'Last date, YYYY-MM-DD (YYYY-MM for a month).', date),
        query('format', "The answer's format.", { type: 'string', enum: ['json', 'csv'], default: 'json' }),
      ],
      responses: {
        '200': {
          description: 'The observations.',
          headers: cacheHeaders,
          content: { ...json(ref('SeriesHistory')), 'text/csv': { schema: str('A header row, then one `period,value` row per observation.') } },
        },
        '304': { description: 'Unchanged since the ETag sent in If-None-Match.' },
        '400': error('Invalid dates or format, start after end, or too many observations.'),
        '404': error('No such series.'),
        '429': rateLimited,
      },
    },
  },
  '/api/openapi.json': {
    get: {
      tags: ['Data API'],
      operationId: 'getOpenApi',
      summary: 'This document',
      responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) } },
    },
  },
};

/** The document, for a server at `site` (the configured SITE_URL). */
export function openApiDocument(site: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'EnergyPulse API',
      version: '1.0.0',
      description:
        'Public JSON reads of EnergyPulse: articles, comments, market figures, reports, and the market data API (`/api/series`). Errors are `{"message", "errors"?}` with a fitting status; a wrong method is a 405 with `Allow`. Calls tagged Admin need the administrator\'s session cookie. Readable at /api/docs.',
    },
    servers: [{ url: site }],
    tags: [
      { name: 'Data API', description: 'Market series: latest values and history, JSON or CSV.' },
      { name: 'Market data', description: "The figures of the site's market cards." },
      { name: 'Articles', description: 'News articles and categories.' },
      { name: 'Comments', description: 'Reader comments.' },
      { name: 'Contact', description: 'Messages to the editors.' },
      { name: 'Newsletter', description: 'Subscriptions (double opt-in) and a reader’s preferences.' },
      { name: 'Analytics', description: 'Counts, reports, analysis items and the energy mix.' },
      { name: 'Admin', description: "Calls that need the administrator's session." },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The session cookie set by POST /api/admin/login.' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
export type { Operation as OpenApiOperation };
