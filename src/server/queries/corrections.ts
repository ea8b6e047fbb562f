import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { articles, corrections, users } from '@db/schema';
import type { Correction, ListedCorrection, PublicCorrection } from '@/lib/wire/corrections';
import { db, type Executor } from '@/server/db';
import { articleIsPublic } from '@/server/queries/articles';
import { asWire } from '@/server/queries/rows';
import { countRows, updateWhere } from '@/server/queries/pages';

/** A correction as the newsroom lists it (`Correction`): who added it by user name. */
const correctionColumns = {
  id: corrections.id,
  articleId: corrections.articleId,
  text: corrections.text,
  createdAt: corrections.createdAt,
  createdBy: users.username,
};

/** A page of an article's corrections, newest first (from the article's index). */
export async function listArticleCorrections(articleId: number, limit: number, offset: number, tx: Executor = db): Promise<Correction[]> {
  const rows = await tx
    .select(correctionColumns)
    .from(corrections)
    .leftJoin(users, eq(users.id, corrections.createdBy))
    .where(eq(corrections.articleId, articleId))
    .orderBy(desc(corrections.createdAt), desc(corrections.id))
    .limit(limit)
    .offset(offset);
  return rows.map(asWire);
}

/** How many corrections an article has. */
export async function countArticleCorrections(articleId: number, tx: Executor = db): Promise<number> {
  return countRows(tx, corrections, eq(corrections.articleId, articleId));
}

/** One correction of this article, or undefined (none, or one of another article). */
export async function getCorrection(articleId: number, id: number, tx: Executor = db): Promise<Correction | undefined> {
  const [row] = await tx
    .select(correctionColumns)
    .from(corrections)
    .leftJoin(users, eq(users.id, corrections.createdBy))
    .where(and(eq(corrections.id, id), eq(corrections.articleId, articleId)));
  return row && asWire(row);
}

/** Stores a correction; answers its id. */
export async function insertCorrection(
  values: { articleId: number; text: string; createdBy: number | null; createdAt: Date },
  tx: Executor = db,
): Promise<number> {
  const [row] = await tx.insert(corrections).values(values).returning({ id: corrections.id });
  if (!row) throw new Error('The correction was not stored.');
  return row.id;
}

/** Changes a correction's text (its date stays); false when the article has no such correction. */
export async function updateCorrectionText(articleId: number, id: number, text: string, tx: Executor = db): Promise<boolean> {
  return updateWhere(tx, corrections, { text }, and(eq(corrections.id, id), eq(corrections.articleId, articleId)));
}

/** Deletes a correction, answering the text it had; undefined when the article has no such correction. */
export async function deleteCorrection(articleId: number, id: number, tx: Executor = db): Promise<{ text: string } | undefined> {
  const [row] = await tx
    .delete(corrections)
    .where(and(eq(corrections.id, id), eq(corrections.articleId, articleId)))
    .returning({ text: corrections.text });
  return row;
}

/**
 * The newest `perArticle` corrections of each of these articles, newest first, with the
 * article's id: what their pages and feed items show. Read from the article index, one range
 * per article.
 */
export async function listCorrectionsOf(
  articleIds: readonly number[],
  perArticle: number,
  tx: Executor = db,
): Promise<(PublicCorrection & { articleId: number })[]> {
  if (articleIds.length === 0) return [];
  const ranked = tx
    .select({
      id: corrections.id,
      articleId: corrections.articleId,
      text: corrections.text,
      createdAt: corrections.createdAt,
      rank: sql<number>`row_number() over (partition by ${corrections.articleId} order by ${corrections.createdAt} desc, ${corrections.id} desc)`.as(
        'rank',
      ),
    })
    .from(corrections)
    .where(inArray(corrections.articleId, [...articleIds]))
    .as('ranked');
  const rows = await tx
    .select({ id: ranked.id, articleId: ranked.articleId, text: ranked.text, createdAt: ranked.createdAt })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perArticle}`)
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  return rows.map(asWire);
}

/**
 * A page of the corrections of public articles, newest first, each with its article: the
 * corrections page. Walks the index on the correction's date, newest first, and looks each
 * article up by key (the join order fixed: the archive's size never enters it).
 */
export async function listPublicCorrections(limit: number, offset: number, now: Date = new Date(), tx: Executor = db): Promise<ListedCorrection[]> {
  const rows = await tx.all<{ id: number; text: string; createdAt: number; articleId: number; slug: string; title: string }>(
    sql`select ${corrections.id} as id, ${corrections.text} as text, ${corrections.createdAt} as createdAt,
          ${articles.id} as articleId, ${articles.slug} as slug, ${articles.title} as title
        from ${corrections} INDEXED BY corrections_created_idx
        CROSS JOIN ${articles} on ${articles.id} = ${corrections.articleId}
        where ${articleIsPublic(now)}
        order by ${corrections.createdAt} desc, ${corrections.id} desc limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    createdAt: new Date(r.createdAt).toISOString(),
    article: { id: r.articleId, slug: r.slug, title: r.title },
  }));
}

/**
 * How many corrections public articles have: every correction, each article looked up by key
 * (corrections are few beside the articles, so they lead the join, whatever the statistics say).
 */
export async function countPublicCorrections(now: Date = new Date(), tx: Executor = db): Promise<number> {
  const [row] = await tx.all<{ n: number }>(
    sql`select count(*) as n from ${corrections} CROSS JOIN ${articles} on ${articles.id} = ${corrections.articleId} where ${articleIsPublic(now)}`,
  );
  return row?.n ?? 0;
}
