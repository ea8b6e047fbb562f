import { dayTime, nthWeekday } from '../catalog/days.ts';

/**
 * What readers and editors add to a live site, as samples, so a fresh install shows the
 * moderation queue, the Messages tab, a correction and the editors' calendar events at work. Every name says
 * "(sample)" and every address is at example.com, so nobody takes them for real people.
 */

/** A sample comment under a seeded article (by slug), some hours after it was published. */
export interface SeedComment {
  article: string;
  authorName: string;
  authorEmail: string;
  content: string;
  approved: boolean;
  hoursAfter: number;
}

export const seedComments: SeedComment[] = [
  {
    article: 'permian-output-holds-near-record-as-rig-count-slips',
    authorName: 'Casey Morgan (sample)',
    authorEmail: 'casey.morgan@example.com',
    content:
      'Three-mile laterals explain most of it. The number to watch is Waha: until the new pipes are in service, more associated gas just means a deeper discount.',
    approved: true,
    hoursAfter: 3,
  },
  {
    article: 'permian-output-holds-near-record-as-rig-count-slips',
    authorName: 'Jamie Ortiz (sample)',
    authorEmail: 'jamie.ortiz@example.com',
    content: 'Flat spending with flat output is a good year for shareholders. Curious whether service costs keep falling into next year.',
    approved: true,
    hoursAfter: 7,
  },
  {
    article: 'permian-output-holds-near-record-as-rig-count-slips',
    authorName: 'Riley Chen (sample)',
    authorEmail: 'riley.chen@example.com',
    content: 'Would be good to see the weekly EIA production estimate next to the rig count in a chart. Any chance of that?',
    approved: false,
    hoursAfter: 12,
  },
  {
    article: 'henry-hub-futures-climb-on-early-winter-demand',
    authorName: 'Drew Patel (sample)',
    authorEmail: 'drew.patel@example.com',
    content: 'An early first withdrawal does not make a tight winter. The storage surplus is still there; one mild week and this rally is gone.',
    approved: true,
    hoursAfter: 5,
  },
  {
    article: 'pjm-capacity-auction-prices-jump',
    authorName: 'Avery Brooks (sample)',
    authorEmail: 'avery.brooks@example.com',
    content: 'Ready projects sitting in the queue would have cleared at a fraction of this price. Interconnection is the real bottleneck here.',
    approved: true,
    hoursAfter: 9,
  },
  {
    article: 'offshore-wind-lease-sale-draws-record-bids',
    authorName: 'Quinn Harper (sample)',
    authorEmail: 'quinn.harper@example.com',
    content: 'How many of these lease areas have a port that can actually stage the foundations? That seems to be the next constraint.',
    approved: false,
    hoursAfter: 20,
  },
  {
    article: 'ferc-interconnection-rule-first-compliance-results',
    authorName: 'Morgan Lee (sample)',
    authorEmail: 'morgan.lee@example.com',
    content: 'Cluster studies help, but our project still waited 14 months for its first study results. Faster than before, not fast.',
    approved: false,
    hoursAfter: 30,
  },
];

/** One sample message to the editors, a day old, not yet handled. */
export const seedContactMessage = {
  name: 'Avery Collins (sample)',
  email: 'avery.collins@example.com',
  company: 'Example Analytics (sample)',
  subject: 'Licensing your market charts',
  category: 'business',
  message:
    'Hello, we publish a weekly energy newsletter and would like to license two of your market charts. Who should we talk to? (A sample message, seeded with the site so the Messages tab has one to show.)',
  hoursAgo: 26,
};

/** A sample correction of a seeded article (by slug), some hours after it was published, so the corrections page shows one at work. */
export const seedCorrection = {
  article: 'gulf-coast-refiners-post-strong-margins-into-q4',
  text: 'An earlier version of this article put Gulf Coast refinery utilization back above 95 percent; it climbed back above 90 percent. (A sample correction, seeded with the site.)',
  hoursAfter: 20,
};

/** A sample event on the editors' calendar: on a weekday of a coming month, at a US Eastern hour. */
export interface SeedCalendarEvent {
  title: string;
  kind: 'opec' | 'ferc';
  /** Which day: the nth given weekday (0 Sunday … 6 Saturday) of the month `monthsAhead` from now. */
  day: { monthsAhead: number; nth: number; weekday: number };
  /** US Eastern hours of the start and end. */
  hours: [number, number];
  location: string;
  url: string;
}

export const seedCalendarEvents: SeedCalendarEvent[] = [
  {
    title: 'OPEC+ ministerial meeting (sample event)',
    kind: 'opec',
    day: { monthsAhead: 1, nth: 1, weekday: 0 },
    hours: [6, 8],
    location: 'Online',
    url: 'https://www.opec.org/',
  },
  {
    title: 'FERC open meeting (sample event)',
    kind: 'ferc',
    day: { monthsAhead: 1, nth: 3, weekday: 4 },
    hours: [10, 12],
    location: 'Washington, DC',
    url: 'https://www.ferc.gov/news-events/events',
  },
];

/**
 * The instant US Eastern clocks show `hour`:00 on the nth weekday of the month `monthsAhead`
 * after `now`'s (the zone's offset is read from Intl at noon UTC that day, after any clock change).
 */
export function easternEventTime(now: Date, day: SeedCalendarEvent['day'], hour: number): Date {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + day.monthsAhead, 1));
  const noon = dayTime(nthWeekday(month.getUTCFullYear(), month.getUTCMonth() + 1, day.weekday, day.nth)) + 12 * 3_600_000;
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((part) => part.type === 'timeZoneName')?.value;
  const [, sign = '-', hours = '05', minutes = '00'] = /GMT([+-])(\d{2}):(\d{2})/.exec(zone ?? '') ?? [];
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  return new Date(noon + (hour - 12) * 3_600_000 - offsetMs);
}
