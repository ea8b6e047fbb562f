import { readFileSync } from 'node:fs';
import { mulberry32 } from '../../db/seed/random.ts';
import { startFakeServer, type FakeServer } from './http.ts';

/**
 * A local stand-in for EIA's API v2, shaped from answers EIA really sent (the recordings in
 * `tests/fixtures/eia/`, each with its source in that folder's README): every route answers its
 * recorded column set in the recorded key order, names where EIA sends names (`respondent-name`,
 * `type-name`, `stateDescription`, `sectorName`), values as EIA writes them (strings without a
 * leading zero, trailing zeros dropped, negatives, up to 11 decimals), gaps as null or "NA",
 * `response.total` as a string, the `dateFormat` of the frequency asked for, a root `warnings`
 * whenever the total passes 5,000, at most `maxPage` rows per answer (EIA's cap is 5,000; small
 * here so paging is exercised), and the order of rows EIA keeps only as far as the sort asked
 * for: rows equal on every sort column come in a different order on every request, as EIA's do.
 * Errors as EIA answers them: 400 `{error, code}` for a bad parameter (an unknown facet name
 * too: no recording of that one was found, it is worded as the recorded 400s are), 403
 * `{error: {code, message}}` for a missing or bad key and 404 `{"error":"Not found.","code":404}`
 * for a route it does not know (all three as recorded), or that body with HTTP 500 as EIA sent it
 * before API 2.1.10 (`unknownRouteStatus`). Petroleum answers have no `response.description`.
 */
export interface FakeEia extends FakeServer {
  /** Rows per route, as EIA would answer them before filtering. */
  routes: Map<string, Record<string, unknown>[]>;
  /**
   * Make the next `times` calls of a route answer `status` (429 carries Retry-After: 0); the
   * body's `code` is `code` when given (EIA answers an unknown route 500 with code 404).
   */
  failNext: (route: string, status: number, times?: number, code?: number) => void;
  /** Make a route page wrongly (see PagingFault) until cleared with `undefined`. */
  pagingFault: (route: string, fault: PagingFault | undefined) => void;
}

/**
 * Ways an upstream's paging can go wrong. `endless`: every page is full and its `total` lies
 * one page beyond it, so the total is never reached. `short`: the total is twice the rows
 * there are, and the pages past them are empty (a recorded answer said "436" and held 218).
 * `total`: the answer always says `total` rows and fills every page up to it by cycling
 * through the rows there are.
 */
export type PagingFault = { kind: 'endless' } | { kind: 'short' } | { kind: 'total'; total: number };

/** `count` rows from `offset` on, going round `rows` again and again. */
const cycled = (rows: Record<string, unknown>[], offset: number, count: number) =>
  rows.length === 0 ? [] : Array.from({ length: count }, (_, i) => rows[(offset + i) % rows.length] ?? {});

export const FAKE_EIA_KEY = 'fake-eia-key';

/** The last day of EIA's Henry Hub futures settlements (RNGC1-4): none after it. */
export const HENRY_HUB_FUTURES_LAST_DAY = '2024-04-05';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The folder of recorded EIA answers. */
export const EIA_FIXTURES = new URL('../fixtures/eia/', import.meta.url);

/** A recorded EIA answer from `tests/fixtures/eia/`, parsed (its source is named in that folder's README). */
export function eiaFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(name, EIA_FIXTURES), 'utf8')) as Record<string, unknown>;
}

/** The rows of a recorded answer. */
export function eiaFixtureRows(name: string): Record<string, unknown>[] {
  return (eiaFixture(name)['response'] as { data: Record<string, unknown>[] }).data;
}

/**
 * A number written as EIA writes it: at most `decimals` decimals, trailing zeros dropped and no
 * leading zero (`0.306` is ".306", `-0.5` is "-.5", `86.10` is "86.1"), as the recordings show.
 */
export function eiaValueString(value: number, decimals = 2): string {
  const fixed = value.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  const text = trimmed.replace(/^(-?)0\./, '$1.');
  return text === '-0' || text === '' ? '0' : text;
}

/** The grid monitor's respondents: the Lower 48 and its 13 regions. */
export const FAKE_GRID_RESPONDENTS = ['US48', 'CAL', 'CAR', 'CENT', 'FLA', 'MIDA', 'MIDW', 'NE', 'NY', 'NW', 'SE', 'SW', 'TEN', 'TEX'];
const HOUR = 3_600_000;
/** An hour as EIA's hourly routes write it (UTC). */
export const fakeEiaHour = (t: number) => new Date(t).toISOString().slice(0, 13);

/** Region names and region-data type names as EIA-930 sends them (the recordings, `rto-region-data.json`). */
const REGION_TYPES = { D: 'Demand', DF: 'Day-ahead demand forecast', NG: 'Net generation', TI: 'Total interchange' } as const;

