import { FALLBACK_ENERGY_MIX } from '@/lib/dashboard';
import { NEWS_PAGE_SIZE } from '@/lib/news-filter';
import type { EnergyMixEntry } from '@/lib/types';
import { countArticlesByCategory, getArticleBySlug, listArticles, listRelatedArticles } from '@/server/queries/articles';
import { listAnalyticsContent } from '@/server/queries/analytics-content';
import { listCategories } from '@/server/queries/categories';
import { generationEnergyMix } from '@/server/queries/generation';
import { listEnergyMix, listMarketData } from '@/server/queries/market';
import { getZohoRow, type ZohoRow } from '@/server/queries/zoho-config';
import { dashboardsOf, getZohoEnergyMix } from './zoho';

/**
 * The energy mix to chart: from the configured Zoho data view, else the stored generation
 * mix (EIA, or its sample stand-in), else the stored fallback mix.
 */
export async function getEnergyMix(zoho: Promise<ZohoRow | undefined> = getZohoRow()): Promise<EnergyMixEntry[]> {
  const fromZoho = await getZohoEnergyMix(await zoho);
  if (fromZoho) return fromZoho;
  const fromGeneration = await generationEnergyMix();
  if (fromGeneration) return fromGeneration;
  const stored = await listEnergyMix();
  return stored.length > 0 ? stored : FALLBACK_ENERGY_MIX;
}

/** Everything the home page shows. */
export async function getHomePageData() {
  const [featured, latest, marketData, energyMix] = await Promise.all([
    listArticles({ featured: true, limit: 4, offset: 0 }),
    listArticles({ limit: 10, offset: 0 }),
    listMarketData(),
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
  const [list, categories, stats, marketData] = await Promise.all([
    listArticles({ category: filter.category, q: filter.q, limit: NEWS_PAGE_SIZE * filter.page, offset: 0 }),
    listCategories(),
    countArticlesByCategory(),
    listMarketData(),
  ]);
  return { ...list, categories, stats, marketData };
}

/** An article page: the article (or undefined) and its related articles. */
export async function getArticlePageData(slug: string) {
  const article = await getArticleBySlug(slug);
  if (!article) return undefined;
  const related = await listRelatedArticles(article, 3);
  return { article, related };
}

/** The /analytics page's data. */
export async function getAnalyticsPageData() {
  // The Zoho row gives both the energy mix and the dashboards: read once.
  const zoho = getZohoRow();
  const [marketData, energyMix, content, row] = await Promise.all([listMarketData(), getEnergyMix(zoho), listAnalyticsContent(), zoho]);
  const dashboards = dashboardsOf(row);
  return { marketData, energyMix, content, dashboardUrl: dashboards.energy, otherDashboards: dashboards.others };
}
