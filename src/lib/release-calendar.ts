import { daysBetween, federalHolidays, holidayOn, type Holiday } from '@db/catalog/days';
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import { RELEASE_KINDS, RELEASES, releaseDaysBetween, type ReleaseDay, type ReleaseFacts, type ReleaseKind } from '@db/catalog/releases';
import { SITE_TIME_ZONE } from '@/lib/format';
import { zonedTime } from '@/lib/zoned-time';

/**
 * EIA's recurring releases as the calendar shows them: the rules (`@db/catalog/releases`,
 * where they are written down with the holidays that move them), each release's instant, and
 * the series each one updates, which the market-series catalog names (a series lists its
 * releases; a release's list is derived from that).
 */
export { daysBetween, federalHolidays, holidayOn, RELEASE_KINDS, type Holiday, type ReleaseKind };

/** A stored series a release updates: its page is `/markets/{slug}`. */
export interface ReleaseSeries {
  slug: string;
  label: string;
}

export interface ReleaseRule extends ReleaseFacts {
  /** The series whose new figures it publishes, in the catalog's order. */
  series: readonly ReleaseSeries[];
}

/**
 * The series a release updates: those whose catalog entry lists it. Futures contracts are left
 * out of the list: they come with the spot prices the same release lists, whose pages chart them.
 */
function seriesUpdatedBy(kind: ReleaseKind): ReleaseSeries[] {
  return (MARKET_SERIES as readonly MarketSeriesFacts[])
    .filter((s) => s.releases.includes(kind) && s.outlook?.kind !== 'futures')
    .map((s) => ({ slug: s.slug, label: s.shortName }));
}

/** Each release's facts and the series it updates. */
export const RELEASE_RULES: Readonly<Record<ReleaseKind, ReleaseRule>> = (() => {
  const rules = {} as Record<ReleaseKind, ReleaseRule>;
  for (const kind of RELEASE_KINDS) rules[kind] = { ...RELEASES[kind], series: seriesUpdatedBy(kind) };
  return rules;
})();

/** One release on the calendar, with the instant it comes out. */
export interface Release extends ReleaseDay {
  startsAt: Date;
}

/**
 * Every release that comes out from `from` to `to` (US Eastern days, both included), in time
 * order. Bounded by its window: about 20 releases a month.
 */
export function releasesBetween(from: string, to: string): Release[] {
  return releaseDaysBetween(from, to).map((r) => ({ ...r, startsAt: zonedTime(r.day, r.time, SITE_TIME_ZONE) }));
}
