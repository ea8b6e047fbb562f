// The colors of the charts' series that are not fuels (a fuel's color is the fuel catalog's,
// db/catalog/fuels.ts): what is measured, what was forecast, what it is compared with, and the
// order further series of a chart take. One place, so a role has one color on every chart.

/** A measured figure: a region's demand, a state's price, production. */
export const MEASURED_COLOR = '#1d4ed8';
/** A forecast or an estimate (drawn dashed as well): EIA's day-ahead demand forecast; volatility. */
export const FORECAST_COLOR = '#d97706';
/** What a figure is compared with (drawn dashed as well): the US average. */
export const REFERENCE_COLOR = '#6b7280';

/** Series of one chart in order, distinguishable from one another (a report's market series). */
export const SERIES_PALETTE = ['#1d4ed8', '#d97706', '#15803d', '#7c3aed', '#be185d', '#0891b2', '#52525b'] as const;

/** The color of a chart's `index`th series. */
export const paletteColor = (index: number): string => SERIES_PALETTE[index % SERIES_PALETTE.length] ?? MEASURED_COLOR;
