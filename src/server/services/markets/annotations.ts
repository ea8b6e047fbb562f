// The newsroom's annotations of market series: editors add, change and remove them (each in the
// audit trail); the series' pages, embeds and chart files, the data API and the charts of
// stories show them; the story an annotation links lists the series it annotates. A change
// renders again only the pages of the series it touches and the stories it links.
import type { SeriesAnnotationInput } from '@/lib/validation/series-annotation';
import { storySlugOf } from '@/lib/validation/series-annotation';
import { ADMIN_PAGE_SIZE } from '@/lib/validation/admin-lists';
import type { AdminPage } from '@/lib/wire/common';
import type { AdminSeriesAnnotation, AnnotatedSeries, SeriesAnnotation } from '@/lib/wire/markets';
import type { ChartAnnotation } from '@/lib/charts/chart-spec';
import type { SessionUser } from '@/server/auth/session';
import { showsHeadlines, showsTags } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { cachedForContent } from '@/server/content-version';
import { writeTransaction } from '@/server/db';
import { NotFoundError, ValidationError, messages } from '@/server/errors';
import { getArticleIdBySlug } from '@/server/queries/articles';
import { getSeriesBySlug } from '@/server/queries/market';
import {
  countAnnotations,
  countSeriesAnnotations,
  deleteAnnotation,
  getAnnotationDetail,
  insertAnnotation,
  listAnnotationsOfArticle,
  listAnnotationsPage,
  listLatestSeriesAnnotations,
  listSeriesAnnotations,
  updateAnnotation,
  type SeriesAnnotationDetail,
  type SeriesAnnotationValues,
} from '@/server/queries/series-annotations';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import { contentChanged } from '@/server/content-changes';
import { actorOf, audit } from '@/server/services/staff/audit';
import { findSeries } from '@/server/services/markets/series';

/** The most annotations a series page, its embed or a chart shows (the data API pages through all of them). */
export const ANNOTATIONS_SHOWN = 200;
/** The most series a story's page lists as annotated by it. */
const ANNOTATED_SERIES_SHOWN = 20;

const toPublic = (row: SeriesAnnotationDetail): SeriesAnnotation => ({
  id: row.id,
  from: row.startsOn,
  to: row.endsOn,
  label: row.label,
  story: row.articlePublic && row.articleSlug && row.articleTitle ? { title: row.articleTitle, url: `/article/${row.articleSlug}` } : null,
});

