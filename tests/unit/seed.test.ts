import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeNewIndexes, migrateDatabase } from '@db/migrate';
import {
  articles,
  calendarEvents,
  categories,
  comments,
  contactMessages,
  corrections,
  energyMix,
  marketObservations,
  marketSeries,
  analyticsContent,
} from '@db/schema';
import { seedDatabase } from '@db/seed';
import { seedArticles, seedAuthors, seedImages, seedImageUrl, type SeedImage } from '@db/seed/articles-data';
import { loadSampleMedia, readSampleMediaManifest } from '@db/seed/sample-media';
import { zonedParts } from '@/lib/zoned-time';
import { variantWidths } from '@/server/services/media/library';
import { addDays, federalHolidays, isBusinessDay, weekday } from '@db/catalog/days';
import { MARKET_SERIES, type MarketSeriesFacts, type MarketSeriesSlug } from '@db/catalog/market-series';
import { latestReleasedPeriod } from '@db/catalog/releases';
import { easternDay, sampleMarketHistory, type Observation } from '@db/seed/market-model';
import { seedAnalyticsContent } from '@db/seed/market-data';
import { sampleRetailPrices } from '@db/seed/retail-data';
import { sampleRetailSales } from '@db/seed/retail-sales-data';
import { useMigratedDatabase } from '../helpers/database.ts';

