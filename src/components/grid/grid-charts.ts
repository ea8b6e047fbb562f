// The grid pages' charts, as data: a region's week of demand against the day-ahead forecast, and
// of net generation by fuel, in gigawatts on the region's own clock.
import { GRID_FUELS, type GridRegion } from '@db/catalog/grid';
import type { DataChartSpec } from '@/components/data-desk/data-chart';
import type { GridChartKind } from '@/lib/data-desk-views';
import { formatHourBothZones, gridZoneText, isoInZone, wallClockMs } from '@/lib/grid-format';
import type { GridHistory } from '@/lib/wire/grid';

/** Megawatthours in an hour as gigawatts, every digit kept (the table and the CSV give the figure as stored; the chart says it to a tenth). */
const gw = (mwh: number | null) => (mwh === null ? null : mwh / 1000);

/** What both charts of a region say about their time axis, source and as-of. */
function frame(region: GridRegion, history: GridHistory, hours: GridHistory['hours']) {
  const latest = history.region.latest?.period;
  return {
    unit: 'GW',
    source: history.region.source.text,
    asOfText: latest ? formatHourBothZones(latest, region) : '',
    decimals: 1,
    x: {
      kind: 'datetime' as const,
      times: hours.map((h) => wallClockMs(new Date(h.period), region.timeZone)),
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
      { name: 'Demand', color: '#1d4ed8', values: hours.map((h) => gw(h.demand)) },
      { name: 'Day-ahead forecast', color: '#d97706', dashed: true, values: hours.map((h) => gw(h.forecast)) },
    ],
  };
}

/**
 * Net generation by fuel over the week, stacked, every fuel in its catalog color. Storage that
 * charges (and any fuel drawing power) is drawn below zero, lighter, as "Battery storage
 * charging" (see `stackLayers`); the bands above zero add up to what was generated.
 */
export function fuelChart(region: GridRegion, history: GridHistory): DataChartSpec {
  const hours = history.hours.filter((h) => Object.values(h.fuels).some((v) => v !== null));
  const fuels = GRID_FUELS.filter((f) => hours.some((h) => (h.fuels[f.code] ?? 0) !== 0));
  return {
    id: `grid-${region.code.toLowerCase()}-generation-by-fuel`,
    title: `${region.name}: net generation by fuel`,
    type: 'area',
    stacked: true,
    height: 340,
    ...frame(region, history, hours),
    series: fuels.map((f) => ({
      name: f.label,
      color: f.color,
      values: hours.map((h) => gw(h.fuels[f.code])),
      ...(f.storage ? { negativeName: `${f.label} charging` } : {}),
    })),
  };
}

/** A region's chart of the week by its kind, as its page and its embed draw it. */
export function gridChart(region: GridRegion, history: GridHistory, chart: GridChartKind): DataChartSpec {
  return chart === 'demand' ? demandChart(region, history) : fuelChart(region, history);
}

/** What a grid chart's reader should know: the unit and the zone of its hours; for the fuels, where storage that charges is. */
export function gridChartNote(region: GridRegion, chart: GridChartKind = 'demand'): string {
  const storage = chart === 'generation' ? ' Storage that charges is drawn below zero, lighter.' : '';
  return `Hour by hour, in gigawatts.${storage} ${gridZoneText(region)}`;
}
