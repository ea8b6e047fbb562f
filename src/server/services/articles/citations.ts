import { chartSeries, findRefs, replaceRefs, type FigureRef } from '@/lib/data-refs';
import { chartRefTitle } from '@/lib/story-chart';
import { figureValueText } from '@/lib/story-figure';
import { htmlToText } from '@/server/html';
import type { Executor } from '@/server/db';
import { ValidationError, messages } from '@/server/errors';
import { isFigureOfSeries, replaceArticleCitations, type CitationRow } from '@/server/queries/citations';
import { escapeMarkup } from '@/lib/markup';

/** An article body's citations, as `article_citations` keeps them: one row per figure, one per chart and series it draws. */
export function citationRows(html: string): Omit<CitationRow, 'articleId'>[] {
  return findRefs(html).flatMap(({ ref }, position): Omit<CitationRow, 'articleId'>[] => {
    if (ref.element === 'figure') {
      return [{ position, element: 'figure', kind: 'markets', key: ref.ref.series, period: ref.ref.date, valueAsPublished: Number(ref.ref.value) }];
    }
    const keys = ref.ref.kind === 'markets' ? chartSeries(ref.ref) : [ref.ref.key];
    return keys.map((key) => ({ position, element: 'chart', kind: ref.ref.kind, key, period: null, valueAsPublished: null }));
  });
}

const figureKey = (f: FigureRef) => `${f.series}|${f.date}|${Number(f.value)}`;

/**
 * Refuses a body stating a figure the data does not hold (typed, or edited in the HTML): each
 * figure it adds (one its last save did not state) must be a figure of that period of the series,
 * current or an earlier vintage. Figures it stated already stay as they are, whatever became of
 * the data since (a sample replaced, a series dropped).
 */
export async function assertFiguresFromData(html: string, before: string | undefined): Promise<void> {
  const kept = new Set(findRefs(before ?? '').flatMap(({ ref }) => (ref.element === 'figure' ? [figureKey(ref.ref)] : [])));
  const added = findRefs(html).flatMap(({ ref }) => (ref.element === 'figure' && !kept.has(figureKey(ref.ref)) ? [ref.ref] : []));
  const unknown: string[] = [];
  for (const figure of added) {
    if (!(await isFigureOfSeries({ series: figure.series, period: figure.date }, Number(figure.value)))) {
      unknown.push(messages.figureNotInData(figure.series, figure.date, figure.value));
    }
  }
  if (unknown.length > 0) throw new ValidationError({ content: [...new Set(unknown)] });
}

/** Writes an article's citations from its (sanitized) body, in the save's transaction. */
export function recordCitations(articleId: number, html: string, tx: Executor): Promise<void> {
  return replaceArticleCitations(articleId, citationRows(html), tx);
}

/**
 * A body's readable text (`articles.content_text`: search, reading time, descriptions): a
 * figure reads as its value ("$78.31/bbl"), a chart block as its caption, or what it shows.
 */
export function bodyText(html: string): string {
  return htmlToText(
    replaceRefs(html, (ref) =>
      ref.element === 'figure' ? escapeMarkup(figureValueText(ref.ref)) : `<p>${escapeMarkup(ref.ref.caption ?? chartRefTitle(ref.ref))}</p>`,
    ),
  );
}
