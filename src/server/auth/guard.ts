import type { APIContext, AstroGlobal } from 'astro';
import { can } from '@/lib/staff/permissions';
import { ForbiddenError, UnauthorizedError } from '@/server/errors';
import type { SessionUser } from '@/server/auth/session';
import { capabilityFor } from '@/server/auth/route-permissions';

/**
 * Route patterns only staff may use, whatever the method: the panel, every `/api/admin/*`
 * route but signing in and out and the calls of someone without a session yet (accepting an
 * invitation, resetting a password), so a new admin route cannot be left open by forgetting
 * it here, and the Zoho connection test. Which staff may: `staffMayCall`.
 */
const ADMIN_PAGES = new Set(['/admin', '/api/zoho/test-connection']);
const OPEN_ADMIN_API = new Set([
  '/api/admin/login',
  '/api/admin/check',
  '/api/admin/logout',
  '/api/admin/invitations/accept',
  '/api/admin/password-reset',
  '/api/admin/password-reset/confirm',
]);
const isAdminRoute = (routePattern: string) =>
  ADMIN_PAGES.has(routePattern) || (routePattern.startsWith('/api/admin/') && !OPEN_ADMIN_API.has(routePattern));

/** Routes whose reads are public and whose writes need staff. */
export const ADMIN_WRITE_ROUTES = new Set(['/api/articles', '/api/articles/[key]', '/api/analytics-content', '/api/analytics-content/[id]']);

/** Routes that read the session without requiring it. */
export const SESSION_AWARE_ROUTES = new Set(['/api/admin/check', '/api/admin/logout', '/api/zoho/config']);

/**
 * What a request to this route pattern needs of the session: `required` (staff only, and
 * then `staffMayCall` decides by role), `optional` (read it when there is one) or `none`.
 */
export function sessionNeed(routePattern: string, method: string): 'required' | 'optional' | 'none' {
  if (isAdminRoute(routePattern)) return 'required';
  if (ADMIN_WRITE_ROUTES.has(routePattern) && !['GET', 'HEAD', 'OPTIONS'].includes(method)) return 'required';
  return SESSION_AWARE_ROUTES.has(routePattern) ? 'optional' : 'none';
}

/**
 * Whether this staff member's role may make this call (by method and route pattern): the
 * capability the call needs (src/server/auth/route-permissions.ts), or false for a call not
 * listed there, so an admin route nobody gave a capability stays closed.
 */
export function staffMayCall(user: SessionUser, method: string, routePattern: string): boolean {
  const capability = capabilityFor(method, routePattern);
  return capability !== undefined && can(user.role, capability);
}

/** The signed-in staff member, or a 401: every admin endpoint asserts it again itself. */
export function requireStaff(context: Pick<APIContext, 'locals'> | Pick<AstroGlobal, 'locals'>): SessionUser {
  const user = context.locals.user;
  if (!user) throw new UnauthorizedError();
  return user;
}

/** A 403 unless the signed-in staff member's role has the capability (checks inside a call, beside the route's own). */
export function assertCan(user: SessionUser, capability: Parameters<typeof can>[1]): void {
  if (!can(user.role, capability)) throw new ForbiddenError();
}
