// Every staff call, by method and route pattern, with the one capability it needs
// (src/lib/staff/permissions.ts says which roles have it). The middleware refuses a staff
// call missing here (403), so a new admin route is closed until it is listed; a unit test
// checks this table against the route files, and the matrix test calls each entry as each role.
// What depends on the article (an author's own or not, a draft or published) the article
// service checks on top.
import { CAPABILITIES, type Capability, type Role } from '@/lib/staff/permissions';

export const ROUTE_CAPABILITIES: Readonly<Record<string, Capability>> = {
  'GET /admin': 'account',
  'GET /api/admin/counts': 'account',
  'GET /api/admin/account': 'account',
  'PATCH /api/admin/account': 'account',
  'GET /api/admin/account/sessions': 'account',
  'DELETE /api/admin/account/sessions/[id]': 'account',
  'GET /api/admin/totp': 'account',
  'POST /api/admin/totp/[action]': 'account',

  'POST /api/articles': 'writeArticles',
  'PATCH /api/articles/[key]': 'writeArticles',
  'DELETE /api/articles/[key]': 'writeArticles',
  'GET /api/admin/articles': 'writeArticles',
  'GET /api/admin/catalog': 'writeArticles',
  'GET /api/admin/catalog/figure': 'writeArticles',
  'GET /api/admin/articles/[id]': 'writeArticles',
  'POST /api/admin/articles/[id]/preview': 'writeArticles',
  'DELETE /api/admin/articles/[id]/preview': 'writeArticles',
  'GET /api/admin/articles/[id]/revisions': 'writeArticles',
  'GET /api/admin/articles/[id]/revisions/[revisionId]': 'writeArticles',
  'POST /api/admin/articles/[id]/revisions/[revisionId]/restore': 'writeArticles',
  'GET /api/admin/articles/[id]/notes': 'writeArticles',
  'POST /api/admin/articles/[id]/notes': 'writeArticles',
  'POST /api/admin/articles/[id]/review': 'writeArticles',
  'GET /api/admin/autosaves/[key]': 'writeArticles',
  'PUT /api/admin/autosaves/[key]': 'writeArticles',
  'DELETE /api/admin/autosaves/[key]': 'writeArticles',
  'GET /api/admin/categories': 'writeArticles',
  'GET /api/admin/authors': 'writeArticles',
  'GET /api/admin/authors/[id]': 'writeArticles',
  'GET /api/admin/revision-notices': 'writeArticles',

  'GET /api/admin/articles/[id]/corrections': 'correctArticles',
  'POST /api/admin/articles/[id]/corrections': 'correctArticles',
  'PATCH /api/admin/articles/[id]/corrections/[correctionId]': 'correctArticles',
  'DELETE /api/admin/articles/[id]/corrections/[correctionId]': 'correctArticles',
  'POST /api/admin/revision-notices/[id]/draft': 'correctArticles',
  'POST /api/admin/revision-notices/[id]/correction': 'correctArticles',

  'GET /api/admin/media': 'browseMedia',
  'GET /api/admin/media/[id]': 'browseMedia',
  'POST /api/admin/media': 'uploadMedia',
  'PATCH /api/admin/media/[id]': 'uploadMedia',
  'DELETE /api/admin/media/[id]': 'uploadMedia',

  'PATCH /api/admin/categories/[id]': 'manageTopics',
  'POST /api/admin/authors': 'manageAuthors',
  'PATCH /api/admin/authors/[id]': 'manageAuthors',
  'DELETE /api/admin/authors/[id]': 'manageAuthors',
  'GET /api/admin/analytics-content': 'manageAnalytics',
  'POST /api/analytics-content': 'manageAnalytics',
  'PATCH /api/analytics-content/[id]': 'manageAnalytics',
  'DELETE /api/analytics-content/[id]': 'manageAnalytics',
  'GET /api/admin/comments': 'moderateComments',
  'GET /api/admin/comments/[id]': 'moderateComments',
  'DELETE /api/admin/comments/[id]': 'moderateComments',
  'PATCH /api/admin/comments/[id]/approve': 'moderateComments',
  'POST /api/admin/comments/bulk': 'moderateComments',
  'GET /api/admin/messages': 'readMessages',
  'GET /api/admin/messages/[id]': 'readMessages',
  'PATCH /api/admin/messages/[id]': 'readMessages',
  'DELETE /api/admin/messages/[id]': 'readMessages',
  'POST /api/admin/messages/bulk': 'readMessages',
  'GET /api/admin/subscribers': 'manageSubscribers',
  'DELETE /api/admin/subscribers/[id]': 'manageSubscribers',
  'GET /api/admin/subscribers/export.csv': 'manageSubscribers',
  'GET /api/admin/newsletter/preview': 'sendNewsletter',
  'POST /api/admin/newsletter/test': 'sendNewsletter',
  'GET /api/admin/calendar-events': 'manageCalendar',
  'POST /api/admin/calendar-events': 'manageCalendar',
  'PATCH /api/admin/calendar-events/[id]': 'manageCalendar',
  'DELETE /api/admin/calendar-events/[id]': 'manageCalendar',
  'GET /api/admin/market-data': 'manageMarketData',
  'POST /api/admin/market-data/refresh': 'manageMarketData',
  'GET /api/admin/release-changes': 'manageMarketData',
  'PUT /api/admin/release-changes/[releaseId]': 'manageMarketData',
  'DELETE /api/admin/release-changes/[releaseId]': 'manageMarketData',
  'GET /api/admin/annotations': 'manageMarketData',
  'POST /api/admin/annotations': 'manageMarketData',
  'PATCH /api/admin/annotations/[id]': 'manageMarketData',
  'DELETE /api/admin/annotations/[id]': 'manageMarketData',

  'GET /api/admin/zoho-config': 'manageZoho',
  'POST /api/admin/zoho-config': 'manageZoho',
  'POST /api/zoho/test-connection': 'manageZoho',
  'GET /api/admin/outbox': 'manageMail',
  'GET /api/admin/outbox/[id]': 'manageMail',
  'GET /api/admin/staff': 'manageStaff',
  'POST /api/admin/staff/invitations': 'manageStaff',
  'DELETE /api/admin/staff/invitations/[id]': 'manageStaff',
  'PATCH /api/admin/staff/[id]': 'manageStaff',
  'POST /api/admin/staff/password-resets': 'manageStaff',
  'GET /api/admin/audit': 'readAudit',
  'GET /api/admin/readership': 'readReadership',
};

