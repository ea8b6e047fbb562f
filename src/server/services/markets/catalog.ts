// The data catalog as the editor's insert dialog searches it: catalog entries with each market
// series' latest figure, and a series' figure of a chosen day, as a story will cite it.
import { searchDataCatalog } from '@/lib/data-catalog';
import { isEiaSource } from '@/lib/energy';
import { seriesInfo } from '@/lib/series-catalog';
import { storyFigureText } from '@/lib/story-figure';
import type { CatalogFigure, CatalogItem } from '@/lib/wire/markets';
import { NotFoundError, messages } from '@/server/errors';
import { getFigureOnOrBefore } from '@/server/queries/citations';
import type { MarketSeriesRow } from '@/server/queries/market';
import { findSeries } from '@/server/services/markets/series';

/** A stored figure as the catalog answers it (with the text a story shows). */
function figureOf(row: MarketSeriesRow, figure: { period: string; value: number }): CatalogFigure {
  const text = storyFigureText({
    ref: { series: row.slug, date: figure.period, value: String(figure.value) },
    series: { slug: row.slug, name: row.name, unit: row.unit, decimals: row.decimals, frequency: row.frequency },
    sample: !isEiaSource(row.source),
    eiaSeries: seriesInfo(row.slug, row.frequency).eiaSeries,
  });
  return { series: row.slug, period: figure.period, value: figure.value, text };
}

/** The entries a query finds (see `searchDataCatalog`), each market series with its latest stored figure. */
export async function searchCatalog(query: { q: string; figures?: '1' | '0' | undefined }): Promise<CatalogItem[]> {
  const entries = searchDataCatalog(query.q, { figures: query.figures === '1' });
  return Promise.all(
    entries.map(async (entry) => {
      if (entry.kind !== 'markets') return { ...entry, latest: null };
      const row = await findSeries(entry.key);
      const latest = row && (await getFigureOnOrBefore(entry.key, undefined));
      return { ...entry, latest: row && latest ? figureOf(row, latest) : null };
    }),
  );
}

/** A series' figure of `day` (the latest period on or before it; its latest without a day); 404 when it holds none. */
export async function catalogFigure(series: string, day: string | undefined): Promise<CatalogFigure> {
  const row = await findSeries(series);
  const figure = row && (await getFigureOnOrBefore(series, day));
  if (!row || !figure) throw new NotFoundError(messages.figureNotFound);
  return figureOf(row, figure);
}
