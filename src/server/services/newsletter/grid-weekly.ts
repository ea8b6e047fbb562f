// The grid weekly: the week on the US grid as EIA's hourly grid monitor reports it (each region's
// highest hour of demand against its record, its average and where its power came from) and the
// week's stories of the Utilities topic (power companies and grid operators), to the readers who
// chose it, on the catalog's schedule.
import { FUELS } from '@db/catalog/fuels';
import { GRID_REGIONS, LOWER_48, type GridRegion } from '@db/catalog/grid';
import type { TopicSlug } from '@db/constants';
import { DEMAND_RECORD_HISTORY_DAYS } from '@/lib/data-alerts';
import { formatLongDate, truncateAtWord } from '@/lib/format';
import { formatGigawatts, formatHourBothZones, gridPagePath, localDayOfHour } from '@/lib/grid-format';
import { MAIL_EDITIONS } from '@/lib/mail-editions';
import { formatAsOf, formatNumber } from '@/lib/market-format';
import { SITE_NAME } from '@/lib/site';
import { appConfig } from '@/server/config';
import { listArticlesPublishedBetween } from '@/server/queries/articles';
import { earliestGridHour, gridDemandRecord, listGridHours, sumGridFuels } from '@/server/queries/grid';
import type { MailItem, MailSection } from '@/server/services/mail/layout';
import { articleItem, sendNewsletter, type EditionContent, type Newsletter } from '@/server/services/newsletter/briefing';
import { storiesMailData } from '@/server/services/newsletter/story-mail';

const DAY_MS = 24 * 3_600_000;

/** The topic whose stories the grid weekly lists: power companies and grid operators. */
const GRID_TOPIC: TopicSlug = 'utilities';
/** Stories it lists at most (featured first). */
const MAX_STORIES = 10;

/** Fuels counted as renewable (hydro, geothermal, wind, solar), by their EIA-930 code. */
const RENEWABLE_FUELS: ReadonlySet<string> = new Set(FUELS.flatMap((f) => (f.renewable && f.grid ? [f.grid] : [])));
const fuelName = (code: string) => FUELS.find((f) => f.grid === code)?.label ?? code;

/** A region's week: its highest hour, its average demand, its record before the week and its fuel mix. */
export interface RegionWeek {
  region: GridRegion;
  peak: { period: Date; demand: number };
  average: number;
  /** The highest demand stored before the week, the first hour stored, and whether a year of history stands behind it. */
  record: { period: Date; demand: number; since: Date; established: boolean } | undefined;
  /** The largest source's name and share, and the renewables' share of what was generated (percent). */
  mix: { largest: { name: string; share: number }; renewables: number } | undefined;
  /** The newest hour with demand in the week. */
  newest: Date;
  sample: boolean;
}

/** Each region's week (`after`, `until`], the Lower 48 first; a region with no hour of demand in it is left out. */
export async function gridWeekOf(after: Date, until: Date): Promise<RegionWeek[]> {
  const weeks = await Promise.all(
    GRID_REGIONS.map(async (region): Promise<RegionWeek | undefined> => {
      const [hours, fuels, record, earliest] = await Promise.all([
        listGridHours(region.code, new Date(after.getTime() + 1), until),
        sumGridFuels(region.code, after, until),
        gridDemandRecord(region.code, after),
        earliestGridHour(region.code),
      ]);
      const withDemand = hours.flatMap((h) => (h.demand === null ? [] : [{ period: h.period, demand: h.demand }]));
      const first = withDemand[0];
      const last = withDemand.at(-1);
      if (!first || !last) return undefined;
      const peak = withDemand.reduce((best, h) => (h.demand > best.demand ? h : best), first);
      const generated = fuels.reduce((sum, f) => sum + Math.max(0, f.total), 0);
      const largest = fuels.reduce((best, f) => (f.total > best.total ? f : best), fuels[0] ?? { fuel: '', total: 0 });
      const renewable = fuels.reduce((sum, f) => sum + (RENEWABLE_FUELS.has(f.fuel) ? Math.max(0, f.total) : 0), 0);
      return {
        region,
        peak,
        average: withDemand.reduce((sum, h) => sum + h.demand, 0) / withDemand.length,
        record: record && {
          ...record,
          since: earliest ?? record.period,
          established: earliest !== undefined && peak.period.getTime() - earliest.getTime() >= DEMAND_RECORD_HISTORY_DAYS * DAY_MS,
        },
        mix:
          generated > 0
            ? {
                largest: { name: fuelName(largest.fuel), share: (Math.max(0, largest.total) / generated) * 100 },
                renewables: (renewable / generated) * 100,
              }
            : undefined,
        newest: last.period,
        sample: hours.some((h) => h.sample),
      };
    }),
  );
  return weeks.filter((w): w is RegionWeek => w !== undefined);
}

const percent = (share: number) => `${formatNumber(share, 0)}%`;

/** Whether the week's peak beat a record with a year of history behind it. */
const setRecord = (w: RegionWeek) => w.record !== undefined && w.record.established && w.peak.demand > w.record.demand;

