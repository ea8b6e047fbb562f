// A figure cited in a story, as readers see it: the value the story published with its source
// and date; beside it, when the series has moved on, "now $81.02 (Nov 27)"; and when EIA
// revised the very figure the story cites, a mark saying so that links to the revision. The
// article page, its feed items and the stored text (search, reading time) write it from here.
// Isomorphic: no server code.
import { marketSeriesFacts } from '@db/catalog/market-series';
import type { FigureRef } from '@/lib/data-refs';
import { formatAsOf, formatSeriesValue, type Frequency } from '@/lib/market-format';
import { escapeMarkup } from '@/lib/markup';

/** What a page knows of a cited figure when it renders. */
export interface StoryFigure {
  ref: FigureRef;
  series: { slug: string; name: string; unit: string; decimals: number; frequency: Frequency };
  /** The series' figures are the seeded sample, not EIA's. */
  sample: boolean;
  /** EIA's id of the series ("RWTC"). */
  eiaSeries: string;
  /** The series' latest figure, when it is of a later period than the one cited. */
  now?: { period: string; value: number } | undefined;
  /** The cited period's figure now, when it is not the one the story states (EIA revised it), and when the revision was seen. */
  revised?: { value: number; at: string | null } | undefined;
}

/** A series' figures page, where its history, revisions and source are. */
export const seriesPagePath = (slug: string) => `/markets/${slug}`;
/** The revisions of a series, from the data API (each figure EIA revised, with what it replaced and when). */
export const seriesRevisionsPath = (slug: string) => `/api/series/${slug}/revisions`;

/** A period as readers say it, without the year when it is the year of `sameYearAs` ("Nov 27", "September"). */
function periodText(period: string, frequency: Frequency, sameYearAs?: string): string {
  const text = formatAsOf(period, frequency);
  return sameYearAs && period.slice(0, 4) === sameYearAs.slice(0, 4) ? text.replace(/,? \d{4}$/, '') : text;
}

/** Where the figure comes from, in a few words: "EIA RWTC", or "sample standing in for EIA RWTC". */
export function figureSourceText(figure: Pick<StoryFigure, 'sample' | 'eiaSeries'>): string {
  return figure.sample ? `illustrative sample for EIA ${figure.eiaSeries}` : `EIA ${figure.eiaSeries}`;
}

/** The figure as published, as plain text: "$78.31/bbl (WTI Crude Oil, EIA RWTC, Nov 25, 2026)". */
export function storyFigureText(figure: StoryFigure): string {
  const { series, ref } = figure;
  return `${formatSeriesValue(Number(ref.value), series)} (${series.name}, ${figureSourceText(figure)}, ${formatAsOf(ref.date, series.frequency)})`;
}

/** What the revision mark says: "EIA revised this figure to $78.50 on Nov 27, 2026". */
export function revisionText(figure: StoryFigure & { revised: NonNullable<StoryFigure['revised']> }): string {
  const to = formatSeriesValue(figure.revised.value, figure.series);
  return figure.revised.at
    ? `EIA revised this figure to ${to} on ${formatAsOf(figure.revised.at.slice(0, 10), 'daily')}`
    : `EIA revised this figure to ${to}`;
}

/**
 * A cited figure in a story's page: the value as published (linking to the series' page), its
 * source and date; "now …" when the series has moved on; the revision mark when EIA revised it.
 * Plain markup, no script; every text escaped.
 */
export function storyFigureHtml(figure: StoryFigure): string {
  const { series, ref } = figure;
  const stated = formatSeriesValue(Number(ref.value), series);
  const date = formatAsOf(ref.date, series.frequency);
  let html =
    `<span class="story-figure" data-figure="${escapeMarkup(series.slug)}" data-period="${escapeMarkup(ref.date)}">` +
    `<a class="story-figure-value" href="${seriesPagePath(series.slug)}"><data value="${escapeMarkup(ref.value)}">${escapeMarkup(stated)}</data></a>` +
    ` <span class="story-figure-source">(${escapeMarkup(series.name)}, ${escapeMarkup(figureSourceText(figure))}, <time datetime="${escapeMarkup(ref.date)}">${escapeMarkup(date)}</time>)</span>`;
  if (figure.now) {
    const now = formatSeriesValue(figure.now.value, series);
    html +=
      ` <span class="story-figure-now" data-testid="figure-now">now ${escapeMarkup(now)} (<time datetime="${escapeMarkup(figure.now.period)}">` +
      `${escapeMarkup(periodText(figure.now.period, series.frequency, ref.date))}</time>)</span>`;
  }
  if (figure.revised) {
    const text = revisionText({ ...figure, revised: figure.revised });
    html += ` <a class="story-figure-revised" data-testid="figure-revised" href="${seriesRevisionsPath(series.slug)}">${escapeMarkup(text)}</a>`;
  }
  return `${html}</span>`;
}

/** A figure as published, from the catalog alone (the stored text: search and reading time): "$78.31/bbl". */
export function figureValueText(ref: FigureRef): string {
  const facts = marketSeriesFacts(ref.series);
  return facts ? formatSeriesValue(Number(ref.value), facts) : ref.value;
}

/** Figures a link preview's description adds to the story's excerpt. */
export const PREVIEW_FIGURES = 2;

/**
 * A story's description for link previews and search results: its excerpt, then the first
 * figures it cites as text, as published ("… $78.31/bbl (WTI Crude Oil, EIA RWTC, Nov 25, 2026).").
 */
export function storyPreviewDescription(excerpt: string, figures: readonly string[]): string {
  const cited = figures.slice(0, PREVIEW_FIGURES).join('; ');
  return cited ? `${excerpt.trim()} ${cited}.` : excerpt;
}
