// The OpenAPI 3.1 description of the site's API, assembled from each domain's own part: every
// domain declares its operations (summary, parameters, answers, rate limits) beside its services,
// in src/server/services/<domain>/<domain>.openapi.ts, with the words of src/server/api-operations.ts.
// Every schema in it is generated (src/server/api-document.ts) from the zod schemas the routes
// parse with (src/lib/validation) and the shapes they answer with (src/lib/wire); the roles of each
// staff call come from src/server/auth/route-permissions.ts.
// tests/api/openapi.test.ts checks that it describes every route, lints it with Redocly's
// recommended rules and calls every operation, signed out and signed in, against it.
import * as z from '@/lib/validation/zod-mini';
import { buildPaths, type DocumentOperation } from '@/server/api-document';
import { TAG, cacheHeaders, mergePaths, notModified, ok, open, type DomainPaths } from '@/server/api-operations';
import { analyticsPaths } from '@/server/services/analytics/analytics.openapi';
import { articlePaths } from '@/server/services/articles/articles.openapi';
import { revisionWatchPaths } from '@/server/services/articles/revision-watch.openapi';
import { sessionPaths } from '@/server/services/auth/auth.openapi';
import { calendarPaths } from '@/server/services/calendar/calendar.openapi';
import { chartPaths } from '@/server/services/charts/charts.openapi';
import { commentPaths } from '@/server/services/comments/comments.openapi';
import { contactPaths } from '@/server/services/contact/contact.openapi';
import { gridPaths } from '@/server/services/grid/grid.openapi';
import { mailPaths } from '@/server/services/mail/mail.openapi';
import { marketPaths } from '@/server/services/markets/markets.openapi';
import { annotationPaths } from '@/server/services/markets/annotations.openapi';
import { catalogPaths } from '@/server/services/markets/catalog.openapi';
import { mediaPaths } from '@/server/services/media/media.openapi';
import { newsletterPaths } from '@/server/services/newsletter/newsletter.openapi';
import { readershipPaths } from '@/server/services/readership/readership.openapi';
import { sitePaths } from '@/server/services/site/site.openapi';
import { staffPaths } from '@/server/services/staff/staff.openapi';
import { statePaths } from '@/server/services/states/states.openapi';

/** This document's own address. */
const documentPaths: DomainPaths = {
  '/api/openapi.json': {
    get: open([TAG.data], {
      operationId: 'getOpenApi',
      summary: 'This document',
      responses: { '200': ok('OpenAPI 3.1.', z.record(z.string(), z.unknown()), { headers: cacheHeaders }), '304': notModified },
    }),
  },
};

/** Every domain's paths: the public ones first, then the staff's. */
const specs = mergePaths(
  articlePaths,
  commentPaths,
  contactPaths,
  readershipPaths,
  newsletterPaths,
  analyticsPaths,
  marketPaths,
  chartPaths,
  annotationPaths,
  gridPaths,
  statePaths,
  documentPaths,
  sessionPaths,
  staffPaths,
  sitePaths,
  mailPaths,
  mediaPaths,
  calendarPaths,
  catalogPaths,
  revisionWatchPaths,
);

const TAGS = [
  { name: TAG.data, description: 'Market series, the live grid and state electricity prices: latest values and history, JSON or CSV.' },
  { name: TAG.market, description: "The figures of the site's market cards." },
  { name: TAG.articles, description: 'News articles and categories.' },
  { name: TAG.comments, description: 'Reader comments.' },
  { name: TAG.contact, description: 'Messages to the editors.' },
  { name: TAG.newsletter, description: 'Subscriptions (double opt-in) and a reader’s preferences.' },
  { name: TAG.analytics, description: 'Counts, reports, analysis items and the energy mix.' },
  { name: TAG.readership, description: 'Page views counted without cookies or personal data.' },
  { name: TAG.adminSession, description: 'Signing in and out, invitations and password resets, one’s own account, sessions and two-factor sign-in.' },
  { name: TAG.adminStaff, description: 'Staff accounts, roles and invitations, and the audit trail. Owners only.' },
  {
    name: TAG.adminArticles,
    description:
      'The newsroom: articles, their history, autosaves and corrections, authors and topics. Needs a staff session whose role may (see each call’s 403).',
  },
  {
    name: TAG.adminReaders,
    description:
      'Comments, contact messages, newsletter subscribers, the mail the site sends and readership figures. Needs a staff session whose role may (see each call’s 403).',
  },
  {
    name: TAG.adminData,
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
