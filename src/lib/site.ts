import { TOPICS } from '@db/constants';

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

/**
 * Stands for the public contact address (`CONTACT_EMAIL`) in prerendered pages, which are built
 * before it is known; the server puts the configured address in its place as it does the site's.
 */
export const CONTACT_EMAIL_PLACEHOLDER = 'contact-email@placeholder.invalid';
export const LEGAL_EFFECTIVE_DATE = 'June 12, 2025';

/** The Google News sitemap's address, named by the sitemap index and robots.txt. */
export const NEWS_SITEMAP_PATH = '/sitemaps/news.xml';

/** The header's links (and the mobile menu's first ones). */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/news', label: 'News' },
  { href: '/markets', label: 'Markets' },
  { href: '/calendar', label: 'Calendar' },
  { href: '/analytics', label: 'Analytics' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
] as const;

/** The topic pages, as the footer and the mobile menu link to them. */
export const TOPIC_LINKS = TOPICS.map((t) => ({ href: `/category/${t.slug}`, label: t.name }));

/** The newsletter's sign-up page. */
export const NEWSLETTER_LINK = { href: '/newsletter', label: 'Newsletter' } as const;

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
