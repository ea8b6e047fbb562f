import type { Article, ArticleSummary } from '@/lib/wire/articles';
import { cachedForContent } from '@/server/content-version';
import { countSearchMatches, getSearchSnippets, searchPublicArticleIds, toFtsQuery } from '@/server/queries/article-search';
import { countPublicArticles, getArticlesByIds, listPublicArticleIds } from '@/server/queries/articles';
import { showsArticles, showsTags } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { attachLibraryImages } from '@/server/services/media/responsive-images';

export interface PublicListQuery {
  /** A category slug; absent or `all` for every category. */
  category?: string | undefined;
  /** An author's id: their articles only. */
  authorId?: number | undefined;
  /** Full-text search; results by relevance. */
  q?: string | undefined;
  featured?: boolean | undefined;
  limit: number;
  offset: number;
  /** The full Article (with `content`), else the lean summary lists show. */
  withContent?: boolean;
  /** With `q`: a passage of each article around the matched words. */
  snippets?: boolean;
}

export type ListedArticle = (ArticleSummary | Article) & { snippet?: string };

/**
 * A page of public articles and the total they are a page of. The page comes from an index
 * (or the full-text index with `q`); the total is counted once per content version.
 */
export async function listPublicArticles(query: PublicListQuery): Promise<{ items: ListedArticle[]; total: number }> {
  const fts = query.q ? toFtsQuery(query.q) : undefined;
  if (query.q && !fts) return { items: [], total: 0 };
  const filter = { category: query.category, featured: query.featured, authorId: query.authorId, now: new Date() };
  const countKey = `articles|${filter.category ?? 'all'}|${filter.featured ? 'featured' : ''}|${filter.authorId ?? ''}|${fts ?? ''}`;
  const [ids, total] = await Promise.all([
    fts ? searchPublicArticleIds(fts, filter, query.limit, query.offset) : listPublicArticleIds(filter, query.limit, query.offset),
    cachedForContent(countKey, () => (fts ? countSearchMatches(fts, filter) : countPublicArticles(filter))),
  ]);
  const [items, snippets] = await Promise.all([
    getArticlesByIds(ids, query.withContent ?? false),
    fts && query.snippets ? getSearchSnippets(fts, ids) : Promise.resolve(new Map<number, string>()),
  ]);
  // A page showing this list changes when its members or their order change, and with each article on it.
  if (fts) showsTags(tag.search);
  else if (filter.featured) showsTags(tag.featured);
  else if (filter.category && filter.category !== 'all') showsTags(tag.topicArticles(filter.category));
  else if (filter.authorId === undefined) showsTags(tag.everyArticle);
  showsArticles(items);
  // Cards show a library image's resized copies rather than its original.
  const withImages = await attachLibraryImages(items);
  return { items: withImages.map((item) => (snippets.has(item.id) ? { ...item, snippet: snippets.get(item.id) ?? '' } : item)), total };
}
