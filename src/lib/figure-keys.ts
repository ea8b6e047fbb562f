// Which figure a vintage of a state or grid figure belongs to (`figure_revisions.figure`, see
// FIGURE_DATASETS in db/schema/market.ts): written once here for the imports that record
// vintages and the reads that find them.
import { GRID_HOUR_FIGURES, type GridHourFigure } from '@db/catalog/figures';

export { GRID_HOUR_FIGURES, type GridHourFigure };

/** An hour as vintages key it: EIA's hourly form, `2026-01-05T14` (its end, UTC). */
export const hourKey = (time: Date | number | string): string => new Date(time).toISOString().slice(0, 13);

/** A state's (or the US's) generation of a fuel in a month. */
export const generationFigure = (r: { location: string; fuel: string; period: string; value: number }) => ({
  figure: `${r.location}|${r.fuel}`,
  period: r.period,
  value: r.value,
});

/** A state's (or the US's) retail price of a sector in a month. */
export const retailFigure = (r: { state: string; sector: string; period: string; price: number }) => ({
  figure: `${r.state}|${r.sector}`,
  period: r.period,
  value: r.price,
});

/** A state's (or the US's) retail sales of a sector in a month. */
export const retailSalesFigure = (r: { state: string; sector: string; period: string; value: number }) => ({
  figure: `${r.state}|${r.sector}`,
  period: r.period,
  value: r.value,
});

/** The region figures an hour holds (a missing one is none). */
export const gridHourFigures = (h: { respondent: string; period: Date } & Record<GridHourFigure, number | null>) =>
  GRID_HOUR_FIGURES.flatMap((name) => {
    const value = h[name];
    return value === null ? [] : [{ figure: `${h.respondent}|${name}`, period: hourKey(h.period), value }];
  });

/** A region's generation of a grid fuel in an hour. */
export const gridFuelFigure = (r: { respondent: string; period: Date; fuel: string; value: number }) => ({
  figure: `${r.respondent}|${r.fuel}`,
  period: hourKey(r.period),
  value: r.value,
});

/** The part of a figure after its place (`CA|RES` → `RES`). */
export const figureName = (figure: string): string => figure.slice(figure.indexOf('|') + 1);
/** The place of a figure (`CA|RES` → `CA`). */
export const figurePlace = (figure: string): string => figure.slice(0, figure.indexOf('|'));
