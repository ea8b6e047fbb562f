// The data a story cites, as readers see it when the page renders: each figure as published
// with what became of it (the series' latest figure, EIA's revision of that very figure), each
// chart block drawn from the stored data. A page showing them is tagged with each series it
// shows (`tag.series`), so an import or revision of one series renders again only the stories
// citing it.
import type { ChartMeta } from '@/lib/chart-meta';
import { CHART_FILE_SIZE } from '@/lib/charts/chart-spec';
import { chartRefPath, chartSeries, findRefs, replaceRefs, type ChartRef, type FigureRef } from '@/lib/data-refs';
import { isEiaSource } from '@/lib/energy';
import { seriesInfo } from '@/lib/series-catalog';
import type { SeriesFigure } from '@/lib/series-figure';
import { seriesChartFiles, seriesChartMeta, type SeriesView } from '@/lib/series-view';
import { chartRefFiles, chartRefImage, chartRefPage, chartRefTitle, chartRefView } from '@/lib/story-chart';
import { storyFigureHtml, storyFigureText, type StoryFigure } from '@/lib/story-figure';
import { showsTags, withRenderScope } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { getFigureState } from '@/server/queries/citations';
import { chartBlockCard } from '@/server/services/articles/chart-blocks';
import { getSeriesChart, type SeriesChart } from '@/server/services/markets/series-page';
import { escapeMarkup } from '@/lib/markup';

/** A chart block as a story's page draws it. */
export interface StoryChart {
  ref: ChartRef;
  title: string;
  /** The page of the site it opens (its permalink, root-relative). */
  page: string;
  /** Its files at the chart address (SVG, PNG, CSV, JSON). */
  files: { path: string; query: string };
  image: { src: string; alt: string };
  /** Where its figures come from, as its chart draws it ("Source: U.S. EIA, …" or "Sample data …"); absent without stored figures. */
  source?: string | undefined;
  /** A market series view, drawn on the server from the stored figures; absent for other kinds (shown as their image). */
  series?: { figure: SeriesFigure; view: SeriesView; meta: ChartMeta; annotations: SeriesChart['annotations'] } | undefined;
}

/** A story's body cut at its chart blocks: runs of HTML (figures drawn in) and the charts between them. */
export type StorySegment = { kind: 'html'; html: string } | { kind: 'chart'; chart: StoryChart };

/** Notes that the page being rendered shows figures of these series. */
function showsSeries(slugs: Iterable<string>): void {
  for (const slug of slugs) showsTags(tag.series(slug), tag.anySeries);
}

const figureKey = (ref: FigureRef) => `${ref.series}|${ref.date}`;

/** What became of a cited figure, from the stored data (undefined for a series no longer stored). */
async function storyFigure(ref: FigureRef, live: boolean): Promise<StoryFigure | undefined> {
  const state = await getFigureState({ series: ref.series, period: ref.date });
  if (!state) return undefined;
  const stated = Number(ref.value);
  const revised =
    live && state.current !== null && state.current !== stated
      ? { value: state.current, at: state.lastSeenAt ? new Date(state.lastSeenAt).toISOString() : null }
      : undefined;
  const now =
    live && state.latestPeriod !== null && state.latestValue !== null && state.latestPeriod > ref.date
      ? { period: state.latestPeriod, value: state.latestValue }
      : undefined;
  return {
    ref,
    series: { slug: state.slug, name: state.name, unit: state.unit, decimals: state.decimals, frequency: state.frequency },
    sample: !isEiaSource(state.source),
    eiaSeries: seriesInfo(state.slug, state.frequency).eiaSeries,
    now,
    revised,
  };
}

/** Each cited figure of a body, by series and period (read once each). */
async function storyFigures(html: string, live: boolean): Promise<Map<string, StoryFigure>> {
  const refs = findRefs(html).flatMap(({ ref }) => (ref.element === 'figure' ? [ref.ref] : []));
  const unique = [...new Map(refs.map((ref) => [figureKey(ref), ref])).values()];
  const figures = await Promise.all(unique.map((ref) => storyFigure(ref, live)));
  return new Map(figures.flatMap((f) => (f ? [[figureKey(f.ref), f] as const] : [])));
}

