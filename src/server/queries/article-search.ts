// Full-text search of the articles (FTS5, articles_fts): visitors' words made a safe query,
// public matches ranked newest window first, their snippets, and the words of a related search.
import { and, sql, type SQL } from 'drizzle-orm';
import { articles } from '@db/schema';
import { SNIPPET_CLOSE, SNIPPET_OPEN } from '@/lib/snippet';
import { db, type Executor } from '@/server/db';
import { filterConditions, type ArticleFilter } from '@/server/queries/articles';

/**
 * Turns visitor text into a safe FTS5 query: each word becomes a quoted prefix term, all
 * of which must match. Returns undefined when no searchable word remains.
 */
export function toFtsQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return undefined;
  return words.map((w) => `"${w}"*`).join(' ');
}

/**
 * Words too common to tell stories apart: function words, and the verbs and adjectives of
 * any headline ("holds", "record", "climbs", "steady"), which otherwise tie a Permian oil
 * story to a coal story whose exports "hold steady".
 */
const STOPWORDS = new Set(
  [
    'about after again against also amid among an and any are as at be been before being between but by can could for from has have into is it its more most new not of on or over says than that the their them then there these they this to under up was were what when where which while who will with within would year years',
    'across add adds back big bring brings carry carries climb climbs count draw draws early even expand expands fall falls fewer find finds first get gets give gives head heads help helps high higher hit hits hold holds held inside jump jumps keep keeps last late less look looks low lower make makes move moves near next now one post posts reach reaches record records remain remains rise rises set sets sharply show shows slip slips start starts steady still strong take takes three through turn turns two',
  ]
    .join(' ')
    .split(' '),
);

/**
 * A full-text query for stories like this one: the distinctive words of its title and
 * excerpt (at most sixteen, title words first), any of which may match, so stories sharing
 * more and rarer words rank first. Undefined when no such word remains.
 */
export function toRelatedFtsQuery(article: { title: string; excerpt: string }): string | undefined {
  const words = [article.title, article.excerpt]
    .flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  const distinct = [...new Set(words)].slice(0, 16);
  return distinct.length > 0 ? distinct.map((w) => `"${w}"`).join(' OR ') : undefined;
}

/** The full-text match of a query (`toFtsQuery`). */
export const ftsMatch = (fts: string) => sql`articles_fts MATCH ${fts}`;
/**
 * The full-text index first, then each match's visibility from the covering index: the join
 * order and the index are fixed, because without fresh statistics SQLite may otherwise run the
 * full-text match once per article, or read every matched article's (large) row.
 */
export const ftsJoin = sql`articles_fts CROSS JOIN ${articles} INDEXED BY articles_visibility_idx ON ${articles.id} = articles_fts.rowid`;

/**
 * How many of the newest matches of a search are ranked by relevance first. News readers
 * want recent stories, and ranking every match of a common word (a third of the archive for
 * "gas") costs time in proportion to the archive; the newest matches are found in the
 * full-text index's own order without ranking anything.
 */
export const SEARCH_RANK_WINDOW = 1_000;

/**
 * Ids of a page of public articles matching a full-text query, by relevance (bm25, title
 * over excerpt over body), then newest: first the newest `SEARCH_RANK_WINDOW` matches (by
 * id, the order articles were added) ranked among themselves, then the older ones ranked
 * among themselves. With fewer matches than that, simply all of them by relevance. The
 * full-text index finds the matches; each is checked against a covering index of article
 * visibility, never the article rows.
 */
export async function searchPublicArticleIds(
  fts: string,
  filter: ArticleFilter,
  limit: number,
  offset: number,
  tx: Executor = db,
): Promise<number[]> {
  const visible = and(ftsMatch(fts), ...filterConditions(filter));
  const ranked = async (range: SQL | undefined, count: number, skip: number) =>
    (
      await tx.all<{ id: number }>(
        sql`select ${articles.id} as id from ${ftsJoin} where ${and(visible, range)}
            order by bm25(articles_fts, 10.0, 5.0, 1.0), ${articles.publishedAt} desc limit ${count} offset ${skip}`,
      )
    ).map((r) => r.id);
  // The oldest match of the window: the full-text index walks its matches newest id first.
  const [pivot] = await tx.all<{ id: number }>(
    sql`select articles_fts.rowid as id from ${ftsJoin} where ${visible} order by articles_fts.rowid desc limit 1 offset ${SEARCH_RANK_WINDOW - 1}`,
  );
  if (!pivot) return ranked(undefined, limit, offset);
  const ids: number[] = [];
  if (offset < SEARCH_RANK_WINDOW)
    ids.push(...(await ranked(sql`articles_fts.rowid >= ${pivot.id}`, Math.min(limit, SEARCH_RANK_WINDOW - offset), offset)));
  const rest = offset + limit - Math.max(offset, SEARCH_RANK_WINDOW);
  if (rest > 0) ids.push(...(await ranked(sql`articles_fts.rowid < ${pivot.id}`, rest, Math.max(0, offset - SEARCH_RANK_WINDOW))));
  return ids;
}

/** How many public articles match a full-text query. */
export async function countSearchMatches(fts: string, filter: ArticleFilter, tx: Executor = db): Promise<number> {
  const [row] = await tx.all<{ n: number }>(sql`select count(*) as n from ${ftsJoin} where ${and(ftsMatch(fts), ...filterConditions(filter))}`);
  return Number(row?.n ?? 0);
}

/** A short passage of each article around the words that matched (FTS5 snippet of the body). */
export async function getSearchSnippets(fts: string, ids: number[], tx: Executor = db): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.all<{ id: number; snippet: string }>(
    sql`select rowid as id, snippet(articles_fts, 2, ${SNIPPET_OPEN}, ${SNIPPET_CLOSE}, '…', 24) as snippet
        from articles_fts where ${ftsMatch(fts)} and rowid in ${ids}`,
  );
  return new Map(rows.map((r) => [r.id, r.snippet]));
}
