import { changeOverDays, FALLBACK_ENERGY_MIX, thirtyDayVolatility, weeklyVolatility, type DashboardFigures } from '@/lib/dashboard';
import { formatAsOf, generationSourceLine, seriesSourceLine } from '@/lib/market-format';
import type { EnergyMixEntry } from '@/lib/wire/markets';
import { generationEnergyMix } from '@/server/queries/generation';
import { listEnergyMix, listRecentObservations, listSeriesBySlugs, type MarketSeriesRow } from '@/server/queries/market';
import { getZohoRow, type ZohoRow } from '@/server/queries/zoho-config';
import { PRODUCTION_SLUG } from '@/server/services/markets/import';
import { getZohoEnergyMix } from '@/server/services/analytics/zoho';

/** Observations of WTI read for its figures: enough weekdays for a 91-day change and four weeks of returns. */
const WTI_OBSERVATIONS = 80;
/** Months of production the card charts. */
const PRODUCTION_MONTHS = 12;
/** Days back the Price Analysis card compares the latest WTI price with. */
const QUARTER_DAYS = 91;

/**
 * The energy mix to chart and the line saying where it comes from: the configured Zoho
 * data view, else the stored generation mix (EIA, or its sample stand-in), else the stored
 * fallback mix (fixed example figures).
 */
export async function getEnergyMixWithSource(
  zoho: Promise<ZohoRow | undefined> = getZohoRow(),
): Promise<{ mix: EnergyMixEntry[]; source: string; illustrative: boolean }> {
  const fromZoho = await getZohoEnergyMix(await zoho);
  if (fromZoho) return { mix: fromZoho, source: 'Source: the Zoho Analytics data view the editors configured.', illustrative: false };
  const fromGeneration = await generationEnergyMix();
  if (fromGeneration) {
    const asOf = formatAsOf(fromGeneration.month, 'monthly');
    return { mix: fromGeneration.mix, source: generationSourceLine(fromGeneration.sample, asOf), illustrative: false };
  }
  const stored = await listEnergyMix();
  return {
    mix: stored.length > 0 ? stored : FALLBACK_ENERGY_MIX,
    source: 'A fixed example mix, not measured data, shown until generation data is stored.',
    illustrative: true,
  };
}

/** A series' newest observations, oldest first. */
async function recent(series: MarketSeriesRow, count: number) {
  return (await listRecentObservations(series.id, count)).reverse();
}

/**
 * What the dashboard cards show: the energy mix, and what they compute from the stored
 * series (WTI's change over three months, its 30-day and weekly realized volatility, and US
 * crude oil production once an EIA import has stored it), each with its source line and
 * as-of date.
 */
export async function getDashboardData(zoho?: Promise<ZohoRow | undefined>): Promise<{ energyMix: EnergyMixEntry[]; figures: DashboardFigures }> {
  const [series, energyMix] = await Promise.all([listSeriesBySlugs(['wti', PRODUCTION_SLUG]), getEnergyMixWithSource(zoho)]);
  const wtiSeries = series.find((s) => s.slug === 'wti');
  const productionSeries = series.find((s) => s.slug === PRODUCTION_SLUG);
  const [wtiRows, productionRows] = await Promise.all([
    wtiSeries ? recent(wtiSeries, WTI_OBSERVATIONS) : [],
    productionSeries ? recent(productionSeries, PRODUCTION_MONTHS) : [],
  ]);
  const figures: DashboardFigures = { energyMix: { source: energyMix.source, illustrative: energyMix.illustrative } };

  const latest = wtiRows.at(-1);
  const volatility30d = thirtyDayVolatility(wtiRows);
  if (wtiSeries && latest && volatility30d !== undefined) {
    const quarterChange = changeOverDays(wtiRows, QUARTER_DAYS);
    figures.wti = {
      latest: { period: latest.period, value: latest.value },
      volatility30d,
      weekly: weeklyVolatility(wtiRows),
      source: seriesSourceLine([wtiSeries], formatAsOf(latest.period, wtiSeries.frequency)),
      ...(quarterChange === undefined ? {} : { quarterChange }),
    };
  }

  const lastMonth = productionRows.at(-1);
  if (productionSeries && lastMonth) {
    figures.production = {
      // Stored in thousand barrels per day; readers know US output in million barrels per day.
      months: productionRows.map((r) => ({ period: r.period, value: Math.round(r.value) / 1000 })),
      source: seriesSourceLine([productionSeries], formatAsOf(lastMonth.period, 'monthly')),
    };
  }
  return { energyMix: energyMix.mix, figures };
}