/** A chart block's drawing data: a market series view read as its series page reads it; other kinds by their image. */
async function storyChart(ref: ChartRef, site: URL): Promise<StoryChart> {
  const base = { ref, title: chartRefTitle(ref), page: chartRefPage(ref), files: chartRefFiles(ref), image: chartRefImage(ref) };
  if (ref.kind !== 'markets') return { ...base, source: (await chartBlockCard(ref, site.href))?.spec.source };
  const view = chartRefView(ref);
  // The series page's reader tags its page with every market figure (`market`): a story shows
  // only these series (and what else the chart names: annotations' linked stories).
  const { result, scope } = await withRenderScope(() => getSeriesChart(ref.key, view));
  showsTags(...[...scope.tags].filter((t) => t !== tag.market));
  showsSeries(chartSeries(ref));
  return result
    ? {
        ...base,
        files: seriesChartFiles(ref.key, view),
        series: { figure: result.figure, view, meta: seriesChartMeta(ref.key, result.figure, view, site), annotations: result.annotations },
      }
    : base;
}

/**
 * A story's body for its page: cut at its chart blocks (each drawn from the stored data), its
 * figures drawn in with their source and date, "now" and the revision mark; and each figure it
 * cites as text, as published (for its link preview). The page is tagged with every series it
 * shows.
 */
export async function storyBodyForReaders(html: string, site: URL): Promise<{ segments: StorySegment[]; figures: string[] }> {
  const figures = await storyFigures(html, true);
  showsSeries([...figures.values()].map((f) => f.series.slug));
  const drawFigures = (part: string) =>
    replaceRefs(part, (ref) => {
      if (ref.element !== 'figure') return '';
      const figure = figures.get(figureKey(ref.ref));
      return figure ? storyFigureHtml(figure) : '';
    });
  const segments: StorySegment[] = [];
  let at = 0;
  for (const { ref, index, length } of findRefs(html)) {
    if (ref.element !== 'chart') continue;
    if (index > at) segments.push({ kind: 'html', html: drawFigures(html.slice(at, index)) });
    segments.push({ kind: 'chart', chart: await storyChart(ref.ref, site) });
    at = index + length;
  }
  if (at < html.length) segments.push({ kind: 'html', html: drawFigures(html.slice(at)) });
  return { segments, figures: [...figures.values()].map(storyFigureText) };
}

/**
 * A story's body for a feed item or a mail, away from the site: each figure as published, as
 * text with its source and date (a feed item is what the story said); each chart block as its
 * image linking to the chart on the site, with its title, caption and where it comes from.
 */
export async function storyBodyAsText(html: string, site: URL): Promise<string> {
  const figures = await storyFigures(html, false);
  const sources = new Map<string, string | undefined>();
  for (const { ref } of findRefs(html))
    if (ref.element === 'chart') sources.set(chartRefPath(ref.ref, 'png'), (await chartBlockCard(ref.ref, site.href))?.spec.source);
  return replaceRefs(html, (ref) => {
    if (ref.element === 'figure') {
      const figure = figures.get(figureKey(ref.ref));
      return figure ? escapeMarkup(storyFigureText(figure)) : '';
    }
    const image = chartRefImage(ref.ref);
    const page = new URL(chartRefPage(ref.ref), site).href;
    const caption = [ref.ref.caption, `${chartRefTitle(ref.ref)}.`, sources.get(chartRefPath(ref.ref, 'png'))].filter(Boolean).join(' ');
    return (
      `<figure><a href="${escapeMarkup(page)}"><img src="${escapeMarkup(new URL(image.src, site).href)}" alt="${escapeMarkup(image.alt)}" width="${CHART_FILE_SIZE.width}" height="${CHART_FILE_SIZE.height}"></a>` +
      `<figcaption>${escapeMarkup(caption)}</figcaption></figure>`
    );
  });
}

/**
 * What a mail says of a story's data beside its headline: each figure it cites as published, as
 * text with its source and date (once each, in the order they appear), and its chart blocks.
 */
export async function storyDataForMail(html: string): Promise<{ figures: string[]; charts: ChartRef[] }> {
  const refs = findRefs(html);
  if (refs.length === 0) return { figures: [], charts: [] };
  const figures = await storyFigures(html, false);
  const texts = refs.flatMap(({ ref }) => {
    const figure = ref.element === 'figure' ? figures.get(figureKey(ref.ref)) : undefined;
    return figure ? [storyFigureText(figure)] : [];
  });
  return { figures: [...new Set(texts)], charts: refs.flatMap(({ ref }) => (ref.element === 'chart' ? [ref.ref] : [])) };
}