/**
 * Each respondent's fuels and their recorded values at one hour (`rto-fuel-type-data.json`,
 * 2024-12-15T00, ERCO included): the fake's hours scale them. The fuels a respondent reported by
 * September 2026 and not in that hour are added with their recorded values and EIA's names
 * (`rto-fuel-type-data-2026-09-11.json`, 2026-09-11T04-05): geothermal (GEO: California 1126,
 * the Northwest 20, the Southwest 7, Tennessee 0), other energy storage (OES) and the unknown
 * (UNK) and wind-with-battery (WNB) codes in Tennessee, batteries and pumped storage in
 * California and the Carolinas, unknown storage in the Southwest.
 */
function recordedFuels(): Map<string, { names: string; fuels: { fuel: string; name: string; value: number }[] }> {
  const byRespondent = new Map<string, { names: string; fuels: { fuel: string; name: string; value: number }[] }>();
  for (const row of eiaFixtureRows('rto-fuel-type-data.json')) {
    const respondent = String(row['respondent']);
    const entry = byRespondent.get(respondent) ?? { names: String(row['respondent-name']), fuels: [] };
    entry.fuels.push({ fuel: String(row['fueltype']), name: String(row['type-name']), value: Number(row['value']) });
    byRespondent.set(respondent, entry);
  }
  for (const row of eiaFixtureRows('rto-fuel-type-data-2026-09-11.json')) {
    const entry = byRespondent.get(String(row['respondent']));
    const fuel = String(row['fueltype']);
    if (!entry || entry.fuels.some((f) => f.fuel === fuel)) continue;
    entry.fuels.push({ fuel, name: String(row['type-name']), value: Number(row['value']) });
    entry.fuels.sort((a, b) => a.fuel.localeCompare(b.fuel));
  }
  return byRespondent;
}
const RECORDED_FUELS = recordedFuels();

/**
 * The fake's net generation by fuel of a respondent in the hour ending at `t` (MWh): the
 * recorded hour's fuels, scaled so they add up to the respondent's net generation (demand plus
 * 100), negatives kept (California's Other, Texas' unknown storage, Tennessee's solar).
 */
export function fakeGridFuels(respondent: string, t: number): { fuel: string; name: string; value: number }[] {
  const recorded = RECORDED_FUELS.get(respondent)?.fuels ?? [];
  const total = recorded.reduce((sum, f) => sum + f.value, 0);
  const generation = fakeGridDemand(respondent, t) + 100;
  return recorded.map((f) => ({ fuel: f.fuel, name: f.name, value: Math.round((f.value * generation) / total) }));
}

/**
 * Hourly grid data for the `gridDays` days before the last whole hour before `now`: demand,
 * day-ahead forecast (a day past the last demand hour too), net generation and interchange of
 * every respondent, and net generation by fuel with the fuels EIA reports (`fakeGridFuels`:
 * battery, pumped and other storage, geothermal, solar and wind with batteries, unknown storage
 * and unknown sources), and a
 * respondent the import does not keep (ERCO). Gaps: Texas' demand is null 5 hours before the
 * end, and the Lower 48's solar is null 7 hours before it. Each figure is a function of its
 * respondent and hour, so a test can say what it should be (`fakeGridDemand`, `fakeGridFuels`).
 */
export function defaultGridRows(now: number, gridDays: number): { regions: Record<string, unknown>[]; fuels: Record<string, unknown>[] } {
  const last = Math.floor(now / HOUR) * HOUR - HOUR;
  const regions: Record<string, unknown>[] = [];
  const fuels: Record<string, unknown>[] = [];
  for (let t = last - gridDays * 24 * HOUR; t <= last + 24 * HOUR; t += HOUR) {
    const period = fakeEiaHour(t);
    for (const respondent of [...FAKE_GRID_RESPONDENTS, 'ERCO']) {
      const name = RECORDED_FUELS.get(respondent)?.names ?? respondent;
      // Region rows in EIA's key order (`rto-region-data-aec.json`): period, respondent, respondent-name, type, type-name, value, value-units.
      const region = (type: keyof typeof REGION_TYPES, value: string | null) => ({
        period,
        respondent,
        'respondent-name': name,
        type,
        'type-name': REGION_TYPES[type],
        value,
        'value-units': 'megawatthours',
      });
      const demand = fakeGridDemand(respondent, t);
      regions.push(region('DF', String(Math.round(demand * 1.01))));
      if (t > last) continue;
      const gap = respondent === 'TEX' && t === last - 5 * HOUR;
      regions.push(region('D', gap ? null : String(demand)));
      regions.push(region('NG', String(demand + 100)));
      regions.push(region('TI', '100'));
      for (const { fuel, name: typeName, value } of fakeGridFuels(respondent, t)) {
        const solarGap = respondent === 'US48' && fuel === 'SUN' && t === last - 7 * HOUR;
        // Fuel rows in EIA's key order (`rto-fuel-type-data-aec.json`: period, respondent, respondent-name, fueltype, type-name,
        // value, value-units; the other fuel recordings were re-serialised by their project with sorted keys).
        fuels.push({
          period,
          respondent,
          'respondent-name': name,
          fueltype: fuel,
          'type-name': typeName,
          value: solarGap ? null : String(value),
          'value-units': 'megawatthours',
        });
      }
    }
  }
  return { regions, fuels };
}

