import { FALLBACK_ENERGY_MIX } from '@/lib/dashboard';
import type { EnergyMixEntry } from '@/lib/types';
import { getDb } from '@/server/db';
import { NEWS_PAGE_SIZE } from '@/lib/news-filter';
import { countArticlesByCategory, getArticleBySlug, listArticles, listRelatedArticles } from '@/server/queries/articles';
import { listAnalyticsContent } from '@/server/queries/analytics-content';
import { listCategories } from '@/server/queries/categories';
import { generationEnergyMix } from '@/server/queries/generation';
import { listEnergyMix, listMarketData } from '@/server/queries/market';
import { dashboardsOf, getZohoEnergyMix, readZohoRow, type ZohoRow } from './zoho';

/**
 * The energy mix to chart (CONTRACT 2.10): from the configured Zoho data view, else the
 * stored generation mix (EIA, or its sample stand-in), else the stored fallback mix.
 */
export async function getEnergyMix(zoho: Promise<ZohoRow | undefined> = readZohoRow()): Promise<EnergyMixEntry[]> {
  const db = await getDb();
  const fromZoho = await getZohoEnergyMix(await zoho);
  if (fromZoho) return fromZoho;
  const fromGeneration = await generationEnergyMix(db);
  if (fromGeneration) return fromGeneration;
  const stored = await listEnergyMix(db);
  return stored.length > 0 ? stored : FALLBACK_ENERGY_MIX;
}

/** Everything the home page shows. */
export async function getHomePageData() {
  const db = await getDb();
  const [featured, latest, marketData, energyMix] = await Promise.all([
    listArticles(db, { featured: true, limit: 4, offset: 0 }),
    listArticles(db, { limit: 10, offset: 0 }),
    listMarketData(db),
    getEnergyMix(),
  ]);
  const featuredIds = new Set(featured.items.map((a) => a.id));
  return {
    featured: featured.items,
    latest: latest.items.filter((a) => !featuredIds.has(a.id)).slice(0, 3),
    marketData,
    energyMix,
  };
}

/** The news page: the list for the URL's filter (pages of results up to `page`) and the sidebar. */
export async function getNewsPageData(filter: { category: string; q: string; page: number }) {
  const db = await getDb();
  const [list, categories, stats, marketData] = await Promise.all([
    listArticles(db, { category: filter.category, q: filter.q, limit: NEWS_PAGE_SIZE * filter.page, offset: 0 }),
    listCategories(db),
    countArticlesByCategory(db),
    listMarketData(db),
  ]);
  return { ...list, categories, stats, marketData };
}

/** An article page: the article (or undefined) and its related articles. */
export async function getArticlePageData(slug: string) {
  const db = await getDb();
  const article = await getArticleBySlug(db, slug);
  if (!article) return undefined;
  const related = await listRelatedArticles(db, article, 3);
  return { article, related };
}

/** The /analytics page's data. */
export async function getAnalyticsPageData() {
  const db = await getDb();
  // The Zoho row gives both the energy mix and the dashboards: read once.
  const zoho = readZohoRow();
  const [marketData, energyMix, content, row] = await Promise.all([listMarketData(db), getEnergyMix(zoho), listAnalyticsContent(db), zoho]);
  const dashboards = dashboardsOf(row);
  return { marketData, energyMix, content, dashboardUrl: dashboards.energy, otherDashboards: dashboards.others };
}
