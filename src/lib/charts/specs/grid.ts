// The grid pages' charts, as data: a region's week of demand against the day-ahead forecast, and
// of net generation by fuel, in gigawatts on the region's own clock (its page, its embed, its
// chart address `/charts/grid/{REGION}`).
import { GRID_FUELS, type GridRegion } from '@db/catalog/grid';
import { FORECAST_COLOR, MEASURED_COLOR } from '@/lib/charts/specs/colors';
import type { DataChartSpec } from '@/lib/charts/specs/data-desk';
import type { GridChartKind } from '@/lib/data-desk-views';
import { formatHourBothZones, gridZoneText, isoInZone, wallClockMs } from '@/lib/grid-format';
import type { CellRevision } from '@/lib/chart-table';
import type { GridHistory } from '@/lib/wire/grid';

/** Megawatthours in an hour as gigawatts, every digit kept (the table and the CSV give the figure as stored; the chart says it to a tenth). */
const gw = (mwh: number | null) => (mwh === null ? null : mwh / 1000);

/** Each hour's revision of one figure (`demand`, `fuels.SUN`) in gigawatts, as the table marks it; null where EIA did not revise it. */
const revisionsOf = (hours: GridHistory['hours'], place: string): (CellRevision | null)[] =>
  hours.map((h) => {
    const r = h.revised?.[place];
    return r ? { ...r, previousValue: r.previousValue / 1000, firstValue: r.firstValue / 1000 } : null;
  });

/** What both charts of a region say about their time axis, source and as-of. */
function frame(region: GridRegion, history: GridHistory, hours: GridHistory['hours']) {
  const latest = history.region.latest?.period;
  return {
    unit: 'GW',
    source: history.region.source.text,
    asOfText: latest ? formatHourBothZones(latest, region) : '',
    decimals: 1,
    x: {
      kind: 'hourly' as const,
      wallClock: hours.map((h) => new Date(wallClockMs(new Date(h.period), region.timeZone)).toISOString().slice(0, 16)),
      zone: region.zoneAbbr,
      instants: hours.map((h) => isoInZone(h.period, region.timeZone)),
    },
    labels: hours.map((h) => formatHourBothZones(h.period, region)),
  };
}

/** Demand against EIA's day-ahead forecast over the week, and the forecast of the hours ahead. */
export function demandChart(region: GridRegion, history: GridHistory): DataChartSpec {
  const hours = history.hours.filter((h) => h.demand !== null || h.forecast !== null);
  return {
    id: `grid-${region.code.toLowerCase()}-demand`,
    title: `${region.name}: hourly demand and day-ahead forecast`,
    type: 'line',
    height: 320,
    ...frame(region, history, hours),
    series: [
      { name: 'Demand', color: MEASURED_COLOR, values: hours.map((h) => gw(h.demand)), revisions: revisionsOf(hours, 'demand') },
      {
        name: 'Day-ahead forecast',
        color: FORECAST_COLOR,
        dashed: true,
        values: hours.map((h) => gw(h.forecast)),
        revisions: revisionsOf(hours, 'forecast'),
      },
    ],
  };
}

/**
 * Net generation by fuel over the week, stacked, every fuel in its catalog color. Storage that
 * charges (and any fuel drawing power) is drawn below zero in its own color; the bands above
 * zero add up to what was generated, those below to what was drawn.
 */
export function fuelChart(region: GridRegion, history: GridHistory): DataChartSpec {
  const hours = history.hours.filter((h) => Object.values(h.fuels).some((v) => v !== null));
  const fuels = GRID_FUELS.filter((f) => hours.some((h) => (h.fuels[f.code] ?? 0) !== 0));
  return {
    id: `grid-${region.code.toLowerCase()}-generation-by-fuel`,
    title: `${region.name}: net generation by fuel`,
    type: 'stacked-area',
    height: 340,
    ...frame(region, history, hours),
    series: fuels.map((f) => ({
      name: f.label,
      color: f.color,
      values: hours.map((h) => gw(h.fuels[f.code])),
      revisions: revisionsOf(hours, `fuels.${f.code}`),
    })),
  };
}

/** Net interchange over the week: power sent out of the region (above zero) or taken in (below). */
export function interchangeChart(region: GridRegion, history: GridHistory): DataChartSpec {
  const hours = history.hours.filter((h) => h.interchange !== null);
  return {
    id: `grid-${region.code.toLowerCase()}-interchange`,
    title: `${region.name}: net interchange with neighboring regions`,
    type: 'line',
    height: 260,
    ...frame(region, history, hours),
    // A region's net flow is often a few hundred megawatts: to the hundredth of a gigawatt.
    decimals: 2,
    series: [
      {
        name: 'Net interchange (sent out)',
        color: MEASURED_COLOR,
        values: hours.map((h) => gw(h.interchange)),
        revisions: revisionsOf(hours, 'interchange'),
      },
    ],
  };
}

/** A region's chart of the week by its kind, as its page and its embed draw it. */
export function gridChart(region: GridRegion, history: GridHistory, chart: GridChartKind): DataChartSpec {
  if (chart === 'demand') return demandChart(region, history);
  if (chart === 'interchange') return interchangeChart(region, history);
  return fuelChart(region, history);
}

/** What a grid chart's reader should know: the unit and the zone of its hours; for the fuels, where storage that charges is. */
export function gridChartNote(region: GridRegion, chart: GridChartKind = 'demand'): string {
  const sign =
    chart === 'generation'
      ? ' Storage that charges is drawn below zero.'
      : chart === 'interchange'
        ? ' Above zero the region sent power out, below zero it took power in.'
        : '';
  return `Hour by hour, in gigawatts.${sign} ${gridZoneText(region)}`;
}