/** The fake's demand of a respondent in the hour ending at `t` (MWh): a daily swing around a level per respondent. */
export function fakeGridDemand(respondent: string, t: number): number {
  const level = respondent === 'US48' ? 450_000 : 10_000 + (respondent.charCodeAt(0) % 10) * 5_000;
  const hour = new Date(t).getUTCHours();
  return Math.round(level * (1 + 0.1 * Math.sin(((hour - 10) / 24) * 2 * Math.PI)));
}

/** What a petroleum or natural-gas row says besides its period and value, in the recorded column order. */
interface SeriesColumns {
  duoarea: string;
  area: string;
  product: string;
  productName: string;
  process: string;
  processName: string;
  series: string;
  description: string;
  units: string;
}

/**
 * A petroleum or natural-gas row with the 11 columns EIA sends, in its order (as recorded in
 * `petroleum-pri-fut-rclc.json` and `petroleum-stoc-wstk.json`).
 */
function seriesRow(period: string, c: SeriesColumns, value: string | null): Record<string, unknown> {
  return {
    period,
    duoarea: c.duoarea,
    'area-name': c.area,
    product: c.product,
    'product-name': c.productName,
    process: c.process,
    'process-name': c.processName,
    series: c.series,
    'series-description': c.description,
    value,
    units: c.units,
  };
}

/** WTI spot as recorded (`petroleum-pri-spt-rwtc.json`); Brent's as recorded too (`petroleum-pri-spt-rbrte.json`). */
const WTI: SeriesColumns = {
  duoarea: 'YCUOK',
  area: 'NA',
  product: 'EPCWTI',
  productName: 'WTI Crude Oil',
  process: 'PF4',
  processName: 'Spot Price FOB',
  series: 'RWTC',
  description: 'Cushing, OK WTI Spot Price FOB (Dollars per Barrel)',
  units: '$/BBL',
};
const BRENT: SeriesColumns = {
  duoarea: 'ZEU',
  area: 'NA',
  product: 'EPCBRENT',
  productName: 'UK Brent Crude Oil',
  process: 'PF4',
  processName: 'Spot Price FOB',
  series: 'RBRTE',
  description: 'Europe Brent Spot Price FOB (Dollars per Barrel)',
  units: '$/BBL',
};
const HENRY_HUB: SeriesColumns = {
  duoarea: 'RGC',
  area: 'NA',
  product: 'EPG0',
  productName: 'Natural Gas',
  process: 'PS0',
  processName: 'Spot Price',
  series: 'RNGWHHD',
  description: 'Henry Hub Natural Gas Spot Price (Dollars per Million Btu)',
  units: '$/MMBTU',
};
/** Futures contract n's columns: its process is `PE{n}`, "Future Contract {n}", on every futures route (both recordings below). */
const futureContract = (n: number, columns: Omit<SeriesColumns, 'process' | 'processName'>): SeriesColumns => ({
  ...columns,
  process: `PE${n}`,
  processName: `Future Contract ${n}`,
});
/** WTI contract n at Cushing as recorded (`petroleum-pri-fut-rclc.json`: contracts 1 to 4). */
const crudeFuture = (n: number): SeriesColumns =>
  futureContract(n, {
    duoarea: 'YCUOK',
    area: 'NA',
    product: 'EPC0',
    productName: 'Crude Oil',
    series: `RCLC${n}`,
    description: `Cushing, OK Crude Oil Future Contract ${n} (Dollars per Barrel)`,
    units: '$/BBL',
  });
/** Henry Hub contract n as recorded (`natural-gas-pri-fut-rngc4.json`: contract 4, area "NEW YORK CITY"). */
const gasFuture = (n: number): SeriesColumns =>
  futureContract(n, {
    duoarea: 'Y35NY',
    area: 'NEW YORK CITY',
    product: 'EPG0',
    productName: 'Natural Gas',
    series: `RNGC${n}`,
    description: `Natural Gas Futures Contract ${n} (Dollars per Million Btu)`,
    units: '$/MMBTU',
  });
