import { count, eq, inArray } from 'drizzle-orm';
import type { LibSqlDb } from '../client.ts';
import {
  analyticsContent,
  articles,
  authors,
  calendarEvents,
  categories,
  comments,
  contactMessages,
  corrections,
  energyMix,
  generation,
  gridFuelHourly,
  gridHourly,
  marketObservations,
  marketSeries,
  retailPrices,
  retailSales,
  siteState,
} from '../schema/index.ts';
import { htmlToText } from '../text.ts';
import { seedArticles, seedAuthors, seedCategories, seedImages, seedImageUrl } from './articles-data.ts';
import { generateGeneration } from './generation-data.ts';
import { FALLBACK_ENERGY_MIX } from '../constants.ts';
import { MARKET_SERIES, marketSeriesRow } from '../catalog/market-series.ts';
import { seedAnalyticsContent } from './market-data.ts';
import { sampleGridWeek } from './grid-model.ts';
import { sampleMarketHistory } from './market-model.ts';
import { sampleRetailPrices } from './retail-data.ts';
import { sampleRetailSales } from './retail-sales-data.ts';
import { easternEventTime, seedCalendarEvents, seedComments, seedContactMessage, seedCorrection } from './participation-data.ts';

const DAY_MS = 86_400_000;

async function isEmpty(
  db: LibSqlDb,
  table:
    | typeof categories
    | typeof authors
    | typeof articles
    | typeof marketSeries
    | typeof energyMix
    | typeof analyticsContent
    | typeof generation
    | typeof gridHourly
    | typeof retailPrices
    | typeof retailSales,
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** What the seed puts in besides the editorial samples. */
export interface SeedOptions {
  /**
   * The sample figures EIA's replace: the market history (`market_series.source` "seed" marks
   * every row of it), the generation (`source` "seed") and the state retail prices and sales (`sample`).
   * Off on a site with an EIA key, which never shows a sample as current: the series are
   * created empty and EIA's figures fill them and the tables. On, a seeded series left empty
   * and an empty table get their sample again.
   */
  dataSamples?: boolean;
}

/**
 * Fills each empty table with the sample content; a table that already holds rows is
 * left alone, so running it again (or against a live site) changes nothing.
 */
export async function seedDatabase(db: LibSqlDb, now: Date = new Date(), options: SeedOptions = {}): Promise<void> {
  const dataSamples = options.dataSamples ?? true;
  if (await isEmpty(db, categories)) {
    await db.insert(categories).values([...seedCategories]);
  }
  if (await isEmpty(db, authors)) {
    await db.insert(authors).values(seedAuthors.map(({ name, slug, title, bio }) => ({ name, slug, title, bio })));
  }
  if (await isEmpty(db, articles)) {
    const cats = await db.select().from(categories);
    const idBySlug = new Map(cats.map((c) => [c.slug, c.id]));
    const authorIds = new Map((await db.select({ id: authors.id, name: authors.name }).from(authors)).map((a) => [a.name, a.id]));
    await db.insert(articles).values(
      seedArticles.map((a, i) => {
        const categoryId = idBySlug.get(a.category);
        if (categoryId === undefined) throw new Error(`Seed article ${a.slug} names unknown category ${a.category}`);
        // Written by us in articles-data.ts: the editor's allow-list has nothing to remove.
        const content = a.body;
        // Spread within the day too, so no two articles share a publish time.
        const publishedAt = new Date(now.getTime() - a.daysAgo * DAY_MS - (i + 1) * 37 * 60_000);
        return {
          slug: a.slug,
          title: a.title,
          excerpt: a.excerpt,
          content,
          contentText: htmlToText(content),
          imageUrl: seedImageUrl(a.image),
          imageAlt: seedImages[a.image],
          author: a.author,
          authorId: authorIds.get(a.author) ?? null,
          categoryId,
          featured: a.featured ?? false,
          status: 'published' as const,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: new Date(publishedAt.getTime() + (i % 3) * 3 * 3_600_000),
        };
      }),
    );
    // A fresh install only: on a live site, an empty comment list or calendar is the editors' choice.
    await seedParticipation(db, now);
  }
  // Series by series, from the catalog: a series added to it reaches installs seeded before
  // it, and one an EIA import already created is left as it is. A seeded series with no
  // figures (emptied while the site had an EIA key) gets its sample again when samples are on.
  const stored = await db
    .select({ id: marketSeries.id, slug: marketSeries.slug, source: marketSeries.source, n: count(marketObservations.period) })
    .from(marketSeries)
    .leftJoin(marketObservations, eq(marketObservations.seriesId, marketSeries.id))
    .groupBy(marketSeries.id);
  const bySlug = new Map(stored.map((s) => [s.slug, s]));
  const toFill = MARKET_SERIES.filter((s) => {
    const row = bySlug.get(s.slug);
    return !row || (dataSamples && row.source === 'seed' && row.n === 0);
  });
  const history = dataSamples && toFill.length > 0 ? sampleMarketHistory(now) : undefined;
  for (const series of toFill) {
    await db.transaction(async (tx) => {
      const id =
        bySlug.get(series.slug)?.id ??
        (await tx.insert(marketSeries).values(marketSeriesRow(series, 'seed')).returning({ id: marketSeries.id }))[0]?.id;
      if (id === undefined) return;
      const observations = history?.get(series.slug) ?? [];
      for (let i = 0; i < observations.length; i += 200) {
        await tx.insert(marketObservations).values(observations.slice(i, i + 200).map((o) => ({ seriesId: id, ...o })));
      }
    });
  }
  if (await isEmpty(db, energyMix)) {
    await db.insert(energyMix).values(FALLBACK_ENERGY_MIX.map((m, i) => ({ ...m, sortOrder: i })));
  }
  if (dataSamples && (await isEmpty(db, generation))) {
    const rows = generateGeneration(now);
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(generation).values(rows.slice(i, i + 500));
    });
  }
  // The data desk's samples: an illustrative week of the grid, three years of state prices and sales (an
  // install from before they existed gets them at its next start; an import replaces them).
  if (await isEmpty(db, gridHourly)) {
    const week = sampleGridWeek(now);
    await db.transaction(async (tx) => {
      for (let i = 0; i < week.hours.length; i += 500) await tx.insert(gridHourly).values(week.hours.slice(i, i + 500));
      for (let i = 0; i < week.fuels.length; i += 500) await tx.insert(gridFuelHourly).values(week.fuels.slice(i, i + 500));
    });
  }
  if (dataSamples && (await isEmpty(db, retailPrices))) {
    const rows = sampleRetailPrices(now);
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(retailPrices).values(rows.slice(i, i + 500));
    });
  }
  if (dataSamples && (await isEmpty(db, retailSales))) {
    const rows = sampleRetailSales(now);
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(retailSales).values(rows.slice(i, i + 500));
    });
  }
  if (await isEmpty(db, analyticsContent)) {
    // Written from the same sample history the series hold (deterministic, so from the one seeded above).
    await db.insert(analyticsContent).values(
      seedAnalyticsContent(history ?? sampleMarketHistory(now)).map((item, i) => {
        const at = new Date(now.getTime() - (i * 6 + 1) * DAY_MS);
        return { ...item, createdAt: at, updatedAt: at };
      }),
    );
  }
  const version = await db.select().from(siteState).where(eq(siteState.key, 'content_version'));
  if (version.length === 0) {
    await db.insert(siteState).values({ key: 'content_version', value: '1' }).onConflictDoNothing();
  }
}

