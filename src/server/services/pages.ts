import { FALLBACK_ENERGY_MIX } from '../../lib/dashboard.ts';
import type { EnergyMixEntry } from '../../lib/types.ts';
import { getDb } from '../db.ts';
import { NEWS_PAGE_SIZE } from '../../lib/news-filter.ts';
import { countArticlesByCategory, getArticleBySlug, listArticles, listRelatedArticles } from '../queries/articles.ts';
import { listAnalyticsContent } from '../queries/analytics-content.ts';
import { listCategories } from '../queries/categories.ts';
import { listEnergyMix, listMarketData } from '../queries/market.ts';

/** The energy mix to chart: the stored mix, else the spec's fallback (CONTRACT 2.10). */
export async function getEnergyMix(): Promise<EnergyMixEntry[]> {
  const mix = await listEnergyMix(await getDb());
  return mix.length > 0 ? mix : FALLBACK_ENERGY_MIX;
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
  const [marketData, energyMix, content] = await Promise.all([listMarketData(db), getEnergyMix(), listAnalyticsContent(db)]);
  return { marketData, energyMix, content };
}