/** A US retail price in the recorded columns of `petroleum/pri/gnd` (`petroleum-pri-gnd-epmru.json`: area "U.S.", process PTE "Retail Sales", "$/GAL"). */
const retailGasoline = (series: string, product: string, productName: string): SeriesColumns => ({
  duoarea: 'NUS',
  area: 'U.S.',
  product,
  productName,
  process: 'PTE',
  processName: 'Retail Sales',
  series,
  description: `U.S. ${productName} Retail Prices (Dollars per Gallon)`,
  units: '$/GAL',
});
/** The weekly stocks' columns exactly as recorded (`petroleum-stoc-wstk.json`), and crude including the SPR. */
const STOCKS: Record<string, SeriesColumns> = {
  WCESTUS1: {
    duoarea: 'NUS',
    area: 'U.S.',
    product: 'EPC0',
    productName: 'Crude Oil',
    process: 'SAX',
    processName: 'Ending Stocks Excluding SPR',
    series: 'WCESTUS1',
    description: 'U.S. Ending Stocks excluding SPR of Crude Oil (Thousand Barrels)',
    units: 'MBBL',
  },
  W_EPC0_SAX_YCUOK_MBBL: {
    duoarea: 'YCUOK',
    area: 'NA',
    product: 'EPC0',
    productName: 'Crude Oil',
    process: 'SAX',
    processName: 'Ending Stocks Excluding SPR',
    series: 'W_EPC0_SAX_YCUOK_MBBL',
    description: 'Cushing, OK Ending Stocks excluding SPR of Crude Oil (Thousand Barrels)',
    units: 'MBBL',
  },
  WDISTUS1: {
    duoarea: 'NUS',
    area: 'U.S.',
    product: 'EPD0',
    productName: 'Distillate Fuel Oil',
    process: 'SAE',
    processName: 'Ending Stocks',
    series: 'WDISTUS1',
    description: 'U.S. Ending Stocks of Distillate Fuel Oil (Thousand Barrels)',
    units: 'MBBL',
  },
  WCRSTUS1: {
    duoarea: 'NUS',
    area: 'U.S.',
    product: 'EPC0',
    productName: 'Crude Oil',
    process: 'SAE',
    processName: 'Ending Stocks',
    series: 'WCRSTUS1',
    description: 'U.S. Ending Stocks of Crude Oil (Thousand Barrels)',
    units: 'MBBL',
  },
};
/** Weekly working gas in the recorded columns of `natural-gas/stor/wkly` (`natural-gas-stor-wkly-sno-r33.json`: area "NA", "BCF"). */
const gasStorage = (duoarea: string, region: string): SeriesColumns => ({
  duoarea,
  area: 'NA',
  product: 'EPG0',
  productName: 'Natural Gas',
  process: 'SWO',
  processName: 'Underground Storage - Working Gas',
  series: `NW2_EPG0_SWO_${duoarea}_BCF`,
  description: `Weekly ${region} Natural Gas Working Underground Storage (Billion Cubic Feet)`,
  units: 'BCF',
});

/** State names as EIA's electricity routes send them in `stateDescription` (`electric-power-operational-data.json`). */
const STATE_NAMES: Record<string, string> = { US: 'U.S. Total', TX: 'Texas', CA: 'California', VT: 'Vermont', HI: 'Hawaii', NEW: 'New England' };
/** Retail sectors' names as EIA sends them in `sectorName`. */
const SECTOR_NAMES: Record<string, string> = { RES: 'residential', COM: 'commercial', IND: 'industrial', ALL: 'all sectors', TRA: 'transportation' };
/** Fuel names as the operational-data route sends them in `fuelTypeDescription` (lower case, as recorded). */
const FUEL_NAMES: Record<string, string> = {
  ALL: 'all fuels',
  NG: 'natural gas',
  COW: 'coal',
  NUC: 'nuclear',
  HYC: 'conventional hydroelectric',
  WND: 'wind',
  SUN: 'solar',
  PET: 'petroleum',
};

/**
 * Default data: prices for the last `days` days (weekdays) with the NYMEX futures strip (contracts
 * 1-4), weekly diesel, crude and distillate stocks and gas storage, monthly generation, retail
 * prices and crude production, and the Short-Term Energy Outlook (a year back to December of
 * next year). Values are written as EIA writes them (`eiaValueString`); gaps are null or "NA".
 */
