import { releasesBetween, type Release } from '@/lib/release-calendar';
import { SITE_TIME_ZONE } from '@/lib/format';
import { addDays, zonedParts } from '@/lib/zoned-time';
import { defaultEiaRoutes } from '../fakes/eia.ts';

const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A natural-gas storage release out by `now`, and the fake EIA's answers before and with its week. */
export interface StorageRelease {
  /** The newest storage release that is out. */
  release: Release;
  /** The week it reports. */
  week: string;
  /** The fake EIA's routes with Lower 48 storage up to the week before the release's. */
  routes: Map<string, Record<string, unknown>[]>;
  /** The release's week (3,950 Bcf, a record): push it to `natural-gas/stor/wkly` for the next import. */
  released: Record<string, unknown>;
}

/**
 * The release desk's storage week (#33), for the API and the browser tests: six years of Lower 48
 * storage by Friday up to the week before the newest release out: the same week of each of the
 * five years before holds 3,500 to 3,900 Bcf (average 3,700), the week before it 3,920, every
 * other week less; the release's week (3,950 Bcf, a record) comes with the next import. So its
 * brief says "rises 30 Bcf to 3,950 Bcf, a record high", above the five-year range 3,500 to 3,900.
 */
export function storageRelease(now = Date.now()): StorageRelease {
  const today = zonedParts(new Date(now), SITE_TIME_ZONE).day;
  const release = releasesBetween(addDays(today, -8), today)
    .filter((r) => r.kind === 'storage' && r.startsAt.getTime() <= now)
    .at(-1)!;
  const week = release.period!;
  const end = Date.parse(`${week}T00:00:00Z`);
  const valueOf = (t: number): number => {
    const weeksBack = Math.round((end - t) / (7 * DAY));
    if (weeksBack === 1) return 3920;
    if (weeksBack % 52 === 0 && weeksBack >= 52 && weeksBack <= 260) return 3500 + (weeksBack / 52 - 1) * 100;
    return 2000 + (weeksBack % 40) * 25;
  };
  const routes = defaultEiaRoutes(now);
  const storage = routes.get('natural-gas/stor/wkly')!;
  const lower48 = storage.find((r) => r['duoarea'] === 'R48')!;
  const before: Record<string, unknown>[] = [];
  for (let t = end - 6 * 52 * 7 * DAY; t < end; t += 7 * DAY) before.push({ ...lower48, period: dayOf(t), value: String(valueOf(t)) });
  routes.set('natural-gas/stor/wkly', [...storage.filter((r) => r['duoarea'] !== 'R48'), ...before]);
  return { release, week, routes, released: { ...lower48, period: week, value: '3950' } };
}