/** A region's week as an entry: its peak (and when), its average, against its record, and its mix. */
function regionItem(w: RegionWeek, site: string): MailItem {
  const { region, record, mix } = w;
  const dayOf = (hour: Date) => formatAsOf(localDayOfHour(hour, region.timeZone), 'daily');
  const share = record && percent((w.peak.demand / record.demand) * 100);
  const against = !record
    ? undefined
    : setRecord(w)
      ? `A demand record: above the ${formatGigawatts(record.demand)} of ${dayOf(record.period)}.`
      : record.established
        ? `${share} of its record, ${formatGigawatts(record.demand)} on ${dayOf(record.period)}.`
        : // Less than a year of hours stored (a new install, a region added): its highest is no record.
          `${share} of the highest hour stored since ${dayOf(record.since)}, ${formatGigawatts(record.demand)} on ${dayOf(record.period)}: less than a year of figures, so no record.`;
  const sources = mix && `${mix.largest.name} made ${percent(mix.largest.share)} of its power, renewables ${percent(mix.renewables)}.`;
  return {
    title: `${region.name}: peak ${formatGigawatts(w.peak.demand)}`,
    href: `${site}${gridPagePath(region.code)}`,
    meta: `In the hour ending ${formatHourBothZones(w.peak.period, region)} · average ${formatGigawatts(w.average)}`,
    body: [against, sources].filter(Boolean).join(' '),
  };
}

/** The week's grid figures as a section, with where they come from (or that they are the seeded sample) and how recent they are. */
function gridSection(weeks: readonly RegionWeek[], site: string): MailSection {
  const lower48 = GRID_REGIONS.find((r) => r.code === LOWER_48) ?? GRID_REGIONS[0];
  const newest = weeks.reduce<Date | undefined>((n, w) => (!n || w.newest > n ? w.newest : n), undefined);
  const missing = GRID_REGIONS.filter((r) => !weeks.some((w) => w.region.code === r.code)).map((r) => r.name);
  const note = [
    weeks.some((w) => w.sample)
      ? 'Illustrative sample: a seeded week, not EIA figures.'
      : 'Source: U.S. Energy Information Administration, Hourly Electric Grid Monitor (Form EIA-930).',
    newest && lower48 ? `Hours through the one ending ${formatHourBothZones(newest, lower48)}.` : undefined,
    missing.length > 0 ? `No figures this week for ${missing.join(', ')}.` : undefined,
  ];
  return {
    heading: 'The grid this week',
    items: weeks.length > 0 ? weeks.map((w) => regionItem(w, site)) : [{ title: 'No grid figures arrived this week.' }],
    note: note.filter(Boolean).join(' '),
  };
}

/** The grid weekly covering (`from`, `until`]: the regions' week and the week's Utilities stories. */
export async function composeGridWeekly(from: Date, until: Date): Promise<EditionContent> {
  const site = appConfig().siteUrl;
  const [weeks, stories] = await Promise.all([
    gridWeekOf(from, until),
    listArticlesPublishedBetween(from, until, MAX_STORIES + 1, { featuredFirst: true, topic: GRID_TOPIC }),
  ]);
  const shown = stories.slice(0, MAX_STORIES);
  const data = await storiesMailData(shown.map((a) => a.id));
  const topicName = shown[0]?.categoryName ?? 'Utilities';
  const sections: MailSection[] = [gridSection(weeks, site)];
  if (shown.length > 0) sections.push({ heading: `${topicName} this week`, items: shown.map((a) => articleItem(a, site, false, data.get(a.id))) });
  const records = weeks.filter(setRecord).map((w) => w.region.name);
  const lower48 = weeks.find((w) => w.region.code === LOWER_48);
  const date = formatLongDate(until);
  const title = `Your ${SITE_NAME} ${MAIL_EDITIONS.grid.name}, ${date}`;
  const storiesText =
    shown.length === 0 ? 'no new Utilities stories' : shown.length === 1 ? 'one Utilities story' : `${shown.length} Utilities stories`;
  return {
    subject:
      records.length > 0
        ? `${MAIL_EDITIONS.grid.label}: demand ${records.length === 1 ? 'record' : 'records'} in ${truncateAtWord(records.join(', '), 80)}`
        : lower48
          ? `${MAIL_EDITIONS.grid.label}: Lower 48 demand peaked at ${formatGigawatts(lower48.peak.demand)}`
          : title,
    document: {
      title,
      intro: `The week on the US grid to ${date}: each region’s highest hour of demand against its record, and where its power came from; and ${storiesText}.`,
      sections,
      outro: stories.length > MAX_STORIES ? { text: `More ${topicName} stories`, href: `${site}/category/${GRID_TOPIC}` } : undefined,
    },
    inlineImages: [...new Map([...data.values()].flatMap((d) => (d.chart ? [[d.chart.inline.cid, d.chart.inline] as const] : []))).values()],
  };
}

/** The grid weekly as `sendNewsletter` sends it: the first edition looks back a week. */
const GRID_WEEKLY: Newsletter = { edition: MAIL_EDITIONS.grid, key: 'mailing:grid-weekly', firstLookBackMs: 7 * DAY_MS, compose: composeGridWeekly };

/** Sends (queues) this week's grid weekly to every active reader who chose it, once (see `sendNewsletter`). */
export function sendGridWeekly(options: { now: Date; signal?: AbortSignal | undefined; batchSize?: number }): Promise<string> {
  return sendNewsletter(GRID_WEEKLY, options);
}
