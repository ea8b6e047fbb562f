// The kinds of figure whose vintages are kept (figure_revisions), and what each one's `figure`
// names.

/** The kinds of figure whose vintages are kept, each with what its `figure` names. */
export const FIGURE_DATASETS = {
  /** A market series' figures (`market_observations`): the series' id, e.g. `3`. */
  market: 'market',
  /** Monthly generation (`generation`): `location|fuel`, e.g. `CA|NG`. */
  generation: 'generation',
  /** Monthly retail prices (`retail_prices`): `state|sector`, e.g. `CA|RES`. */
  retail: 'retail',
  /** Monthly retail sales (`retail_sales`): `state|sector`, e.g. `CA|RES`. */
  retailSales: 'retail-sales',
  /** An hour's region figure (`grid_hourly`): `respondent|demand` (or forecast, generation, interchange). */
  grid: 'grid',
  /** An hour's generation by fuel (`grid_fuel_hourly`): `respondent|fuel`, e.g. `TEX|SUN`. */
  gridFuel: 'grid-fuel',
} as const;
export type FigureDataset = (typeof FIGURE_DATASETS)[keyof typeof FIGURE_DATASETS];

/** The dataset names, as the table's column takes them. */
export const FIGURE_DATASET_NAMES = Object.values(FIGURE_DATASETS) as [FigureDataset, ...FigureDataset[]];

/** The region figures of a grid hour that keep vintages (`grid`: `respondent|demand` and so on). */
export const GRID_HOUR_FIGURES = ['demand', 'forecast', 'generation', 'interchange'] as const;
export type GridHourFigure = (typeof GRID_HOUR_FIGURES)[number];
