import { diffLines } from '@/lib/line-diff';
import { ARTICLE_FIELD_NAMES, type ArticleFieldName } from '@/lib/validation/article';
import type { AdminArticle, ArticleRevisionDiff, ArticleRevisionRow, ArticleSnapshot, StoredSnapshot } from '@/lib/wire/articles';
import { ADMIN_PAGE_SIZE } from '@/lib/validation/admin-lists';
import type { Executor } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import type { SessionUser } from '@/server/auth/session';
import {
  countArticleRevisions,
  getArticleRevision,
  hasArticleRevisions,
  insertArticleRevision,
  listArticleRevisions,
  type ArticleRevisionRecord,
} from '@/server/queries/article-revisions';
import { getAdminArticle } from '@/server/queries/articles';

/**
 * Where and whether the article is published: its address, status, publish time and place on
 * the home page. A revision keeps them (the history shows when an article was published), but
 * restoring one never brings them back, as in WordPress and Ghost: restoring the first draft of
 * a live article restores its text, not its draft status.
 */
const PUBLICATION_FIELDS = ['slug', 'status', 'publishedAt', 'featured'] as const satisfies readonly ArticleFieldName[];
type RestoredField = Exclude<ArticleFieldName, (typeof PUBLICATION_FIELDS)[number]>;

/** The fields a restore puts back: the content (title, text, image, byline, topic, search fields). */
export const RESTORED_FIELDS = ARTICLE_FIELD_NAMES.filter(
  (field): field is RestoredField => !(PUBLICATION_FIELDS as readonly string[]).includes(field),
);

/** A revision's content fields, as a restore writes them (publication state left out). */
export function restorableContent(snapshot: StoredSnapshot): Pick<StoredSnapshot, RestoredField> {
  return Object.fromEntries(RESTORED_FIELDS.map((field) => [field, snapshot[field]]));
}

/** An article's editable fields as they are now (what a revision keeps). */
export function snapshotOf(article: AdminArticle): ArticleSnapshot {
  return Object.fromEntries(ARTICLE_FIELD_NAMES.map((field) => [field, article[field]])) as ArticleSnapshot;
}

/** The fields in which two snapshots differ, in the fields' order. */
export function changedFields(before: StoredSnapshot | undefined, after: StoredSnapshot): ArticleFieldName[] {
  // A field absent from an older revision (the lead image's alt text, caption, credit) was empty.
  return ARTICLE_FIELD_NAMES.filter((field) => before === undefined || (before[field] ?? '') !== (after[field] ?? ''));
}

/**
 * Keeps a revision of a save, inside the save's transaction. An article saved for the first
 * time since revisions exist gets its earlier state kept first (`baseline`), so even the
 * text from before the history began can be restored.
 */
export async function recordRevision(
  user: Pick<SessionUser, 'displayName'> & { userId: number | null },
  action: 'created' | 'updated' | 'restored',
  before: AdminArticle | undefined,
  after: AdminArticle,
  tx: Executor,
): Promise<void> {
  const previous = before && snapshotOf(before);
  if (before && previous && !(await hasArticleRevisions(after.id, tx))) {
    await insertArticleRevision(
      {
        articleId: after.id,
        userId: null,
        username: 'unknown',
        action: 'baseline',
        snapshot: JSON.stringify(previous),
        createdAt: new Date(before.updatedAt),
      },
      tx,
    );
  }
  const snapshot = snapshotOf(after);
  await insertArticleRevision(
    {
      articleId: after.id,
      userId: user.userId,
      // The name the newsroom knows the person by (kept as it was, should the person go).
      username: user.displayName,
      action,
      changedFields: JSON.stringify(changedFields(previous, snapshot)),
      snapshot: JSON.stringify(snapshot),
      createdAt: new Date(after.updatedAt),
    },
    tx,
  );
}

/**
 * Whether a name in a kept revision is an editable field still: a revision kept before a field
 * was removed names it (the one-field `correction`, now dated corrections of their own), and
 * the history leaves it out.
 */
const isField = (name: string): name is ArticleFieldName => (ARTICLE_FIELD_NAMES as readonly string[]).includes(name);

function toRow(record: Omit<ArticleRevisionRecord, 'snapshot'> & { title: string }): ArticleRevisionRow {
  return {
    id: record.id,
    articleId: record.articleId,
    username: record.username,
    action: record.action,
    changedFields: (JSON.parse(record.changedFields) as string[]).filter(isField),
    title: record.title,
    createdAt: record.createdAt.toISOString(),
  };
}

async function getArticleForAdmin(id: number): Promise<AdminArticle> {
  const article = await getAdminArticle(id);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return article;
}

/** A page of an article's history, newest first: `{items, total, page, pageSize}`. */
export async function listRevisions(articleId: number, page: number) {
  await getArticleForAdmin(articleId);
  const [rows, total] = await Promise.all([
    listArticleRevisions(articleId, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE),
    countArticleRevisions(articleId),
  ]);
  return { items: rows.map(toRow), total, page, pageSize: ADMIN_PAGE_SIZE };
}

/** A revision with its snapshot, or a 404 naming what is missing. */
export async function getRevision(articleId: number, revisionId: number): Promise<ArticleRevisionDiff['revision']> {
  const record = await getArticleRevision(articleId, revisionId);
  if (!record) throw new NotFoundError(messages.revisionNotFound);
  const kept = JSON.parse(record.snapshot) as Record<string, unknown>;
  const snapshot = Object.fromEntries(Object.entries(kept).filter(([name]) => isField(name))) as StoredSnapshot;
  return { ...toRow({ ...record, title: snapshot.title ?? '' }), snapshot };
}

const shown = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The block-level lines of article HTML a diff compares: one per paragraph, heading, item, quote, row, image. */
export function htmlToDiffLines(html: string): string[] {
  return (
    html
      // A table row is one line: its cells' text between bars.
      .replace(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi, (_, row: string) => {
        const cells = [...row.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, ' ').trim());
        return `\n| ${cells.join(' | ')} |\n`;
      })
      .replace(/<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/gi, (_, src: string) => `\n[image ${src}]\n`)
      .replace(/<h([2-4])\b[^>]*>/gi, (_, level: string) => `\n${'#'.repeat(Number(level))} `)
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/<blockquote\b[^>]*>/gi, '\n> ')
      .replace(/<\/?(?:p|div|ul|ol|tr|table|thead|tbody|figure|figcaption|pre|blockquote|h[2-4]|li)\b[^>]*>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '' && line !== '>' && line !== '•')
  );
}

/**
 * A revision against the article as it is now: which of the fields a restore puts back differ,
 * and the text line by line (what restoring it would change).
 */
export async function diffRevision(articleId: number, revisionId: number): Promise<ArticleRevisionDiff> {
  const [current, revision] = await Promise.all([getArticleForAdmin(articleId), getRevision(articleId, revisionId)]);
  const now = snapshotOf(current);
  const fields = RESTORED_FIELDS.filter((f) => f !== 'content' && shown(revision.snapshot[f]) !== shown(now[f])).map((field) => ({
    field,
    revision: shown(revision.snapshot[field]),
    current: shown(now[field]),
  }));
  return { revision, fields, content: diffLines(htmlToDiffLines(revision.snapshot.content ?? ''), htmlToDiffLines(now.content)) };
}
