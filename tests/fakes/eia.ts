import { startFakeServer, type FakeServer } from './http.ts';

/**
 * A local stand-in for EIA's API v2 with its real shapes: string values with gaps ("."
 * and null), `response.total` as a string, at most `maxPage` rows per answer (EIA's cap
 * is 5000; small here so paging is exercised), 400 `{error, code}` for bad parameters and
 * 403 `{error: {code, message}}` for a bad key.
 */
export interface FakeEia extends FakeServer {
  /** Rows per route, as EIA would answer them before filtering. */
  routes: Map<string, Record<string, unknown>[]>;
  /** Make the next `times` calls of a route answer `status` (429 carries Retry-After: 0). */
  failNext: (route: string, status: number, times?: number) => void;
  /** Make a route page wrongly (see PagingFault) until cleared with `undefined`. */
  pagingFault: (route: string, fault: PagingFault | undefined) => void;
}

/**
 * Ways an upstream's paging can go wrong. `endless`: every page is full and its `total` lies
 * one page beyond it, so the total is never reached. `short`: the total is twice the rows
 * there are, and the pages past them are empty. `total`: the answer always says `total` rows
 * and fills every page up to it by cycling through the rows there are.
 */
export type PagingFault = { kind: 'endless' } | { kind: 'short' } | { kind: 'total'; total: number };

/** `count` rows from `offset` on, going round `rows` again and again. */
const cycled = (rows: Record<string, unknown>[], offset: number, count: number) =>
  rows.length === 0 ? [] : Array.from({ length: count }, (_, i) => rows[(offset + i) % rows.length] ?? {});

export const FAKE_EIA_KEY = 'fake-eia-key';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The grid monitor's respondents: the Lower 48 and its 13 regions. */
export const FAKE_GRID_RESPONDENTS = ['US48', 'CAL', 'CAR', 'CENT', 'FLA', 'MIDA', 'MIDW', 'NE', 'NY', 'NW', 'SE', 'SW', 'TEN', 'TEX'];
const HOUR = 3_600_000;
/** An hour as EIA's hourly routes write it (UTC). */
export const fakeEiaHour = (t: number) => new Date(t).toISOString().slice(0, 13);

/**
 * Hourly grid data for the `gridDays` days before the last whole hour before `now`: demand,
 * day-ahead forecast (a day past the last demand hour too), net generation and interchange of
 * every respondent, and net generation by fuel, including a fuel the import sums into Other
 * (BAT, battery storage) and a respondent it does not keep (ERCO). Gaps: Texas' demand is null
 * 5 hours before the end, and the Lower 48's solar is "." 7 hours before it. Each figure is a
 * function of its respondent and hour, so a test can say what it should be (`fakeGridDemand`).
 */
