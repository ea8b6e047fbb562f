/** Site-wide constants shown on pages. */
export const SITE_NAME = 'EnergyPulse';
export const SITE_TAGLINE = 'Energy Market Intelligence';
export const SITE_DESCRIPTION =
  'News, market data and analytics for the US energy industry: oil and gas, power, renewables, nuclear, coal and policy.';
/**
 * Stands for the site's address in prerendered pages, which are built before `SITE_URL`
 * is known; the server puts the configured address in its place when it loads them.
 */
export const SITE_URL_PLACEHOLDER = 'https://site-url.invalid';

export const CONTACT_EMAIL = 'editors@energypulse.example';
export const LEGAL_EFFECTIVE_DATE = 'June 12, 2025';

export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/news', label: 'News' },
  { href: '/markets', label: 'Markets' },
  { href: '/analytics', label: 'Analytics' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
] as const;

/** A nav link is active when the path is it or lies below it; Home only on "/". */
export function isActiveLink(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** An image for a page's head (link previews): its address and what `og:image:*` says of it. */
export interface PageImage {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
  alt?: string | undefined;
}
