/** Milliseconds of each unit a relative time is said in, and where the next unit takes over. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;

const relative = new Intl.RelativeTimeFormat('en-US');

/**
 * "3 days ago": a publish time relative to now, rounded to the nearest minute, hour, day,
 * month or year; under a minute, "just now". Pages are cached until their content changes,
 * so the server writes the absolute date and the browser says it this way: the page's inline
 * `RELATIVE_TIME_SCRIPT` for server-rendered times, this function inside islands. The two
 * agree (tests/unit/format.test.ts runs the script against this function).
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const ago = now.getTime() - new Date(date).getTime();
  if (ago < MINUTE) return 'just now';
  const minutes = Math.round(ago / MINUTE);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(ago / HOUR);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.round(ago / DAY);
  if (days < 30) return relative.format(-days, 'day');
  const months = Math.round(ago / MONTH);
  if (months < 12) return relative.format(-months, 'month');
  return relative.format(-Math.max(1, Math.round(ago / YEAR)), 'year');
}

/**
 * The inline script at the end of every page's body: writes each `<time data-relative>` as
 * `formatRelativeTime` would ("3 hours ago"), so a cached page never goes out of date by the
 * minute. Its SHA-256 is allowed by the Content-Security-Policy (astro.config.mjs): it must
 * stay byte-for-byte as it is hashed.
 */
export const RELATIVE_TIME_SCRIPT = `(function(){var m=6e4,h=36e5,d=864e5,f=new Intl.RelativeTimeFormat('en-US'),n=Date.now(),t=document.querySelectorAll('time[data-relative]');for(var i=0;i<t.length;i++){var a=n-Date.parse(t[i].getAttribute('datetime')),s;if(!(a>=0))continue;if(a<m)s='just now';else if(Math.round(a/m)<60)s=f.format(-Math.round(a/m),'minute');else if(Math.round(a/h)<24)s=f.format(-Math.round(a/h),'hour');else if(Math.round(a/d)<30)s=f.format(-Math.round(a/d),'day');else if(Math.round(a/(30.4375*d))<12)s=f.format(-Math.round(a/(30.4375*d)),'month');else s=f.format(-Math.max(1,Math.round(a/(365.25*d))),'year');t[i].textContent=s}})();`;