export function defaultEiaRoutes(now = Date.now(), days = 40, gridDays = 10): Map<string, Record<string, unknown>[]> {
  const spot: Record<string, unknown>[] = [];
  const gas: Record<string, unknown>[] = [];
  const gasoline: Record<string, unknown>[] = [];
  const stocks: Record<string, unknown>[] = [];
  const storage: Record<string, unknown>[] = [];
  const crudeFutures: Record<string, unknown>[] = [];
  let fridays = 0;
  for (let i = days; i >= 1; i--) {
    const t = now - i * DAY;
    const day = new Date(t).getUTCDay();
    if (day === 0 || day === 6) continue;
    const period = iso(t);
    // A gap EIA marks with "NA" (WTI) and one with null (Brent) on the same day.
    spot.push(seriesRow(period, WTI, i === 10 ? 'NA' : eiaValueString(60 + i / 10)));
    spot.push(seriesRow(period, BRENT, i === 10 ? null : eiaValueString(65 + i / 10)));
    gas.push(seriesRow(period, HENRY_HUB, eiaValueString(3 + i / 100)));
    // The strip: contract n a little under the one before (backwardation); a gap in contract 3 of WTI.
    for (const n of [1, 2, 3, 4]) {
      crudeFutures.push(seriesRow(period, crudeFuture(n), n === 3 && i === 12 ? null : eiaValueString(60.2 + i / 10 - n * 0.25)));
    }
    if (day === 1) {
      gasoline.push(seriesRow(period, retailGasoline('EMM_EPMR_PTE_NUS_DPG', 'EPMR', 'Regular Gasoline'), eiaValueString(3.1 + i / 1000, 3)));
      gasoline.push(seriesRow(period, retailGasoline('EMD_EPD2D_PTE_NUS_DPG', 'EPD2D', 'No 2 Diesel'), eiaValueString(3.7 + i / 1000, 3)));
    }
    if (day === 5) {
      // Weekly stocks (week ending Friday): commercial crude excluding the SPR, Cushing,
      // distillate, and crude including the SPR, which the import must not take; a gap at Cushing.
      stocks.push(seriesRow(period, STOCKS['WCESTUS1']!, String(420_000 + i * 100)));
      stocks.push(seriesRow(period, STOCKS['W_EPC0_SAX_YCUOK_MBBL']!, fridays === 1 ? null : String(23_000 + i * 10)));
      stocks.push(seriesRow(period, STOCKS['WDISTUS1']!, String(118_000 + i * 50)));
      stocks.push(seriesRow(period, STOCKS['WCRSTUS1']!, '800000'));
      storage.push(seriesRow(period, gasStorage('R48', 'Lower 48 States'), String(3_800 + i)));
      storage.push(seriesRow(period, gasStorage('R31', 'East Region'), '900'));
      fridays++;
    }
  }
  const months: string[] = [];
  for (let m = 6; m >= 3; m--) {
    const d = new Date(now);
    months.push(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m, 1)).toISOString().slice(0, 7));
  }
  // Retail prices and sales by state and sector: the US residential price the market series
  // reads, and the states' prices and sales the data desk reads, with a gap in each (Hawaii's
  // industrial price in one month written "NA", Vermont's industrial sales in another null, as
  // the recording's customer count) and a sector the import must not take (transportation).
  const retail: Record<string, unknown>[] = [];
  for (const [i, period] of months.entries()) {
    for (const [state, base] of [
      ['US', 16],
      ['TX', 14],
      ['CA', 30],
      ['VT', 22],
      ['HI', 40],
    ] as const) {
      for (const [sector, ratio] of [
        ['RES', 1],
        ['COM', 0.8],
        ['IND', 0.5],
        ['ALL', 0.85],
        ['TRA', 0.7],
      ] as const) {
        const gap = state === 'HI' && sector === 'IND' && i === 1;
        const salesGap = state === 'VT' && sector === 'IND' && i === 2;
        // The columns in the recorded order (`electricity-retail-sales.json`: the data columns, then their units).
        retail.push({
          period,
          stateid: state,
          stateDescription: STATE_NAMES[state],
          sectorid: sector,
          sectorName: SECTOR_NAMES[sector],
          price: gap ? 'NA' : state === 'US' && sector === 'RES' ? eiaValueString(16 + i / 10) : eiaValueString(base * ratio + i / 10),
          // Million kWh with EIA's five decimals (the recording's "521.03566"), larger where the price is lower.
          sales: salesGap ? null : eiaValueString((state === 'US' ? 320_000 : 40_000 / base) * ratio * (1 + i / 50), 5),
          'price-units': 'cents per kilowatt-hour',
          'sales-units': 'million kilowatt hours',
        });
      }
    }
  }
  const generation: Record<string, unknown>[] = [];
  const fuels: [string, number][] = [
    ['NG', 0.4],
    ['COW', 0.16],
    ['NUC', 0.18],
    ['HYC', 0.06],
    ['WND', 0.11],
    ['SUN', 0.07],
  ];
  /** A row of generation from one fuel (ALL: every fuel) in one sector, in the recorded column order. */
  const generationRow = (period: string, location: string, sectorid: string, fueltypeid: string, amount: string | null) => ({
    period,
    location,
    stateDescription: STATE_NAMES[location] ?? location,
    sectorid,
    sectorDescription: sectorid === '99' ? 'All Sectors' : 'Electric Utility',
    fueltypeid,
    fuelTypeDescription: FUEL_NAMES[fueltypeid],
    generation: amount,
    'generation-units': 'thousand megawatthours',
  });
  for (const period of months) {
    // Vermont's generation is small (thousand MWh): its fuels are written below 1, as ".306" is.
    for (const [location, total] of [
      ['US', 350000],
      ['TX', 45000],
      ['CA', 17000],
      ['VT', 1.8],
    ] as const) {
      generation.push(generationRow(period, location, '99', 'ALL', eiaValueString(total, 5)));
      for (const [fuel, share] of fuels)
        generation.push(generationRow(period, location, '99', fuel, location === 'VT' && fuel === 'COW' ? null : eiaValueString(total * share, 5)));
      // Rows the import must ignore: another sector.
      generation.push(generationRow(period, location, '1', 'NG', '1'));
    }
    // A region and a fuel the import must ignore.
    generation.push(generationRow(period, 'NEW', '99', 'ALL', '9999'));
    generation.push(generationRow(period, 'US', '99', 'PET', '700'));
  }
  // US crude oil field production (thousand barrels per day) for the 14 months before the
  // last one, with a gap EIA marks with "NA" and Texas' series, which the import must not take.
  const production: Record<string, unknown>[] = [];
  for (let m = 15; m >= 2; m--) {
    const d = new Date(now);
    const period = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m, 1)).toISOString().slice(0, 7);
    // The recorded columns of `petroleum/crd/crpdn` (`petroleum-crd-crpdn-mcrfpus1.json`, the monthly total's series; MCRFPUS2 is its daily rate).
    const columns = { product: 'EPC0', productName: 'Crude Oil', process: 'FPF', processName: 'Field Production', units: 'MBBL/D' };
    production.push(
      seriesRow(
        period,
        {
          ...columns,
          duoarea: 'NUS',
          area: 'U.S.',
          series: 'MCRFPUS2',
          description: 'U.S. Field Production of Crude Oil (Thousand Barrels per Day)',
        },
        m === 8 ? 'NA' : String(13_100 + (15 - m) * 40),
      ),
    );
    production.push(
      seriesRow(
        period,
        {
          ...columns,
          duoarea: 'STX',
          area: 'TEXAS',
          series: 'MCRFPTX2',
          description: 'Texas Field Production of Crude Oil (Thousand Barrels per Day)',
        },
        String(5_600 + m),
      ),
    );
  }
  // The outlook: each month from a year back to December of next year, history and forecast alike,
  // in the recorded columns (`steo-brepuus.json`: period, seriesId, seriesDescription, value, unit)
  // with three decimals as recorded, a gap marked "NA", and a series the import must not take.
  const steo: Record<string, unknown>[] = [];
  const thisYear = new Date(now).getUTCFullYear();
  const thisMonth = new Date(now).getUTCMonth();
  for (let m = thisMonth - 12; m <= 23; m++) {
    const period = new Date(Date.UTC(thisYear, m, 1)).toISOString().slice(0, 7);
    const k = m - thisMonth;
    for (const [seriesId, description, base, step, unit] of [
      ['WTIPUUS', 'West Texas Intermediate crude oil spot price', 62, 0.3, 'dollars per barrel'],
      ['BREPUUS', 'Brent crude oil spot price', 66, 0.3, 'dollars per barrel'],
      ['NGHHUUS', 'Henry Hub natural gas spot price', 3.1, 0.021, 'dollars per million btu'],
      ['ESRCUUS', 'Residential electricity price', 16.5, 0.05, 'cents per kilowatthour'],
      ['COPRPUS', 'U.S. crude oil production', 13.4, 0.01, 'million barrels per day'],
    ] as const) {
      steo.push({
        period,
        seriesId,
        seriesDescription: description,
        value: seriesId === 'BREPUUS' && k === 2 ? 'NA' : eiaValueString(base + k * step, 3),
        unit,
      });
    }
  }
  // EIA's Henry Hub contracts (RNGC1-4) end on April 5, 2024, as EIA's do (the catalog's `ended`): the same weekdays before it.
  const gasFuturesEnd = Date.parse(`${HENRY_HUB_FUTURES_LAST_DAY}T00:00:00Z`);
  for (let i = days - 1; i >= 0; i--) {
    const t = gasFuturesEnd - i * DAY;
    const day = new Date(t).getUTCDay();
    if (day === 0 || day === 6) continue;
    for (const n of [1, 2, 3, 4]) gas.push(seriesRow(iso(t), gasFuture(n), eiaValueString(1.75 + i / 100 + n * 0.04, 3)));
  }
  const grid = defaultGridRows(now, gridDays);
  return new Map([
    ['electricity/rto/region-data', grid.regions],
    ['electricity/rto/fuel-type-data', grid.fuels],
    ['petroleum/pri/spt', spot],
    ['petroleum/pri/fut', crudeFutures],
    ['natural-gas/pri/fut', gas],
    ['steo', steo],
    ['petroleum/pri/gnd', gasoline],
    ['electricity/retail-sales', retail],
    ['electricity/electric-power-operational-data', generation],
    ['petroleum/crd/crpdn', production],
    ['petroleum/stoc/wstk', stocks],
    ['natural-gas/stor/wkly', storage],
  ]);
}