export function defaultGridRows(now: number, gridDays: number): { regions: Record<string, unknown>[]; fuels: Record<string, unknown>[] } {
  const last = Math.floor(now / HOUR) * HOUR - HOUR;
  const regions: Record<string, unknown>[] = [];
  const fuels: Record<string, unknown>[] = [];
  for (let t = last - gridDays * 24 * HOUR; t <= last + 24 * HOUR; t += HOUR) {
    const period = fakeEiaHour(t);
    for (const respondent of [...FAKE_GRID_RESPONDENTS, 'ERCO']) {
      const common = { period, respondent, 'respondent-name': respondent, 'value-units': 'megawatthours' };
      const demand = fakeGridDemand(respondent, t);
      regions.push({ ...common, type: 'DF', 'type-name': 'Day-ahead demand forecast', value: String(Math.round(demand * 1.01)) });
      if (t > last) continue;
      const gap = respondent === 'TEX' && t === last - 5 * HOUR;
      regions.push({ ...common, type: 'D', 'type-name': 'Demand', value: gap ? null : String(demand) });
      regions.push({ ...common, type: 'NG', 'type-name': 'Net generation', value: String(demand + 100) });
      regions.push({ ...common, type: 'TI', 'type-name': 'Total interchange', value: '100' });
      for (const [fuel, share] of [
        ['NUC', 0.2],
        ['COL', 0.15],
        ['NG', 0.4],
        ['WAT', 0.06],
        ['WND', 0.1],
        ['SUN', 0.05],
        ['OIL', 0.01],
        ['OTH', 0.02],
        ['BAT', 0.01],
      ] as const) {
        const solarGap = respondent === 'US48' && fuel === 'SUN' && t === last - 7 * HOUR;
        fuels.push({ ...common, fueltype: fuel, 'type-name': fuel, value: solarGap ? '.' : String(Math.round((demand + 100) * share)) });
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

/**
 * Default data: prices for the last `days` days (weekdays) with the NYMEX futures strip (contracts
 * 1-4), weekly diesel, crude and distillate stocks and gas storage, monthly generation, retail
 * prices and crude production, and the Short-Term Energy Outlook (a year back to December of
 * next year).
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
    // A gap EIA marks with "." (WTI) and one with null (Brent) on the same day.
    spot.push({
      period,
      series: 'RWTC',
      'series-description': 'Cushing, OK WTI Spot Price FOB (Dollars per Barrel)',
      value: i === 10 ? '.' : (60 + i / 10).toFixed(2),
      units: '$/BBL',
    });
    spot.push({
      period,
      series: 'RBRTE',
      'series-description': 'Europe Brent Spot Price FOB (Dollars per Barrel)',
      value: i === 10 ? null : (65 + i / 10).toFixed(2),
      units: '$/BBL',
    });
    gas.push({
      period,
      series: 'RNGWHHD',
      'series-description': 'Henry Hub Natural Gas Spot Price (Dollars per Million Btu)',
      value: (3 + i / 100).toFixed(2),
      units: '$/MMBTU',
    });
    // The strip: contract n a little under the one before (backwardation); a gap in contract 3 of WTI.
    for (const n of [1, 2, 3, 4]) {
      crudeFutures.push({
        period,
        series: `RCLC${n}`,
        'series-description': `Cushing, OK Crude Oil Future Contract ${n} (Dollars per Barrel)`,
        value: n === 3 && i === 12 ? null : (60.2 + i / 10 - n * 0.25).toFixed(2),
        units: '$/BBL',
      });
      gas.push({
        period,
        series: `RNGC${n}`,
        'series-description': `Natural Gas Futures Contract ${n} (Dollars per Million Btu)`,
        value: (3.05 + i / 100 + n * 0.04).toFixed(3),
        units: '$/MMBTU',
      });
    }
    if (day === 1) {
      gasoline.push({ period, series: 'EMM_EPMR_PTE_NUS_DPG', duoarea: 'NUS', value: (3.1 + i / 1000).toFixed(3), units: '$/GAL' });
      gasoline.push({
        period,
        series: 'EMD_EPD2D_PTE_NUS_DPG',
        duoarea: 'NUS',
        'product-name': 'No 2 Diesel',
        value: (3.7 + i / 1000).toFixed(3),
        units: '$/GAL',
      });
    }
    if (day === 5) {
      // Weekly stocks (week ending Friday): commercial crude excluding the SPR, Cushing,
      // distillate, and crude including the SPR, which the import must not take; a gap at Cushing.
      stocks.push({
        period,
        series: 'WCESTUS1',
        duoarea: 'NUS',
        'series-description': 'U.S. Ending Stocks excluding SPR of Crude Oil (Thousand Barrels)',
        value: String(420_000 + i * 100),
        units: 'MBBL',
      });
      stocks.push({
        period,
        series: 'W_EPC0_SAX_YCUOK_MBBL',
        duoarea: 'YCUOK',
        'series-description': 'Cushing, OK Ending Stocks excluding SPR of Crude Oil (Thousand Barrels)',
        value: fridays === 1 ? null : String(23_000 + i * 10),
        units: 'MBBL',
      });
      stocks.push({
        period,
        series: 'WDISTUS1',
        duoarea: 'NUS',
        'series-description': 'U.S. Ending Stocks of Distillate Fuel Oil (Thousand Barrels)',
        value: String(118_000 + i * 50),
        units: 'MBBL',
      });
      stocks.push({
        period,
        series: 'WCRSTUS1',
        duoarea: 'NUS',
        'series-description': 'U.S. Ending Stocks of Crude Oil (Thousand Barrels)',
        value: '800000',
        units: 'MBBL',
      });
      storage.push({
        period,
        series: 'NW2_EPG0_SWO_R48_BCF',
        duoarea: 'R48',
        'series-description': 'Weekly Lower 48 States Natural Gas Working Underground Storage (Billion Cubic Feet)',
        value: String(3_800 + i),
        units: 'BCF',
      });
      storage.push({
        period,
        series: 'NW2_EPG0_SWO_R31_BCF',
        duoarea: 'R31',
        'series-description': 'Weekly East Region Natural Gas Working Underground Storage (Billion Cubic Feet)',
        value: '900',
        units: 'BCF',
      });
      fridays++;
    }
  }
  const months: string[] = [];
  for (let m = 6; m >= 3; m--) {
    const d = new Date(now);
    months.push(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m, 1)).toISOString().slice(0, 7));
  }
  // Retail prices by state and sector: the US residential price the market series reads, and
  // the states' prices the data desk reads, with a gap (Hawaii's industrial price in one month)
  // and a sector the import must not take (transportation).
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
        retail.push({
          period,
          stateid: state,
          stateDescription: state === 'US' ? 'U.S. Total' : state,
          sectorid: sector,
          sectorName: sector.toLowerCase(),
          price: gap ? null : state === 'US' && sector === 'RES' ? (16 + i / 10).toFixed(2) : (base * ratio + i / 10).toFixed(2),
          'price-units': 'cents per kilowatt-hour',
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
  for (const period of months) {
    for (const [location, total] of [
      ['US', 350000],
      ['TX', 45000],
      ['CA', 17000],
      ['VT', 180],
    ] as const) {
      /** A row of all sectors' generation from one fuel (ALL: every fuel), as EIA answers it. */
      const row = (fueltypeid: string, fuelTypeDescription: string, amount: string | null) => ({
        period,
        location,
        stateDescription: location,
        sectorid: '99',
        sectorDescription: 'All Sectors',
        fueltypeid,
        fuelTypeDescription,
        generation: amount,
        'generation-units': 'thousand megawatthours',
      });
      generation.push(row('ALL', 'all fuels', String(total)));
      for (const [fuel, share] of fuels) generation.push(row(fuel, fuel, location === 'VT' && fuel === 'COW' ? null : (total * share).toFixed(2)));
      // Rows the import must ignore: another sector, a region, an unknown fuel.
      generation.push({ period, location, sectorid: '1', fueltypeid: 'NG', generation: '1' });
    }
    generation.push({ period, location: 'NEW', sectorid: '99', fueltypeid: 'ALL', generation: '9999' });
    generation.push({ period, location: 'US', sectorid: '99', fueltypeid: 'PET', generation: '700' });
  }
  // US crude oil field production (thousand barrels per day) for the 14 months before the
  // last one, with a gap EIA marks with "." and Texas' series, which the import must not take.
  const production: Record<string, unknown>[] = [];
  for (let m = 15; m >= 2; m--) {
    const d = new Date(now);
    const period = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m, 1)).toISOString().slice(0, 7);
    const common = { period, product: 'EPC0', 'product-name': 'Crude Oil', process: 'FPF', 'process-name': 'Field Production', units: 'MBBL/D' };
    production.push({
      ...common,
      duoarea: 'NUS',
      'area-name': 'U.S.',
      series: 'MCRFPUS2',
      'series-description': 'U.S. Field Production of Crude Oil (Thousand Barrels per Day)',
      value: m === 8 ? '.' : String(13_100 + (15 - m) * 40),
    });
    production.push({
      ...common,
      duoarea: 'STX',
      'area-name': 'TEXAS',
      series: 'MCRFPTX2',
      'series-description': 'Texas Field Production of Crude Oil (Thousand Barrels per Day)',
      value: String(5_600 + m),
    });
  }
  // The outlook: each month from a year back to December of next year, history and forecast alike
  // (EIA's steo rows say `seriesId`), a gap marked ".", and a series the import must not take.
  const steo: Record<string, unknown>[] = [];
  const thisYear = new Date(now).getUTCFullYear();
  const thisMonth = new Date(now).getUTCMonth();
  for (let m = thisMonth - 12; m <= 23; m++) {
    const period = new Date(Date.UTC(thisYear, m, 1)).toISOString().slice(0, 7);
    const k = m - thisMonth;
    for (const [seriesId, description, base, step, unit] of [
      ['WTIPUUS', 'West Texas Intermediate Spot Average', 62, 0.3, 'dollars per barrel'],
      ['BREPUUS', 'Brent Crude Oil Spot Price', 66, 0.3, 'dollars per barrel'],
      ['NGHHUUS', 'Henry Hub Natural Gas Spot Price', 3.1, 0.02, 'dollars per million btu'],
      ['ESRCUUS', 'Residential Electricity Price', 16.5, 0.05, 'cents per kilowatthour'],
      ['COPRPUS', 'U.S. Crude Oil Production', 13.4, 0.01, 'million barrels per day'],
    ] as const) {
      steo.push({
        period,
        seriesId,
        seriesDescription: description,
        value: seriesId === 'BREPUUS' && k === 2 ? '.' : (base + k * step).toFixed(2),
        unit,
      });
    }
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

export async function startFakeEia(options: { maxPage?: number; routes?: Map<string, Record<string, unknown>[]> } = {}): Promise<FakeEia> {
  const routes = options.routes ?? defaultEiaRoutes();
  const maxPage = options.maxPage ?? 5000;
  const failures = new Map<string, { status: number; times: number }>();
  const faults = new Map<string, PagingFault>();
  const server = await startFakeServer((req) => {
    const match = /^\/v2\/(.+)\/data\/?$/.exec(req.path);
    const key = req.query.get('api_key');
    if (!key)
      return { status: 403, body: { error: { code: 'API_KEY_MISSING', message: 'No api_key was supplied. Get one at https://api.eia.gov:443' } } };
    if (key !== FAKE_EIA_KEY)
      return {
        status: 403,
        body: { error: { code: 'API_KEY_INVALID', message: 'An invalid api_key was supplied. Get one at https://api.eia.gov:443' } },
      };
    const route = match?.[1];
    const rows = route ? routes.get(route) : undefined;
    if (!route || !rows) return { status: 404, body: { error: `Route ${req.path} not found.`, code: 404 } };
    const failure = failures.get(route);
    if (failure && failure.times > 0) {
      failure.times--;
      return {
        status: failure.status,
        body:
          failure.status === 429
            ? { error: { code: 'OVER_RATE_LIMIT', message: 'You have exceeded your rate limit.' } }
            : { error: 'Simulated failure.', code: failure.status },
        ...(failure.status === 429 ? { headers: { 'Retry-After': '0' } } : {}),
      };
    }
    const frequency = req.query.get('frequency');
    if (!frequency || !['hourly', 'local-hourly', 'daily', 'weekly', 'monthly', 'annual'].includes(frequency)) {
      return {
        status: 400,
        body: {
          error: `Invalid frequency '${frequency ?? ''}' provided. The only valid frequencies are 'hourly', 'local-hourly', 'daily', 'weekly', 'monthly' and 'annual'.`,
          code: 400,
        },
      };
    }
    const length = Number(req.query.get('length') ?? '5000');
    const offset = Number(req.query.get('offset') ?? '0');
    if (!Number.isInteger(length) || length < 0 || !Number.isInteger(offset) || offset < 0)
      return { status: 400, body: { error: 'Invalid offset or length.', code: 400 } };
    const facets = new Map<string, string[]>();
    for (const [name, value] of req.query) {
      const facet = /^facets\[(\w+)\]\[\]$/.exec(name)?.[1];
      if (facet) facets.set(facet, [...(facets.get(facet) ?? []), value]);
    }
    const start = req.query.get('start');
    const end = req.query.get('end');
    // EIA sorts by every sort[i] column in turn.
    const sorts: { column: string; sign: number }[] = [];
    for (let i = 0; req.query.has(`sort[${i}][column]`); i++)
      sorts.push({ column: req.query.get(`sort[${i}][column]`) ?? '', sign: req.query.get(`sort[${i}][direction]`) === 'desc' ? -1 : 1 });
    const filtered = rows
      .filter((r) => [...facets].every(([facet, values]) => values.includes(String(r[facet]))))
      .filter((r) => (!start || String(r['period']) >= start) && (!end || String(r['period']) <= end))
      .sort((a, b) => {
        for (const { column, sign } of sorts) {
          const order = String(a[column]).localeCompare(String(b[column]));
          if (order !== 0) return order * sign;
        }
        return 0;
      });
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
    const warnings =
      length > maxPage
        ? [
            {
              warning: 'incomplete return',
              description: `The API can only return ${maxPage} rows in JSON format.  Please consider constraining your request with facet, start, or end, or using offset to paginate results.`,
            },
          ]
        : undefined;
    return {
      status: 200,
      body: {
        response: {
          total: String(total),
          dateFormat: 'YYYY-MM-DD',
          frequency,
          data: page,
          description: `Fake ${route}`,
          ...(warnings ? { warnings } : {}),
        },
        request: { command: `/v2/${route}/data/`, params: Object.fromEntries(req.query) },
        apiVersion: '2.1.8',
      },
    };
  });
  return {
    ...server,
    routes,
    failNext: (route, status, times = 1) => failures.set(route, { status, times }),
    pagingFault: (route, fault) => {
      if (fault) faults.set(route, fault);
      else faults.delete(route);
    },
  };
}