const toAdmin = (row: SeriesAnnotationDetail): AdminSeriesAnnotation => ({
  id: row.id,
  series: row.seriesSlug,
  seriesName: row.seriesName,
  from: row.startsOn,
  to: row.endsOn,
  label: row.label,
  story:
    row.articleId !== null && row.articleSlug !== null && row.articleTitle !== null
      ? { id: row.articleId, slug: row.articleSlug, title: row.articleTitle, published: row.articlePublic }
      : null,
  createdBy: row.createdBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail says of an annotation: its series, day(s) and label. */
const summaryOf = (seriesName: string, values: { startsOn: string; endsOn: string | null; label: string }) =>
  `${seriesName}, ${values.startsOn}${values.endsOn ? ` to ${values.endsOn}` : ''}: ${values.label}`;

/** The stored values of an editor's input: its series and linked story found (a 400 naming the field otherwise). */
async function valuesOf(input: SeriesAnnotationInput): Promise<{ values: SeriesAnnotationValues; seriesName: string; seriesSlug: string }> {
  const series = await getSeriesBySlug(input.series);
  if (!series) throw new ValidationError({ series: [messages.seriesNotFound] });
  const slug = storySlugOf(input.story) ?? '';
  const articleId = slug === '' ? null : ((await getArticleIdBySlug(slug)) ?? null);
  if (slug !== '' && articleId === null) throw new ValidationError({ story: [messages.annotationStoryNotFound] });
  return {
    values: { seriesId: series.id, startsOn: input.from, endsOn: input.to === '' ? null : input.to, label: input.label, articleId },
    seriesName: series.name,
    seriesSlug: series.slug,
  };
}

/** The pages an annotation's change makes stale: its series' (before and after) and the stories it linked and links. */
function annotated(id: number, action: 'created' | 'updated' | 'deleted', series: readonly string[], articleIds: readonly (number | null)[]) {
  return contentChanged(
    { entity: 'series-annotation', id, action },
    { kind: 'annotation', series: [...new Set(series)], articleIds: [...new Set(articleIds.filter((a): a is number => a !== null))] },
  );
}

async function detailOf(id: number): Promise<AdminSeriesAnnotation> {
  const row = await getAnnotationDetail(id);
  if (!row) throw new NotFoundError(messages.annotationNotFound);
  return toAdmin(row);
}

/** Adds an annotation; recorded in the audit trail; the series' pages and the linked story's page render again. */
export async function addAnnotation(input: SeriesAnnotationInput, user: SessionUser): Promise<AdminSeriesAnnotation> {
  const { values, seriesName, seriesSlug } = await valuesOf(input);
  const row = await writeTransaction(async (tx) => {
    const added = await insertAnnotation({ ...values, createdBy: user.userId }, tx);
    await audit(actorOf(user), 'annotation_added', { type: 'series', id: seriesSlug, summary: summaryOf(seriesName, values) }, undefined, tx);
    return added;
  });
  await annotated(row.id, 'created', [seriesSlug], [row.articleId]);
  return detailOf(row.id);
}

/** Replaces an annotation's fields (its series may change too); 404 when there is no such annotation. */
export async function changeAnnotation(id: number, input: SeriesAnnotationInput, user: SessionUser): Promise<AdminSeriesAnnotation> {
  const before = await getAnnotationDetail(id);
  if (!before) throw new NotFoundError(messages.annotationNotFound);
  const { values, seriesName, seriesSlug } = await valuesOf(input);
  const changed = await writeTransaction(async (tx) => {
    if (!(await updateAnnotation(id, values, tx))) return false;
    await audit(actorOf(user), 'annotation_changed', { type: 'series', id: seriesSlug, summary: summaryOf(seriesName, values) }, undefined, tx);
    return true;
  });
  if (!changed) throw new NotFoundError(messages.annotationNotFound);
  await annotated(id, 'updated', [before.seriesSlug, seriesSlug], [before.articleId, values.articleId]);
  return detailOf(id);
}

/** Deletes an annotation; recorded in the audit trail with what it said. */
export async function removeAnnotation(id: number, user: SessionUser): Promise<void> {
  const before = await getAnnotationDetail(id);
  if (!before) throw new NotFoundError(messages.annotationNotFound);
  const removed = await writeTransaction(async (tx) => {
    if (!(await deleteAnnotation(id, tx))) return false;
    await audit(
      actorOf(user),
      'annotation_deleted',
      { type: 'series', id: before.seriesSlug, summary: summaryOf(before.seriesName, before) },
      undefined,
      tx,
    );
    return true;
  });
  if (!removed) throw new NotFoundError(messages.annotationNotFound);
  await annotated(id, 'deleted', [before.seriesSlug], [before.articleId]);
}

/** The admin's list: one series' annotations (every series' without one; none of a series that does not exist), 50 a page, newest day first. */
export async function listAnnotationsForAdmin(query: { series?: string | undefined; page: number }): Promise<AdminPage<AdminSeriesAnnotation>> {
  let seriesId: number | undefined;
  if (query.series) {
    const series = await getSeriesBySlug(query.series);
    if (!series) return adminPage([], query.page, 0, false);
    seriesId = series.id;
  }
  const [rows, total] = await Promise.all([
    listAnnotationsPage(seriesId, { limit: ADMIN_PAGE_SIZE, offset: adminOffsetOf(query.page) }),
    countAnnotations(seriesId),
  ]);
  return adminPage(rows.map(toAdmin), query.page, total, false);
}

/** A page of a series' annotations for the data API, oldest day first, and how many there are; a 404 for an unknown slug. */
export async function getSeriesAnnotations(
  slug: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; annotations: SeriesAnnotation[] }> {
  const series = await findSeries(slug);
  if (!series) throw new NotFoundError(messages.seriesNotFound);
  const [rows, total] = await Promise.all([listSeriesAnnotations(series.id, page), countSeriesAnnotations(series.id)]);
  return { total, annotations: rows.map(toPublic) };
}

/**
 * The annotations a page of the series shows (its page, embed, chart files, a story's chart):
 * the newest ANNOTATIONS_SHOWN by day, oldest first; the page notes that it shows the series, so an annotation's change renders it
 * again. Read once per content version.
 */
export async function annotationsShownFor(slug: string): Promise<SeriesAnnotation[]> {
  showsTags(tag.series(slug));
  const series = await findSeries(slug);
  if (!series) return [];
  const rows = await cachedForContent(`series|${slug}|annotations`, () => listLatestSeriesAnnotations(series.id, ANNOTATIONS_SHOWN));
  // A linked story shows once it is published, under its headline: its publication renders the page again.
  showsHeadlines(rows.flatMap((r) => (r.articleId === null ? [] : [{ id: r.articleId }])));
  return rows.map(toPublic);
}

/** A series' annotations as a chart draws them (`ChartSpec.annotations`), those that reach into `from`..`to` when given. */
export function chartAnnotationsOf(annotations: readonly SeriesAnnotation[], from?: string, to?: string): ChartAnnotation[] {
  return annotations
    .filter((a) => (!from || (a.to ?? a.from) >= from) && (!to || a.from <= to))
    .map((a) => ({ from: a.from, ...(a.to ? { to: a.to } : {}), label: a.label }));
}

/** The series a story's annotations mark, for its page (which then renders again when one is added, changed or removed). */
export async function seriesAnnotatedBy(articleId: number): Promise<AnnotatedSeries[]> {
  showsTags(tag.annotatedSeries(articleId));
  const rows = await listAnnotationsOfArticle(articleId, ANNOTATED_SERIES_SHOWN);
  return rows.map((r) => ({ slug: r.slug, name: r.name, from: r.startsOn, to: r.endsOn, label: r.label }));
}
