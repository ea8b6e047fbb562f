import { RETAIL_SECTOR_CODES, stateMetric } from '@db/catalog/states';
import { US_STATES } from '@/lib/energy';
import { EiaValues, type EiaQuery, type EiaRow } from '@/server/integrations/eia';
import type { RetailPriceRow } from '@/server/queries/retail-prices';
import type { RetailSalesRow } from '@/server/queries/retail-sales';

/**
 * The retail figures of the US and every state, by sector, monthly, in one query of their route:
 * the average price (cents per kWh) and the sales (million kWh), two data columns of each row.
 */
export const EIA_RETAIL: Omit<EiaQuery, 'start'> = {
  route: stateMetric('prices').eia.route,
  frequency: 'monthly',
  data: [stateMetric('prices').eia.data, stateMetric('sales').eia.data],
  facets: { stateid: ['US', ...Object.keys(US_STATES)], sectorid: RETAIL_SECTOR_CODES },
  tiebreak: ['stateid', 'sectorid'],
};

const places = new Set<string>(EIA_RETAIL.facets['stateid']);
const sectors = new Set<string>(RETAIL_SECTOR_CODES);

/**
 * One data column of an answer, one figure per state, sector and month; anything not asked for
 * is left out, and the values of the rows kept that are not figures (gaps, unreadable) are
 * counted in `values`.
 */
function retailFiguresOf(
  rows: readonly EiaRow[],
  column: string,
  values: EiaValues,
): { state: string; sector: string; period: string; value: number }[] {
  const figures = new Map<string, { state: string; sector: string; period: string; value: number }>();
  for (const row of rows) {
    const { period, stateid, sectorid } = row;
    if (typeof period !== 'string' || !/^\d{4}-\d{2}$/.test(period)) continue;
    if (typeof stateid !== 'string' || !places.has(stateid) || typeof sectorid !== 'string' || !sectors.has(sectorid)) continue;
    const value = values.read(row[column]);
    if (value === undefined) continue;
    figures.set(`${stateid}|${sectorid}|${period}`, { state: stateid, sector: sectorid, period, value });
  }
  return [...figures.values()];
}

/** The prices of an answer (its `price` column), as `retailFiguresOf` reads them. */
export function retailPricesOf(rows: readonly EiaRow[], values = new EiaValues()): Omit<RetailPriceRow, 'sample'>[] {
  return retailFiguresOf(rows, stateMetric('prices').eia.data, values).map(({ value, ...r }) => ({ ...r, price: value }));
}

/** The sales of an answer (its `sales` column), as `retailFiguresOf` reads them. */
export function retailSalesOf(rows: readonly EiaRow[], values = new EiaValues()): Omit<RetailSalesRow, 'sample'>[] {
  return retailFiguresOf(rows, stateMetric('sales').eia.data, values);
}
