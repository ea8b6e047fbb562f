import type { APIContext, AstroGlobal } from 'astro';
import { UnauthorizedError } from '@/server/errors';
import type { SessionUser } from '@/server/auth/session';

/**
 * Route patterns only the administrator may use, whatever the method: the panel, every
 * `/api/admin/*` route but signing in and out (so a new admin route cannot be left open by
 * forgetting it here), and the Zoho connection test.
 */
const ADMIN_PAGES = new Set(['/admin', '/api/zoho/test-connection']);
const OPEN_ADMIN_API = new Set(['/api/admin/login', '/api/admin/check', '/api/admin/logout']);
const isAdminRoute = (routePattern: string) =>
  ADMIN_PAGES.has(routePattern) || (routePattern.startsWith('/api/admin/') && !OPEN_ADMIN_API.has(routePattern));

/** Routes whose reads are public and whose writes need the administrator. */
export const ADMIN_WRITE_ROUTES = new Set(['/api/articles', '/api/articles/[key]', '/api/analytics-content', '/api/analytics-content/[id]']);

/** Routes that read the session without requiring it. */
export const SESSION_AWARE_ROUTES = new Set(['/api/admin/check', '/api/admin/logout', '/api/zoho/config']);

/**
 * What a request to this route pattern needs of the session: `required` (the administrator
 * only), `optional` (read it when there is one) or `none`.
 */
export function sessionNeed(routePattern: string, method: string): 'required' | 'optional' | 'none' {
  if (isAdminRoute(routePattern)) return 'required';
  if (ADMIN_WRITE_ROUTES.has(routePattern) && !['GET', 'HEAD', 'OPTIONS'].includes(method)) return 'required';
  return SESSION_AWARE_ROUTES.has(routePattern) ? 'optional' : 'none';
}

/** The signed-in administrator, or a 401: every admin endpoint asserts it again itself. */
export function requireAdmin(context: Pick<APIContext, 'locals'> | Pick<AstroGlobal, 'locals'>): SessionUser {
  const user = context.locals.user;
  if (!user) throw new UnauthorizedError();
  return user;
}
