// Vintages of state and grid figures (figure_revisions), read as the series' are: the latest
// figures with what each revised one was, or every figure as first published or as known at the
// end of a day.
import type { FigureDataset } from '@db/catalog/figures';
import { endOfDay, type PointRevision } from '@/lib/value-revisions';
import type { FigureRevision } from '@/lib/wire/data-desk';
import { listFigureVintages, listRevisedFigures } from '@/server/queries/figure-revisions';
import type { VintageChoice } from '@/server/queries/market';

/** Which figures a read takes, as the data APIs' `vintage` and `asOf` say. */
export interface VintageQuery {
  vintage: 'latest' | 'first';
  asOf?: string | undefined;
}

/** A vintage read's choice, or undefined for the latest figures. */
export function vintageChoiceOf(which: VintageQuery): VintageChoice | undefined {
  if (which.asOf) return { before: endOfDay(which.asOf) };
  return which.vintage === 'first' ? { first: true } : undefined;
}

/** A revision as the state and grid APIs write it. */
export const figureRevisionOf = (r: PointRevision): FigureRevision => ({
  firstValue: r.firstValue,
  previousValue: r.previousValue,
  revisedAt: r.revisedAt,
  revisions: r.revisions,
});

/**
 * The revised figures of several datasets' figures in a range, in one read of the revisions'
 * index (a page's every figure): dataset → figure → period → what it was.
 */
export async function revisedFiguresOf(
  groups: readonly { dataset: FigureDataset; figures: readonly string[] }[],
  range: { start?: string | undefined; end?: string | undefined },
): Promise<Map<FigureDataset, Map<string, Map<string, PointRevision>>>> {
  const out = new Map<FigureDataset, Map<string, Map<string, PointRevision>>>();
  for (const row of await listRevisedFigures(groups, range)) {
    const ofDataset = out.get(row.dataset) ?? new Map<string, Map<string, PointRevision>>();
    const ofFigure = ofDataset.get(row.figure) ?? new Map<string, PointRevision>();
    ofFigure.set(row.period, {
      firstValue: row.firstValue,
      previousValue: row.previousValue,
      revisedAt: new Date(row.revisedAt).toISOString(),
      revisions: row.revisions,
    });
    ofDataset.set(row.figure, ofFigure);
    out.set(row.dataset, ofDataset);
  }
  return out;
}

/** Some figures' values as first published or as known before an instant: figure → period → value. */
export async function figuresAsChosen(
  dataset: FigureDataset,
  figures: readonly string[],
  range: { start?: string | undefined; end?: string | undefined },
  choice: VintageChoice,
): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (const row of await listFigureVintages(dataset, figures, range, choice)) {
    const own = out.get(row.figure) ?? new Map<string, number>();
    own.set(row.period, row.value);
    out.set(row.figure, own);
  }
  return out;
}
