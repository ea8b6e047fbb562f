import { RELATED_KEPT, RELATED_PASS_CURSOR } from '@db/constants';
import type { Article, ArticleSummary } from '@/lib/wire/articles';
import { sharedDatabase, type DatabaseAccess, type Db, type Executor } from '@/server/db';
import { searchPublicArticleIds, toRelatedFtsQuery } from '@/server/queries/article-search';
import { getArticlesByIds, isPublicArticle, listNewestInCategory } from '@/server/queries/articles';
import {
  listRelatedSources,
  listRelatedSourcesAfter,
  listStoredRelatedIds,
  replaceRelatedArticles,
  type RelatedSource,
} from '@/server/queries/related-articles';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { logPurge, shareInBackground } from '@/server/content-changes';

/** How many related stories an article page shows. */
export const RELATED_SHOWN = 3;

/**
 * Stories like this one, closest first: public stories of the same topic that share the most
 * (and rarest) distinctive words of its title and excerpt, by full-text relevance among the
 * newest matches; then stories of other topics that share them. Two searches of the full-text
 * index, run when an article is saved, never when a page renders.
 */
export async function findRelatedArticleIds(source: RelatedSource, now: Date, tx: Executor): Promise<number[]> {
  const fts = toRelatedFtsQuery(source);
  if (!fts) return [];
  const search = (inTopic: boolean, limit: number) =>
    searchPublicArticleIds(fts, { now, topic: { categoryId: source.categoryId, in: inTopic } }, limit, 0, tx);
  const sameTopic = (await search(true, RELATED_KEPT + 1)).filter((id) => id !== source.id).slice(0, RELATED_KEPT);
  if (sameTopic.length === RELATED_KEPT) return sameTopic;
  return [...sameTopic, ...(await search(false, RELATED_KEPT - sameTopic.length))];
}

/**
 * Computes the related stories of these articles and stores them in one write, with `also`
 * (the pass's cursor) in the same transaction. Answers each article's new list.
 */
async function storeRelatedLists(
  sources: readonly RelatedSource[],
  store: DatabaseAccess,
  also?: (tx: Db) => Promise<void>,
): Promise<Map<number, number[]>> {
  const now = new Date();
  const lists = new Map<number, number[]>();
  // The stories each page shows now: a page whose shown stories change is purged with the write.
  const changed: number[] = [];
  for (const source of sources) {
    const [related, shown] = await Promise.all([
      findRelatedArticleIds(source, now, store.read),
      listStoredRelatedIds(source.id, RELATED_SHOWN, now, store.read),
    ]);
    lists.set(source.id, related);
    if (related.slice(0, RELATED_SHOWN).join() !== shown.join()) changed.push(source.id);
  }
  const purge = await store.write(async (tx) => {
    for (const [id, related] of lists) await replaceRelatedArticles(id, related, tx);
    await also?.(tx);
    return changed.length > 0 ? logPurge([{ kind: 'related', ids: changed }], tx) : undefined;
  });
  if (purge) shareInBackground(purge);
  return lists;
}

/**
 * After articles were saved or fell due: their own lists, then, for those readers see, the
 * lists of the stories they now name, so those may name them in turn (relatedness runs both
 * ways). A few searches per save; a failure is logged and leaves the previous lists, never
 * the save, undone.
 */
export async function relateChangedArticles(ids: readonly number[]): Promise<void> {
  try {
    const own = await storeRelatedLists(await listRelatedSources(ids), sharedDatabase);
    const now = new Date();
    const visible = await Promise.all([...own.keys()].map((id) => isPublicArticle(id, now)));
    const named = [...new Set([...own.values()].filter((_, i) => visible[i]).flat())].filter((id) => !own.has(id));
    if (named.length > 0) await storeRelatedLists(await listRelatedSources(named), sharedDatabase);
  } catch (error) {
    console.error('Related stories were not updated:', error);
  }
}

/**
 * The background pass over articles no save has related yet (an archive from before this
 * existed, rows a bulk import wrote): the next `batch` articles past its cursor, in id order,
 * each list computed and stored with the cursor. Answers how many it handled (0: done).
 */
export async function relateNextArticles(batch: number, store: DatabaseAccess = sharedDatabase): Promise<number> {
  const cursor = Number((await getSiteState(RELATED_PASS_CURSOR, store.read)) ?? 0);
  const sources = await listRelatedSourcesAfter(cursor, batch, store.read);
  const last = sources.at(-1);
  if (!last) return 0;
  await storeRelatedLists(sources, store, (tx) => setSiteState(RELATED_PASS_CURSOR, String(last.id), tx));
  return sources.length;
}

/**
 * An article page's related stories: its stored list as readers may see it now (by key, so
 * the cost does not grow with the archive), then the topic's newest to fill the row.
 */
export async function listRelatedArticles(article: ArticleSummary, limit = RELATED_SHOWN): Promise<(ArticleSummary | Article)[]> {
  const now = new Date();
  const stored = await listStoredRelatedIds(article.id, limit, now);
  const fill = stored.length < limit ? await listNewestInCategory(article.categoryId, [article.id, ...stored], limit - stored.length, now) : [];
  return getArticlesByIds([...stored, ...fill], false);
}
