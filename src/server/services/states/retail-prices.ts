import { RETAIL_SECTOR_CODES, stateMetric } from '@db/catalog/states';
import { US_STATES } from '@/lib/energy';
import { EiaValues, type EiaQuery, type EiaRow } from '@/server/integrations/eia';
import type { RetailPriceRow } from '@/server/queries/retail-prices';

/** The average retail price of electricity (cents per kWh) of the US and every state, by sector, monthly. */
export const EIA_RETAIL_PRICES: Omit<EiaQuery, 'start'> = {
  route: stateMetric('prices').eia.route,
  frequency: 'monthly',
  data: stateMetric('prices').eia.data,
  facets: { stateid: ['US', ...Object.keys(US_STATES)], sectorid: RETAIL_SECTOR_CODES },
  tiebreak: ['stateid', 'sectorid'],
};

const places = new Set<string>(EIA_RETAIL_PRICES.facets['stateid']);
const sectors = new Set<string>(RETAIL_SECTOR_CODES);

/**
 * The prices of an answer, one per state, sector and month; anything not asked for is left out,
 * and the prices of the rows kept that are not figures (gaps, unreadable) are counted in `values`.
 */
export function retailPricesOf(rows: readonly EiaRow[], values = new EiaValues()): Omit<RetailPriceRow, 'sample'>[] {
  const prices = new Map<string, Omit<RetailPriceRow, 'sample'>>();
  for (const row of rows) {
    const { period, stateid, sectorid } = row;
    if (typeof period !== 'string' || !/^\d{4}-\d{2}$/.test(period)) continue;
    if (typeof stateid !== 'string' || !places.has(stateid) || typeof sectorid !== 'string' || !sectors.has(sectorid)) continue;
    const price = values.read(row['price']);
    if (price === undefined) continue;
    prices.set(`${stateid}|${sectorid}|${period}`, { state: stateid, sector: sectorid, period, price });
  }
  return [...prices.values()];
}
