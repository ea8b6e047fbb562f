import { CONTACT_EMAIL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@/lib/site';
import type { AppConfig } from '@/server/config';

/**
 * A prerendered page as this server shows it: the configured site address and public contact
 * address in place of the placeholders the build wrote (see `src/lib/site.ts`). Both were
 * checked at start (a URL, an e-mail address), so they go into the HTML as they are.
 */
export function fillSitePlaceholders(html: string, config: Pick<AppConfig, 'siteUrl' | 'contactEmail'>): string {
  return html.replaceAll(SITE_URL_PLACEHOLDER, config.siteUrl).replaceAll(CONTACT_EMAIL_PLACEHOLDER, config.contactEmail);
}
