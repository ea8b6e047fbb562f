// Readership without cookies: the inline script that reports one view of an article page, and
// the campaign tags the site's own mails put on their links. Self-contained (no imports), so
// astro.config.mjs can hash the script for the Content-Security-Policy.

/** Where the beacon reports a view. */
export const VIEWS_PATH = '/api/views';

/** The campaign tags of a link in one of the site's mails: `utm_source`, `utm_medium`, `utm_campaign`. */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** `utm_source` of every link in the site's mails: only links with it report a campaign. */
export const MAIL_CAMPAIGN_SOURCE = 'energypulse';

/** `utm_medium` of every link in the site's mails. */
export const MAIL_CAMPAIGN_MEDIUM = 'email';

/** The longest campaign name the beacon sends (the server knows its mails' names; others count without one). */
export const CAMPAIGN_MAX_LENGTH = 40;

/**
 * A link of a mail, tagged with its campaign (`campaign` names the edition): the link's own
 * query and fragment stay. Article pages are cached without these parameters
 * (`pageAddress` in src/server/cache/routes.ts), so a tagged link is answered from the cache.
 */
export function campaignLink(href: string, campaign: string): string {
  const url = new URL(href);
  url.searchParams.set('utm_source', MAIL_CAMPAIGN_SOURCE);
  url.searchParams.set('utm_medium', MAIL_CAMPAIGN_MEDIUM);
  url.searchParams.set('utm_campaign', campaign);
  return url.href;
}

/**
 * The inline script at the end of every page: on a page with `data-view-article` (a public
 * article; never a preview), once the page has loaded, it sends one view with
 * `navigator.sendBeacon`: the article's id, the referring site's host (never the address;
 * none for the site's own pages or no referrer) and the campaign of a mail's link. No cookie,
 * no storage, no third party; a page restored from the back/forward cache does not send again.
 * Its SHA-256 is allowed by the Content-Security-Policy (astro.config.mjs).
 */
export const VIEW_BEACON_SCRIPT = `(function(){var e=document.querySelector('[data-view-article]');if(!e||!navigator.sendBeacon)return;function s(){var b={article:Number(e.getAttribute('data-view-article'))},q=new URLSearchParams(location.search),r='';try{r=document.referrer?new URL(document.referrer).hostname:''}catch(x){}if(r&&r!==location.hostname)b.referrer=r.slice(0,253);if(q.get('utm_source')==='${MAIL_CAMPAIGN_SOURCE}'&&q.get('utm_medium')==='${MAIL_CAMPAIGN_MEDIUM}'&&q.get('utm_campaign'))b.campaign=q.get('utm_campaign').slice(0,${CAMPAIGN_MAX_LENGTH});navigator.sendBeacon('${VIEWS_PATH}',new Blob([JSON.stringify(b)],{type:'application/json'}))}if(document.readyState==='complete')s();else addEventListener('load',s)})();`;