/** EIA's `dateFormat` for each frequency, as the recordings show it. */
export const EIA_DATE_FORMATS: Record<string, string> = {
  hourly: 'YYYY-MM-DD"T"HH24',
  'local-hourly': 'YYYY-MM-DD"T"HH24TZH',
  daily: 'YYYY-MM-DD',
  weekly: 'YYYY-MM-DD',
  monthly: 'YYYY-MM',
  quarterly: 'YYYY-"Q"Q',
  annual: 'YYYY',
};

/** EIA's warning when an answer holds more rows than it sends in one (recorded in `petroleum-pri-fut-rclc.json`). */
const INCOMPLETE_RETURN = {
  warning: 'incomplete return',
  description:
    'The API can only return 5000 rows in JSON format.  Please consider constraining your request with facet, start, or end, or using offset to paginate results.',
};

/** Columns of a row that are not facets: the period, the data and its units, and the names EIA adds. */
const isFacetColumn = (column: string, data: readonly string[]) =>
  column !== 'period' &&
  !data.includes(column) &&
  !column.endsWith('-units') &&
  !column.endsWith('-name') &&
  !/Description$|Name$|^units$|^unit$|-description$/.test(column);

export async function startFakeEia(
  options: { maxPage?: number; routes?: Map<string, Record<string, unknown>[]>; unknownRouteStatus?: number } = {},
): Promise<FakeEia> {
  const routes = options.routes ?? defaultEiaRoutes();
  const maxPage = options.maxPage ?? 5000;
  const failures = new Map<string, { status: number; times: number; code: number }>();
  const faults = new Map<string, PagingFault>();
  let requestCount = 0;
  const server = await startFakeServer((req) => {
    const match = /^\/v2\/(.+)\/data\/?$/.exec(req.path);
    const key = req.query.get('api_key');
    // As recorded (`error-403-missing-key.json`).
    if (!key) return { status: 403, body: eiaFixture('error-403-missing-key.json') };
    // As recorded (`error-403-invalid-key.json`).
    if (key !== FAKE_EIA_KEY) return { status: 403, body: eiaFixture('error-403-invalid-key.json') };
    const route = match?.[1];
    const rows = route ? routes.get(route) : undefined;
    // A route EIA does not know: the recorded 404 (`error-404-not-found.json`, API 2.1.12). Before
    // API 2.1.10 EIA sent the same body with HTTP 500 (issue 31): `unknownRouteStatus: 500` answers so.
    if (!route || !rows) return { status: options.unknownRouteStatus ?? 404, body: eiaFixture('error-404-not-found.json') };
    const failure = failures.get(route);
    if (failure && failure.times > 0) {
      failure.times--;
      return {
        status: failure.status,
        body:
          failure.status === 429
            ? { error: { code: 'OVER_RATE_LIMIT', message: 'You have exceeded your rate limit.' } }
            : { error: 'Simulated failure.', code: failure.code },
        ...(failure.status === 429 ? { headers: { 'Retry-After': '0' } } : {}),
      };
    }
    const frequency = req.query.get('frequency');
    const dateFormat = frequency === null ? undefined : EIA_DATE_FORMATS[frequency];
    if (frequency === null || dateFormat === undefined) {
      // Worded as recorded (`error-400-invalid-frequency.json`), naming every frequency the fake takes (EIA names the route's).
      const known = Object.keys(EIA_DATE_FORMATS).map((f) => `'${f}'`);
      return {
        status: 400,
        body: {
          error: `Invalid frequency '${frequency ?? ''}' provided. The only valid frequencies are ${known.slice(0, -1).join(', ')}, and ${known.at(-1) ?? ''}.`,
          code: 400,
        },
      };
    }
    const length = Number(req.query.get('length') ?? '5000');
    const offset = Number(req.query.get('offset') ?? '0');
    if (!Number.isInteger(length) || length < 0 || !Number.isInteger(offset) || offset < 0)
      return { status: 400, body: { error: 'Invalid offset or length.', code: 400 } };
    const data = [...req.query].filter(([name]) => /^data\[\d*\]$/.test(name)).map(([, value]) => value);
    const facets = new Map<string, string[]>();
    for (const [name, value] of req.query) {
      const facet = /^facets\[([\w-]+)\]\[\]$/.exec(name)?.[1];
      if (facet) facets.set(facet, [...(facets.get(facet) ?? []), value]);
    }
    // A facet the route does not have is refused, in the words of EIA's other 400s (`error-400-invalid-data.json`).
    const known = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => isFacetColumn(c, data));
    const unknownFacet = [...facets.keys()].find((f) => !known.includes(f));
    if (unknownFacet !== undefined && rows.length > 0)
      return {
        status: 400,
        body: {
          error: `Invalid facet '${unknownFacet}' provided. The only valid facets are ${known.map((f) => `'${f}'`).join(', ')}.`,
          code: 400,
        },
      };
    const start = req.query.get('start');
    const end = req.query.get('end');
    // EIA sorts by every sort[i] column in turn; rows equal on all of them come in no fixed order.
    const sorts: { column: string; sign: number }[] = [];
    for (let i = 0; req.query.has(`sort[${i}][column]`); i++)
      sorts.push({ column: req.query.get(`sort[${i}][column]`) ?? '', sign: req.query.get(`sort[${i}][direction]`) === 'desc' ? -1 : 1 });
    const next = mulberry32(++requestCount * 7919);
    const filtered = rows
      .filter((r) => [...facets].every(([facet, values]) => values.includes(String(r[facet]))))
      .filter((r) => (!start || String(r['period']) >= start) && (!end || String(r['period']) <= end))
      .map((r) => ({ r, shuffle: next() }))
      .sort((a, b) => {
        for (const { column, sign } of sorts) {
          const order = String(a.r[column]).localeCompare(String(b.r[column]));
          if (order !== 0) return order * sign;
        }
        return a.shuffle - b.shuffle;
      })
      .map(({ r }) => r);
    const pageLength = Math.min(length, maxPage);
    const fault = faults.get(route);
    let total = filtered.length;
    let page = filtered.slice(offset, offset + pageLength);
    if (fault?.kind === 'endless') {
      page = cycled(filtered, offset, pageLength);
      total = offset + page.length + pageLength;
    } else if (fault?.kind === 'short') {
      total = filtered.length * 2;
    } else if (fault?.kind === 'total') {
      total = fault.total;
      page = cycled(filtered, offset, Math.max(0, Math.min(pageLength, total - offset)));
    }
    // Each row as EIA sends it: the period, the facets and names, then only the data columns asked for (and their units).
    const asked = (column: string) => {
      const of = column.replace(/-units$/, '');
      return !['value', 'price', 'sales', 'generation'].includes(of) || data.includes(of) || data.length === 0;
    };
    const shaped = page.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => asked(column))));
    // The request echoed as EIA echoes it, key included, in its order (the OpenBB cassettes, e.g. `electricity-retail-sales.json`).
    const params: Record<string, unknown> = { api_key: key, frequency, data, facets: Object.fromEntries(facets) };
    if (start) params['start'] = start;
    if (end) params['end'] = end;
    if (sorts.length > 0) params['sort'] = sorts.map((s) => ({ column: s.column, direction: s.sign < 0 ? 'desc' : 'asc' }));
    Object.assign(params, { offset: String(offset), length: String(length) });
    return {
      status: 200,
      body: {
        // EIA (API 2.1.14) warns at the root whenever the answer holds more rows than one page may.
        ...(total > 5000 ? { warnings: [INCOMPLETE_RETURN] } : {}),
        response: {
          total: String(total),
          dateFormat,
          frequency,
          data: shaped,
          // Petroleum and natural-gas answers carry no description (`petroleum-pri-spt-rbrte.json`, `petroleum-pri-fut-rclc.json`,
          // `petroleum-stoc-wstk.json`, `natural-gas-pri-fut-rngc4.json`, `natural-gas-stor-wkly-sno-r33.json`); the others' text is the fake's own.
          ...(/^(petroleum|natural-gas)\//.test(route) ? {} : { description: `Fake ${route}` }),
        },
        request: { command: `/v2/${route}/data/`, params },
        apiVersion: '2.1.14',
        ExcelAddInVersion: '2.1.0',
      },
    };
  });
  return {
    ...server,
    routes,
    failNext: (route, status, times = 1, code = status) => failures.set(route, { status, times, code }),
    pagingFault: (route, fault) => {
      if (fault) faults.set(route, fault);
      else faults.delete(route);
    },
  };
}