/**
 * Removes the sample figures EIA's replace (the observations of every series still marked
 * "seed", the seeded generation, the sample state retail prices and sales), so a site with an EIA key
 * shows no sample as current; the series stay, empty until EIA's figures fill them. Answers
 * how many rows went.
 */
export async function removeDataSamples(db: LibSqlDb): Promise<number> {
  return db.transaction(async (tx) => {
    const seeded = tx.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.source, 'seed'));
    const observations = await tx.delete(marketObservations).where(inArray(marketObservations.seriesId, seeded));
    const generated = await tx.delete(generation).where(eq(generation.source, 'seed'));
    const prices = await tx.delete(retailPrices).where(eq(retailPrices.sample, true));
    const sales = await tx.delete(retailSales).where(eq(retailSales.sample, true));
    return observations.rowsAffected + generated.rowsAffected + prices.rowsAffected + sales.rowsAffected;
  });
}

/** Sample comments (approved and pending), a correction, a message to the editors and two calendar events, each marked as a sample. */
async function seedParticipation(db: LibSqlDb, now: Date): Promise<void> {
  const seeded = await db.select({ id: articles.id, slug: articles.slug, publishedAt: articles.publishedAt }).from(articles);
  const bySlug = new Map(seeded.map((a) => [a.slug, a]));
  await db.insert(comments).values(
    seedComments.map((c) => {
      const article = bySlug.get(c.article);
      if (!article) throw new Error(`Seed comment names unknown article ${c.article}`);
      const at = Math.min(article.publishedAt.getTime() + c.hoursAfter * 3_600_000, now.getTime() - 60_000);
      return {
        articleId: article.id,
        authorName: c.authorName,
        authorEmail: c.authorEmail,
        content: c.content,
        approved: c.approved,
        createdAt: new Date(at),
      };
    }),
  );
  const corrected = bySlug.get(seedCorrection.article);
  if (!corrected) throw new Error(`Seed correction names unknown article ${seedCorrection.article}`);
  await db.insert(corrections).values({
    articleId: corrected.id,
    text: seedCorrection.text,
    createdAt: new Date(Math.min(corrected.publishedAt.getTime() + seedCorrection.hoursAfter * 3_600_000, now.getTime() - 60_000)),
  });
  const { hoursAgo, ...message } = seedContactMessage;
  await db.insert(contactMessages).values({ ...message, createdAt: new Date(now.getTime() - hoursAgo * 3_600_000) });
  await db.insert(calendarEvents).values(
    seedCalendarEvents.map(({ day, hours: [start, end], ...event }) => ({
      ...event,
      startsAt: easternEventTime(now, day, start),
      endsAt: easternEventTime(now, day, end),
      createdAt: now,
      updatedAt: now,
    })),
  );
}