/**
 * The staff calls whose answers carry readers' personal data, and the fields that hold it: at
 * any depth of a JSON answer, or a CSV answer's columns of those names. A role without
 * `readPersonalData` gets these answers without those fields, whatever capability lets it make
 * the call (src/middleware.ts applies `personalDataOf`; tests/api/permissions-matrix.test.ts
 * walks it, and tests/unit/route-permissions.test.ts checks that every answer the API document
 * gives a reader's e-mail field is listed).
 */
export const PERSONAL_DATA_ANSWERS: Readonly<Record<string, readonly string[]>> = {
  'GET /api/admin/comments': ['authorEmail'],
  'GET /api/admin/comments/[id]': ['authorEmail'],
  'GET /api/admin/messages': ['email'],
  'GET /api/admin/messages/[id]': ['email'],
  'GET /api/admin/subscribers': ['email'],
  'GET /api/admin/subscribers/export.csv': ['email'],
  'GET /api/admin/outbox': ['to'],
  'GET /api/admin/outbox/[id]': ['to'],
};

/**
 * The personal-data fields to leave out of this call's answer for this role: none when the
 * role has `readPersonalData` (by `capabilities`, the one table unless a test asks what
 * another would do) or the answer carries none.
 */
export function personalDataOf(
  role: Role,
  method: string,
  routePattern: string,
  capabilities: Record<Capability, readonly Role[]> = CAPABILITIES,
): readonly string[] {
  const key = `${method === 'HEAD' ? 'GET' : method} ${routePattern}`;
  if (!Object.hasOwn(PERSONAL_DATA_ANSWERS, key) || capabilities.readPersonalData.includes(role)) return [];
  return PERSONAL_DATA_ANSWERS[key] ?? [];
}

/** The capability a staff call needs, or undefined when the call is not listed (refused). */
export function capabilityFor(method: string, routePattern: string): Capability | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${routePattern}`;
  return Object.hasOwn(ROUTE_CAPABILITIES, key) ? ROUTE_CAPABILITIES[key] : undefined;
}