describe('migrations and seed', () => {
  const database = useMigratedDatabase('seed', seedDatabase);

  const counts = async () => {
    const db = database.db;
    const one = async (
      table: Parameters<typeof db.select>[0] extends never
        ? never
        : typeof articles | typeof categories | typeof marketSeries | typeof marketObservations | typeof energyMix | typeof analyticsContent,
    ) => (await db.select({ n: count() }).from(table))[0]?.n;
    return {
      categories: await one(categories),
      articles: await one(articles),
      series: await one(marketSeries),
      observations: await one(marketObservations),
      mix: await one(energyMix),
      analytics: await one(analyticsContent),
      comments: (await db.select({ n: count() }).from(comments))[0]?.n,
      messages: (await db.select({ n: count() }).from(contactMessages))[0]?.n,
      events: (await db.select({ n: count() }).from(calendarEvents))[0]?.n,
    };
  };

  it('fills a real publication: six categories, 30+ articles over months, market history, the mix and analytics of each type', async () => {
    const c = await counts();
    expect(c.categories).toBe(6);
    expect(c.articles).toBeGreaterThanOrEqual(30);
    expect(c.series).toBeGreaterThanOrEqual(5);
    expect(c.observations).toBeGreaterThan(1000);
    expect(c.mix).toBe(4);
    const types = new Set((await database.db.select({ type: analyticsContent.type }).from(analyticsContent)).map((r) => r.type));
    expect([...types].sort()).toEqual(['chart', 'dashboard', 'insight', 'report']);
    const dates = (await database.db.select({ at: articles.publishedAt }).from(articles)).map((r) => r.at.getTime());
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(90 * 86_400_000);
    const bodies = await database.db.select({ content: articles.content, image: articles.imageUrl }).from(articles);
    for (const b of bodies) {
      expect(b.content.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(b.image).toMatch(/^\/images\//);
    }
  });

  it('stores every catalog series from the market model: Brent over WTI on each stored day, no weekend prices', async () => {
    const db = database.db;
    const stored = await db.select().from(marketSeries).orderBy(marketSeries.sortOrder);
    expect(stored.map((s) => s.slug)).toEqual(MARKET_SERIES.map((s) => s.slug));
    expect(stored.every((s) => s.source === 'seed')).toBe(true);
    const series = async (slug: string) => {
      const id = stored.find((s) => s.slug === slug)?.id ?? -1;
      return db.select().from(marketObservations).where(eq(marketObservations.seriesId, id));
    };
    const wti = new Map((await series('wti')).map((o) => [o.period, o.value]));
    const brent = await series('brent');
    expect(brent.length).toBe(wti.size);
    expect(brent.filter((o) => !(o.value - (wti.get(o.period) ?? Number.NaN) >= 1))).toEqual([]);
    expect([...wti.keys()].filter((p) => weekday(p) === 0 || weekday(p) === 6)).toEqual([]);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    await seedDatabase(database.db);
    await migrateDatabase(database.db);
    expect(await counts()).toEqual(before);
  });

  it('gives every article to an author whose beat it is', () => {
    const beats = new Map<string, readonly string[]>(seedAuthors.map((a) => [a.name, a.beats]));
    const offBeat = seedArticles.filter((a) => !beats.get(a.author)?.includes(a.category)).map((a) => `${a.author}: ${a.slug} (${a.category})`);
    expect(offBeat).toEqual([]);
    // Everyone writes, and the reporters of one topic write only that topic.
    expect(new Set(seedArticles.map((a) => a.author)).size).toBe(seedAuthors.length);
    for (const author of seedAuthors.filter((a) => a.beats.length === 1)) {
      expect(new Set(seedArticles.filter((a) => a.author === author.name).map((a) => a.category))).toEqual(new Set(author.beats));
    }
  });

  it('seeds sample comments, a correction, a message and an OPEC+ and a FERC meeting, each marked as a sample, on a fresh install', async () => {
    const stored = await database.db.select().from(comments);
    const [correction, ...more] = await database.db.select().from(corrections);
    expect(more).toEqual([]);
    expect(correction?.text).toMatch(/\(A sample correction, seeded with the site\.\)$/);
    const [corrected] = await database.db
      .select()
      .from(articles)
      .where(eq(articles.id, correction?.articleId ?? 0));
    expect(correction?.createdAt.getTime()).toBeGreaterThan(corrected?.publishedAt.getTime() ?? Infinity);
    expect(correction?.createdAt.getTime()).toBeLessThan(Date.now());
    expect(stored.filter((c) => c.approved).length).toBeGreaterThanOrEqual(2);
    expect(stored.filter((c) => !c.approved).length).toBeGreaterThanOrEqual(2);
    const [message] = await database.db.select().from(contactMessages);
    expect(message).toMatchObject({ handled: false });
    const events = await database.db.select().from(calendarEvents);
    expect(events.map((e) => e.kind).sort()).toEqual(['ferc', 'opec']);
    for (const name of [...stored.map((c) => c.authorName), message?.name ?? '', ...events.map((e) => e.title)])
      expect(name).toMatch(/\(sample( event)?\)/);
    for (const email of [...stored.map((c) => c.authorEmail), message?.email ?? '']) expect(email).toMatch(/@example\.com$/);
    // Comments come after their article and before now; the meetings lie ahead, at their usual Eastern times.
    const publishedAt = new Map((await database.db.select().from(articles)).map((a) => [a.id, a.publishedAt.getTime()]));
    for (const c of stored) {
      expect(c.createdAt.getTime()).toBeGreaterThan(publishedAt.get(c.articleId) ?? Infinity);
      expect(c.createdAt.getTime()).toBeLessThan(Date.now());
    }
    const ferc = events.find((e) => e.kind === 'ferc');
    const opec = events.find((e) => e.kind === 'opec');
    expect(ferc && zonedParts(ferc.startsAt, 'America/New_York').time).toBe('10:00');
    expect(ferc?.startsAt.getUTCDay()).toBe(4);
    expect(opec && new Date(zonedParts(opec.startsAt, 'America/New_York').day).getUTCDay()).toBe(0);
    for (const e of events) {
      expect(e.startsAt.getTime()).toBeGreaterThan(Date.now());
      expect(e.endsAt?.getTime()).toBeGreaterThan(e.startsAt.getTime());
    }
  });

  it('adds no samples to a site that already has its articles, whatever its other tables hold', async () => {
    await database.db.delete(comments);
    await database.db.delete(corrections);
    await database.db.delete(calendarEvents);
    await seedDatabase(database.db);
    expect(await database.db.select().from(comments)).toEqual([]);
    expect(await database.db.select().from(corrections)).toEqual([]);
    expect(await database.db.select().from(calendarEvents)).toEqual([]);
  });

  it('shows each seeded article with its illustration and the illustration’s alt text', async () => {
    const rows = await database.db.select({ slug: articles.slug, imageUrl: articles.imageUrl, imageAlt: articles.imageAlt }).from(articles);
    for (const a of seedArticles) {
      expect(rows.find((r) => r.slug === a.slug)).toMatchObject({ imageUrl: seedImageUrl(a.image), imageAlt: seedImages[a.image] });
    }
  });

  it('keeps the media library copies of every illustration, made from the illustration as it is now', async () => {
    const manifest = readSampleMediaManifest();
    for (const name of Object.keys(seedImages) as SeedImage[]) {
      const source = readFileSync(new URL(`../../public${seedImageUrl(name)}`, import.meta.url));
      // A changed illustration needs new copies: npm run media:samples.
      expect(manifest[name]?.source, name).toBe(createHash('sha256').update(source).digest('hex'));
    }
    for (const image of loadSampleMedia()) {
      expect(image.key).toMatch(/^\d{4}\/\d{2}\/[a-z0-9]{12}$/);
      expect(image.variants).toEqual(variantWidths(image.width));
      const original = await sharp(image.files[0]?.data).metadata();
      expect(original).toMatchObject({ format: 'jpeg', width: image.width, height: image.height });
      for (const file of image.files.slice(1)) {
        const meta = await sharp(file.data).metadata();
        expect(meta.width, `${image.name}/${file.name}`).toBe(Number(file.name.split('.')[0]));
        expect(meta.format).toBe(file.name.endsWith('.avif') ? 'heif' : 'webp');
      }
    }
  });

  it('indexes article text for full-text search', async () => {
    const result = await database.client.execute("SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH 'transformer*'");
    expect(Number(result.rows[0]?.['n'])).toBeGreaterThan(0);
  });

  it('analyzes an index added after the tables were analyzed, so the planner never misjudges its table', async () => {
    const client = database.client;
    await client.execute('ANALYZE');
    await client.execute("DELETE FROM sqlite_stat1 WHERE idx = 'articles_status_author_idx'");
    await client.execute('CREATE INDEX zz_never_analyzed ON articles (excerpt)');
    expect((await analyzeNewIndexes(database.db)).sort()).toEqual(['articles_status_author_idx', 'zz_never_analyzed']);
    const stats = await client.execute("SELECT idx FROM sqlite_stat1 WHERE idx IN ('articles_status_author_idx', 'zz_never_analyzed')");
    expect(stats.rows).toHaveLength(2);
    // Nothing left to do: the next start analyzes nothing.
    expect(await analyzeNewIndexes(database.db)).toEqual([]);
    await client.execute('DROP INDEX zz_never_analyzed');
  });
});

describe('the sample market history', () => {
  // Wednesday, November 25, 2026, 10:00 in New York: the day's WPSR (10:30) and storage report
  // (moved to 12:00 by Thanksgiving) are not out yet.
  const now = new Date('2026-11-25T15:00:00Z');
  const today = easternDay(now);
  const history = sampleMarketHistory(now);
  const of = (slug: MarketSeriesSlug): Observation[] => history.get(slug) ?? [];
  const byPeriod = (slug: MarketSeriesSlug) => new Map(of(slug).map((o) => [o.period, o.value]));

  it('holds every catalog series, oldest first, rounded to its decimals', () => {
    expect([...history.keys()]).toEqual(MARKET_SERIES.map((s) => s.slug));
    for (const facts of MARKET_SERIES) {
      const observations = of(facts.slug);
      expect(observations.length, facts.slug).toBeGreaterThanOrEqual(70);
      const periods = observations.map((o) => o.period);
      expect(periods, facts.slug).toEqual([...periods].sort());
      expect(new Set(periods).size, facts.slug).toBe(periods.length);
      for (const o of observations) {
        expect(o.value, `${facts.slug} ${o.period}`).toBeGreaterThan(0);
        expect(Math.round(o.value * 10 ** facts.decimals) / 10 ** facts.decimals).toBe(o.value);
      }
    }
  });

  it('keeps Brent over WTI by a few dollars on every day both are quoted', () => {
    const wti = byPeriod('wti');
    const spreads = of('brent').map((o) => o.value - (wti.get(o.period) ?? Number.NaN));
    expect(spreads).toHaveLength(wti.size);
    for (const spread of spreads) {
      expect(spread).toBeGreaterThanOrEqual(1);
      expect(spread).toBeLessThanOrEqual(8);
    }
    const mean = spreads.reduce((a, b) => a + b, 0) / spreads.length;
    expect(mean).toBeGreaterThan(2.5);
    expect(mean).toBeLessThan(5.5);
  });

  it('quotes daily prices on US business days only, up to the last one before today', () => {
    const holidays = new Set([...federalHolidays(2025), ...federalHolidays(2026)].map((h) => h.day));
    for (const slug of ['wti', 'brent', 'henry-hub'] as const) {
      const periods = of(slug).map((o) => o.period);
      expect(
        periods.filter((p) => weekday(p) === 0 || weekday(p) === 6 || holidays.has(p)),
        slug,
      ).toEqual([]);
      expect(periods.at(-1), slug).toBe('2026-11-24');
      // No business day skipped.
      for (const [i, p] of periods.entries()) {
        const before = periods[i - 1];
        if (!before) continue;
        let d = addDays(before, 1);
        while (!isBusinessDay(d)) d = addDays(d, 1);
        expect(p, slug).toBe(d);
      }
    }
    expect(of('wti').some((o) => o.period === '2026-11-26')).toBe(false);
  });

  /** EIA's outlooks: their latest period is a forecast month, not a released one. */
  const isForecast = (slug: string) => slug.endsWith('-steo');

  it('ends each weekly and monthly series at the period of the latest release that updates it', () => {
    for (const facts of MARKET_SERIES.filter((s) => s.frequency !== 'daily' && !isForecast(s.slug))) {
      expect(of(facts.slug).at(-1)?.period, facts.slug).toBe(latestReleasedPeriod(facts.releases, today));
    }
    // Stocks for the week ending Friday the 13th (the WPSR of the 18th); today's is not out.
    expect(of('crude-inventories').at(-1)?.period).toBe('2026-11-13');
    expect(of('gas-storage').at(-1)?.period).toBe('2026-11-13');
    // Pump prices surveyed on Monday the 23rd, out that evening.
    expect(of('gasoline').at(-1)?.period).toBe('2026-11-23');
    // Monthly figures about two months after their month: September's electricity (the EPM of
    // November 24), August's production (the PSM of October 30).
    expect(of('electricity').at(-1)?.period).toBe('2026-09-01');
    expect(of('crude-production').at(-1)?.period).toBe('2026-08-01');
    for (const slug of ['crude-inventories', 'cushing-stocks', 'distillate-inventories', 'gas-storage'] as const)
      expect(of(slug).every((o) => weekday(o.period) === 5)).toBe(true);
    for (const slug of ['gasoline', 'diesel'] as const) expect(of(slug).every((o) => weekday(o.period) === 1)).toBe(true);
  });

  it('follows crude at the pump with diesel over gasoline on average, and storage through its seasons', () => {
    const wti = of('wti');
    for (const o of of('gasoline').slice(-60)) {
      const crude = wti.filter((w) => w.period < o.period && w.period >= addDays(o.period, -14));
      const perGallon = crude.reduce((a, b) => a + b.value, 0) / crude.length / 42;
      expect(o.value - perGallon, o.period).toBeGreaterThan(1.1);
      expect(o.value - perGallon, o.period).toBeLessThan(2);
    }
    const mean = (list: Observation[]) => list.reduce((a, b) => a + b.value, 0) / list.length;
    expect(mean(of('diesel'))).toBeGreaterThan(mean(of('gasoline')));
    // Working gas is lowest in spring and highest in autumn every year, and moves at most a few hundred Bcf a week.
    const storage = of('gas-storage');
    for (const year of ['2022', '2023', '2024', '2025']) {
      const weeks = storage.filter((o) => o.period.startsWith(year));
      const low = weeks.reduce((a, b) => (b.value < a.value ? b : a));
      const high = weeks.reduce((a, b) => (b.value > a.value ? b : a));
      expect(['02', '03', '04', '05'], `${year} low ${low.period}`).toContain(low.period.slice(5, 7));
      expect(['10', '11', '12'], `${year} high ${high.period}`).toContain(high.period.slice(5, 7));
    }
    for (const [i, o] of storage.entries()) if (i > 0) expect(Math.abs(o.value - (storage[i - 1]?.value ?? 0))).toBeLessThan(300);
  });

  it('models EIA’s outlook: monthly averages before its issue, the model’s expectation after, through December of next year', () => {
    // The outlook in force on November 25, 2026 is November's, out on Tuesday the 10th.
    for (const slug of ['wti-steo', 'brent-steo', 'henry-hub-steo', 'electricity-steo'] as const) {
      expect(of(slug).at(-1)?.period, slug).toBe('2027-12-01');
      expect(
        of(slug).every((o) => o.period.endsWith('-01')),
        slug,
      ).toBe(true);
    }
    // A month before the issue is the average of the daily prices of that month.
    const october = of('wti').filter((o) => o.period.startsWith('2026-10'));
    const average = october.reduce((a, b) => a + b.value, 0) / october.length;
    expect(byPeriod('wti-steo').get('2026-10-01')).toBeCloseTo(average, 1);
    // Forecasts stay within reach of the latest price and move toward the model's level, Brent above WTI.
    for (const o of of('wti-steo').filter((p) => p.period >= '2026-12-01')) {
      expect(o.value).toBeGreaterThan(50);
      expect(o.value).toBeLessThan(100);
      expect(byPeriod('brent-steo').get(o.period) ?? 0).toBeGreaterThan(o.value);
    }
  });

  it('settles the futures strip from the same model: each contract near the spot price, a little less each month out when spot is above its level', () => {
    const spot = byPeriod('wti');
    for (const n of [1, 2, 3, 4] as const) {
      const contract = of(`wti-futures-${n}`);
      expect(contract.map((o) => o.period)).toEqual(of('wti').map((o) => o.period));
      for (const o of contract.slice(-20)) expect(Math.abs(o.value - (spot.get(o.period) ?? 0))).toBeLessThan(8);
    }
    const last = of('wti').at(-1);
    const strip = [1, 2, 3, 4].map((n) => byPeriod(`wti-futures-${n}` as MarketSeriesSlug).get(last?.period ?? '') ?? 0);
    const towardLevel = (last?.value ?? 0) > 72 ? [...strip].sort((a, b) => b - a) : [...strip].sort((a, b) => a - b);
    expect(strip).toEqual(towardLevel);
  });

  it('ends the sample of a series EIA stopped on its last day, as EIA’s ended: the Henry Hub contracts on April 5, 2024', () => {
    const ended = MARKET_SERIES.filter((s: MarketSeriesFacts) => s.ended !== undefined);
    expect(ended.map((s) => s.slug)).toEqual(['henry-hub-futures-1', 'henry-hub-futures-2', 'henry-hub-futures-3', 'henry-hub-futures-4']);
    const spot = byPeriod('henry-hub');
    for (const n of [1, 2, 3, 4] as const) {
      const contract = of(`henry-hub-futures-${n}`);
      expect(contract.at(-1)?.period).toBe('2024-04-05');
      expect(contract.length).toBeGreaterThanOrEqual(300);
      expect(contract.every((o) => isBusinessDay(o.period))).toBe(true);
    }
    // The spot price goes on to the last business day before today.
    expect(of('henry-hub').at(-1)?.period).toBe('2026-11-24');
    expect(spot.has('2024-04-05')).toBe(false);
  });

  it('is deterministic: a day’s figure is the same whenever the seed runs (a forecast month until the next outlook revises it)', () => {
    const later = sampleMarketHistory(new Date('2026-12-09T15:00:00Z'));
    // The December outlook (the 8th) revised the months from November's issue on; earlier months are history.
    expect(later.get('wti-steo')?.find((o) => o.period === '2027-06-01')?.value).not.toBe(byPeriod('wti-steo').get('2027-06-01'));
    for (const facts of MARKET_SERIES) {
      const before = byPeriod(facts.slug);
      const shared = (later.get(facts.slug) ?? []).filter((o) => before.has(o.period) && (!isForecast(facts.slug) || o.period < '2026-11-01'));
      expect(shared.length, facts.slug).toBeGreaterThan(0);
      for (const o of shared) expect(o.value, `${facts.slug} ${o.period}`).toBe(before.get(o.period));
    }
  });
});

describe('the other samples, from the same model', () => {
  const now = new Date('2026-11-25T15:00:00Z');
  const history = sampleMarketHistory(now);
  const of = (slug: MarketSeriesSlug): Observation[] => history.get(slug) ?? [];
  const retail = sampleRetailPrices(now);
  const residential = (state: string) => retail.filter((r) => r.state === state && r.sector === 'RES');

  it('gives the states the month and the US figure the price strip shows: the US residential price is the electricity series', () => {
    const electricity = of('electricity');
    const us = residential('US');
    expect(us.at(-1)?.period).toBe(electricity.at(-1)?.period.slice(0, 7));
    expect(us.at(-1)?.period).toBe('2026-09');
    const byMonth = new Map(electricity.map((o) => [o.period.slice(0, 7), o.value]));
    for (const r of us) expect(r.price, r.period).toBe(byMonth.get(r.period));
    // Every state and sector holds the same months.
    const months = new Set(us.map((r) => r.period));
    for (const r of retail) expect(months.has(r.period), `${r.state} ${r.sector} ${r.period}`).toBe(true);
  });

  it('gives every state’s sales the months of its prices, all sectors the sum of the three, the US the sum of the states', () => {
    const sales = sampleRetailSales(now);
    const key = (r: { state: string; sector: string; period: string }) => `${r.state}|${r.sector}|${r.period}`;
    expect(new Set(sales.map(key))).toEqual(new Set(retail.map(key)));
    const of = (state: string, sector: string, period: string) =>
      sales.find((r) => r.state === state && r.sector === sector && r.period === period)?.value ?? NaN;
    const latest = retail.at(-1)?.period ?? '';
    for (const state of ['US', 'CA', 'TX', 'VT'])
      expect(of(state, 'ALL', latest), state).toBeCloseTo(of(state, 'RES', latest) + of(state, 'COM', latest) + of(state, 'IND', latest), 1);
    const states = [...new Set(sales.map((r) => r.state))].filter((s) => s !== 'US');
    expect(of('US', 'ALL', latest)).toBeCloseTo(
      states.reduce((sum, s) => sum + of(s, 'ALL', latest), 0),
      0,
    );
    // Texas sells the most, Vermont among the least; homes use more in summer than in spring.
    expect(Math.max(...states.map((s) => of(s, 'ALL', latest)))).toBe(of('TX', 'ALL', latest));
    const year = latest.slice(0, 4);
    expect(of('TX', 'RES', `${year}-07`)).toBeGreaterThan(of('TX', 'RES', `${year}-04`));
  });

  it('moves each state’s prices its own way: the changes over a year differ from state to state, the latest levels keep their order', () => {
    const states = [...new Set(retail.map((r) => r.state))].filter((s) => s !== 'US');
    const yearChange = (state: string) => {
      const rows = residential(state);
      const last = rows.at(-1);
      const yearBefore = rows.at(-13);
      return last && yearBefore ? (last.price / yearBefore.price - 1) * 100 : Number.NaN;
    };
    const changes = states.map(yearChange);
    expect(new Set(changes.map((c) => c.toFixed(1))).size).toBeGreaterThan(30);
    expect(Math.max(...changes) - Math.min(...changes)).toBeGreaterThan(4);
    const latest = new Map(states.map((s) => [s, residential(s).at(-1)?.price ?? 0]));
    const ranked = [...latest].sort((a, b) => b[1] - a[1]).map(([s]) => s);
    expect(ranked[0]).toBe('HI');
    expect(['ID', 'ND']).toContain(ranked.at(-1));
    // Businesses pay less than homes in every state and month.
    for (const r of retail.filter((x) => x.sector === 'IND')) {
      const home = retail.find((x) => x.state === r.state && x.sector === 'RES' && x.period === r.period);
      expect(r.price, `${r.state} ${r.period}`).toBeLessThan(home?.price ?? 0);
    }
  });

  it('writes the analysis items from the series they talk about: a spread called narrowing narrows in its figures, storage against its five-year average as it is', () => {
    const items = seedAnalyticsContent(history);
    const crude = items[0];
    const wti = of('wti').filter((o) => o.period > addDays(of('wti').at(-1)?.period ?? '', -90));
    const brent = new Map(of('brent').map((o) => [o.period, o.value]));
    const spreads = wti.map((o) => (brent.get(o.period) ?? Number.NaN) - o.value);
    const average = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const [from, to] = [average(spreads.slice(0, 10)), average(spreads.slice(-10))];
    const verb = to < from ? 'narrowed' : 'widened';
    expect(crude?.content).toContain(`${verb} from $${from.toFixed(2)} to $${to.toFixed(2)}`);
    expect(crude?.content).toContain(
      `between $${Math.min(...wti.map((o) => o.value)).toFixed(2)} and $${Math.max(...wti.map((o) => o.value)).toFixed(2)}`,
    );
    // Storage: the latest week against the same week of the five years before.
    const storage = of('gas-storage');
    const latest = storage.at(-1);
    const sameWeek = [1, 2, 3, 4, 5].map((k) => storage.find((o) => o.period === addDays(latest?.period ?? '', -364 * k))?.value ?? Number.NaN);
    const percent = ((latest?.value ?? 0) / average(sameWeek) - 1) * 100;
    const side = Math.abs(percent) < 2 ? 'near' : `${Math.abs(percent).toFixed(0)}% ${percent > 0 ? 'above' : 'below'}`;
    expect(items[1]?.content).toContain(`${Math.round(latest?.value ?? 0).toLocaleString('en-US')} Bcf`);
    expect(items[1]?.content).toContain(`${side} the five-year average`);
    // The pump follows crude: its move and crude's are both read from the series.
    const gasoline = of('gasoline').filter((o) => o.period > addDays(of('gasoline').at(-1)?.period ?? '', -91));
    expect(items[4]?.content).toContain(`from $${gasoline[0]?.value.toFixed(2)} to $${gasoline.at(-1)?.value.toFixed(2)} a gallon`);
    // No item speaks of a series the site does not keep (regional pump prices).
    for (const item of items) expect(item.content).not.toMatch(/West Coast|Gulf Coast/);
  });
});
