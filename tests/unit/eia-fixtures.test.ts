/**
 * Answers EIA's API v2 really sent (tests/fixtures/eia/, each with its source in that folder's
 * README: catalyst-cooperative/open-energy-data-for-all, andreramolivaz/oil-paper-trading,
 * giraffeTreePruner/Grid_Authority, ArshiaAsk/Iran-Macroeconomic-Data-Platform, api-evangelist/eia,
 * OpenBB-finance/OpenBB), read by the client and the importers' readers with no row lost, and the
 * fake (tests/fakes/eia.ts) held to their shapes.
 */
import { describe, expect, it } from 'vitest';
import { EiaError, eiaNumber, EiaValues, type EiaQuery } from '@/server/integrations/eia';
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import { gridFuelsOf, gridHoursOf } from '@/server/services/grid/import';
import { eiaQueryOf, observationsOf } from '@/server/services/markets/import';
import { EIA_RETAIL } from '@/server/services/states/retail-prices';
import { fuelAt, RECORDED_2026_FUELS, recordedFuelHours, totalOf } from '../helpers/grid-fuels.ts';
import { EIA_DATE_FORMATS, eiaFixture, eiaFixtureRows, eiaValueString, FAKE_EIA_KEY, startFakeEia } from '../fakes/eia.ts';
import { fakeEiaClient, useEiaClient } from '../helpers/eia-server.ts';
import { useFake } from '../helpers/suite.ts';

/**
 * The recorded data answers: file, route, frequency and data column. `together`: replayed all at
 * once (the fake serving each one's rows on its route); the others, a second of a route already
 * among those, and one-row answers of the routes the importers read that OpenBB-finance/OpenBB's
 * cassettes recorded, are read and written alike but replayed separately.
 */
const RECORDINGS = [
  {
    file: 'electric-power-operational-data.json',
    route: 'electricity/electric-power-operational-data',
    frequency: 'monthly',
    data: 'generation',
    together: true,
  },
  { file: 'petroleum-pri-fut-rclc.json', route: 'petroleum/pri/fut', frequency: 'daily', data: 'value', together: true },
  { file: 'petroleum-pri-spt-rbrte.json', route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', together: true },
  { file: 'petroleum-stoc-wstk.json', route: 'petroleum/stoc/wstk', frequency: 'weekly', data: 'value', together: true },
  { file: 'steo-brepuus.json', route: 'steo', frequency: 'monthly', data: 'value', together: true },
  { file: 'rto-fuel-type-data.json', route: 'electricity/rto/fuel-type-data', frequency: 'hourly', data: 'value', together: true },
  { file: 'rto-region-data.json', route: 'electricity/rto/region-data', frequency: 'hourly', data: 'value', together: true },
  { file: 'rto-fuel-type-data-2026-09-11.json', route: 'electricity/rto/fuel-type-data', frequency: 'hourly', data: 'value', together: false },
  { file: 'petroleum-pri-spt-rwtc.json', route: 'petroleum/pri/spt', frequency: 'weekly', data: 'value', together: false },
  { file: 'natural-gas-pri-fut-rngc4.json', route: 'natural-gas/pri/fut', frequency: 'weekly', data: 'value', together: false },
  { file: 'petroleum-pri-gnd-epmru.json', route: 'petroleum/pri/gnd', frequency: 'weekly', data: 'value', together: false },
  { file: 'natural-gas-stor-wkly-sno-r33.json', route: 'natural-gas/stor/wkly', frequency: 'weekly', data: 'value', together: false },
  { file: 'petroleum-crd-crpdn-mcrfpus1.json', route: 'petroleum/crd/crpdn', frequency: 'monthly', data: 'value', together: false },
  { file: 'electricity-retail-sales.json', route: 'electricity/retail-sales', frequency: 'monthly', data: 'price', together: false },
  { file: 'electricity-retail-sales.json', route: 'electricity/retail-sales', frequency: 'monthly', data: 'sales', together: false },
  { file: 'rto-fuel-type-data-aec.json', route: 'electricity/rto/fuel-type-data', frequency: 'hourly', data: 'value', together: false },
  { file: 'rto-region-data-aec.json', route: 'electricity/rto/region-data', frequency: 'hourly', data: 'value', together: false },
] as const;

/** The data columns a recording's route is asked for: the importer's (the retail route's two), or its one. */
const askedOf = (route: string, data: string): readonly string[] => (route === EIA_RETAIL.route ? [EIA_RETAIL.data].flat() : [data]);

/** The recordings replayed all at once, one to a route. */
const RECORDED = RECORDINGS.filter(({ together }) => together);

/** What the reader before issue 31 took for a number: no leading dot, no exponent, no whitespace. */
const OLD_NUMBER = /^-?\d+(\.\d+)?$/;

describe('the recorded EIA answers', () => {
  it('read as numbers or counted gaps, every one: nothing unreadable, the leading-dot values included', () => {
    for (const { file, data } of RECORDINGS) {
      const values = new EiaValues();
      for (const row of eiaFixtureRows(file)) values.read(row[data]);
      expect(values.counts(), file).toMatchObject({ gaps: 0, unreadable: 0, read: eiaFixtureRows(file).length });
    }
    // Six of the ten operational-data values are below 1 and written without the leading zero: the old reader dropped them as gaps.
    const generation = eiaFixtureRows('electric-power-operational-data.json').map((r) => String(r['generation']));
    expect(generation.filter((v) => !OLD_NUMBER.test(v))).toEqual(['.306', '.306', '.306', '.61609', '.61609', '.306']);
    expect(generation.map((v) => eiaNumber(v))).toEqual([8.53051, 0.306, 0.306, 0.306, 0, 0, 69.38363, 0.61609, 0.61609, 0.306]);
  });

  it('are written as the fake writes values', () => {
    // Every recorded string value comes back the same from its number: the fake's value form is EIA's.
    for (const { file, data } of RECORDINGS)
      for (const row of eiaFixtureRows(file)) {
        const text = String(row[data]);
        const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
        expect(eiaValueString(Number(text), decimals), `${file} ${text}`).toBe(text);
      }
  });

  it('carry EIA’s error bodies: 400 and 404 with a message and code, 403 with a code and message', () => {
    expect(eiaFixture('error-400-invalid-frequency.json')).toEqual({
      error: "Invalid frequency 'yearly' provided. The only valid frequencies are 'monthly', 'quarterly', and 'annual'.",
      code: 400,
    });
    expect(eiaFixture('error-403-invalid-key.json')).toEqual({
      error: { code: 'API_KEY_INVALID', message: 'An invalid api_key was supplied. Get one at https://api.eia.gov:443' },
    });
    expect(eiaFixture('error-403-missing-key.json')).toMatchObject({ error: { code: 'API_KEY_MISSING' } });
    expect(eiaFixture('error-404-not-found.json')).toEqual({ error: 'Not found.', code: 404 });
  });
});

describe('replayed through the client and the importers', () => {
  // The fake serving exactly the recorded rows, 7 to a page so every answer takes several.
  const { eia, client } = useEiaClient(
    { maxPage: 7, routes: new Map(RECORDED.map(({ file, route }) => [route, eiaFixtureRows(file)])) },
    { pageSize: 7 },
  );

  it('pages through every recorded answer and gets every row, as recorded', async () => {
    for (const { file, route, frequency, data } of RECORDINGS) {
      eia.routes.set(route, eiaFixtureRows(file));
      // The columns the recording asked for (the retail one asked four), so every recorded column comes back.
      const recordedData = (eiaFixture(file)['request'] as { params?: { data?: string[] } } | undefined)?.params?.data ?? [data];
      const rows = await client.fetchAll({
        route,
        frequency,
        data: recordedData,
        facets: {},
        tiebreak: Object.keys(eiaFixtureRows(file)[0] ?? {}).filter((c) => c !== 'period'),
      });
      const recorded = eiaFixtureRows(file);
      expect(rows, file).toHaveLength(recorded.length);
      expect(new Set(rows.map((r) => JSON.stringify(r))), file).toEqual(new Set(recorded.map((r) => JSON.stringify(r))));
    }
  });

  it('takes every recorded observation of the catalog’s series on the recorded routes, as recorded', () => {
    let replayed = 0;
    for (const { file, route } of RECORDED) {
      const recorded = eiaFixtureRows(file);
      for (const facts of MARKET_SERIES as readonly MarketSeriesFacts[]) {
        const query = eiaQueryOf(facts);
        if (query.route !== route) continue;
        // The rows EIA answers the series' query: those of its facet values.
        const rows = recorded.filter((r) => Object.entries(query.facets).every(([facet, values]) => values.includes(String(r[facet]))));
        const values = new EiaValues();
        const observations = observationsOf(rows, query, values);
        expect(observations, facts.slug).toHaveLength(rows.length);
        expect(values.counts(), facts.slug).toMatchObject({ gaps: 0, unreadable: 0 });
        for (const row of rows) {
          const period = query.frequency === 'monthly' ? `${String(row['period'])}-01` : String(row['period']);
          expect(observations.find((o) => o.period === period)?.value, `${facts.slug} ${period}`).toBe(Number(row['value']));
        }
        replayed += rows.length;
      }
    }
    // Crude, Cushing and distillate stocks (15 of the 20 weekly rows: gasoline is not in the catalog), WTI futures 1-4 (12), Brent spot (100), the Brent outlook (24).
    expect(replayed).toBe(15 + 12 + 100 + 24);
  });

  it('takes every recorded grid row of the 14 respondents: demand by hour, and every fuel (negatives kept, storage in Other)', () => {
    const regions = eiaFixtureRows('rto-region-data.json');
    const hours = gridHoursOf(regions);
    expect(hours).toHaveLength(14);
    for (const hour of hours) expect(hour.demand).toBe(Number(regions.find((r) => r['respondent'] === hour.respondent)?.['value']));
    const fuelRows = eiaFixtureRows('rto-fuel-type-data.json');
    const fuels = gridFuelsOf(fuelRows);
    const kept = fuelRows.filter((r) => r['respondent'] !== 'ERCO');
    // Whatever the fuels are grouped into, each respondent's generation adds up to what EIA sent.
    for (const respondent of new Set(kept.map((r) => String(r['respondent'])))) {
      const sent = kept.filter((r) => r['respondent'] === respondent).reduce((sum, r) => sum + Number(r['value']), 0);
      const stored = fuels.filter((f) => f.respondent === respondent).reduce((sum, f) => sum + f.value, 0);
      expect(stored, respondent).toBe(sent);
    }
    expect(fuels.some((f) => f.respondent === 'ERCO')).toBe(false);
  });

  it('takes every fuel of the 2026 recording as a fuel of its own or with its kind: geothermal, other storage, wind with batteries, nothing lost', () => {
    const rows = eiaFixtureRows('rto-fuel-type-data-2026-09-11.json');
    const fuels = gridFuelsOf(rows);
    const at = fuelAt(fuels);
    for (const [respondent, hour, fuel, value] of RECORDED_2026_FUELS)
      expect(at(respondent, hour, fuel), `${respondent} ${hour} ${fuel}`).toBe(value);
    for (const { key, sent, stored } of recordedFuelHours(rows, fuels)) expect(totalOf(stored), key).toBe(sent);
  });
});

describe('the fake', () => {
  const eia = useFake(() => startFakeEia());

  /** One answer of the fake's default data. */
  async function ask(route: string, params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const query = new URLSearchParams({ api_key: FAKE_EIA_KEY, ...params });
    const res = await fetch(`${eia.url}/v2/${route}/data/?${query}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /**
   * The recordings whose route the fake answers in that recording's form: all but the grid's fuels
   * (the fake's are in EIA's key order, held below to OpenBB's recordings with the region data's),
   * OpenBB's grid recordings themselves, and the weekly WTI (the fake's spot prices are daily).
   */
  const SHAPES = RECORDINGS.filter(
    ({ file, route }) => route !== 'electricity/rto/fuel-type-data' && !['rto-region-data-aec.json', 'petroleum-pri-spt-rwtc.json'].includes(file),
  );
  /** The columns of a recorded row the fake sends when asked for `data` (the retail recording asked for four): the others, and those data columns with their units. */
  const onlyAskedFor = (keys: string[], data: readonly string[]) =>
    keys.filter(
      (k) =>
        !['customers', 'revenue', 'sales', 'price', 'value', 'generation']
          .filter((d) => !data.includes(d))
          .some((d) => k === d || k === `${d}-units`),
    );

  it('answers each route with the recorded columns in the recorded order, the recorded dateFormat and a string total', async () => {
    for (const { file, route, frequency, data } of SHAPES) {
      const asked = askedOf(route, data);
      const { body } = await ask(route, { frequency, ...Object.fromEntries(asked.map((column, i) => [`data[${i}]`, column])) });
      const response = body['response'] as { total: unknown; dateFormat: string; data: Record<string, unknown>[] };
      const recorded = eiaFixture(file)['response'] as { dateFormat: string; data: Record<string, unknown>[] };
      expect(Object.keys(response.data[0] ?? {}), route).toEqual(onlyAskedFor(Object.keys(recorded.data[0] ?? {}), asked));
      // The answer's own keys too: petroleum answers have no description, electricity's and the outlook's do.
      expect(Object.keys(response).sort(), route).toEqual(
        Object.keys(recorded)
          .filter((k) => k !== 'warnings')
          .sort(),
      );
      expect(response.dateFormat, route).toBe(recorded.dateFormat);
      // The request echoed as EIA echoes it: the parameters both name in the recorded order, the key among them.
      const echoed = Object.keys((body['request'] as { params: Record<string, unknown> }).params);
      const recordedRequest = (eiaFixture(file)['request'] as { params?: Record<string, unknown> }).params ?? {};
      const recordedParams = Object.keys(recordedRequest);
      // (The OpenBB cassettes keep EIA's order; giraffeTreePruner/Grid_Authority sorted its files' keys.)
      if (recordedRequest['api_key'] === 'MOCK_API_KEY')
        expect(
          echoed.filter((k) => recordedParams.includes(k)),
          route,
        ).toEqual(recordedParams.filter((k) => echoed.includes(k)));
      expect(response.dateFormat, route).toBe(EIA_DATE_FORMATS[frequency]);
      expect(typeof response.total, route).toBe('string');
      const warned = Number(response.total) > 5000 ? ['warnings'] : [];
      expect(Object.keys(body), route).toEqual([...warned, 'response', 'request', 'apiVersion', 'ExcelAddInVersion']);
    }
    // The grid's rows and answers in EIA's key order, as OpenBB's cassettes kept them (giraffeTreePruner/Grid_Authority sorted its files' keys).
    for (const [route, file] of [
      ['electricity/rto/fuel-type-data', 'rto-fuel-type-data-aec.json'],
      ['electricity/rto/region-data', 'rto-region-data-aec.json'],
    ] as const) {
      const { body } = await ask(route, { frequency: 'hourly', 'data[0]': 'value' });
      const response = body['response'] as { data: Record<string, unknown>[] };
      const recorded = eiaFixture(file)['response'] as Record<string, unknown>;
      expect(Object.keys(response.data[0] ?? {}), file).toEqual(Object.keys(eiaFixtureRows(file)[0] ?? {}));
      expect(Object.keys(response), file).toEqual(Object.keys(recorded));
    }
  });

  it('names every recorded series as EIA does: each column of the fake’s rows of a recorded series is the recorded one', () => {
    const matched = new Set<string>();
    for (const { file, route } of RECORDINGS) {
      for (const recorded of eiaFixtureRows(file)) {
        const series = recorded['series'];
        const row = series === undefined ? undefined : (eia.routes.get(route) ?? []).find((r) => r['series'] === series);
        if (!row) continue;
        /** A row's columns besides its period and value. */
        const named = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'period' && k !== 'value'));
        expect(named(row), `${file} ${String(series)}`).toEqual(named(recorded));
        matched.add(String(series));
      }
    }
    // The fake's WTI and Brent spot, WTI futures 1-4, Henry Hub contract 4, and the crude, Cushing and distillate stocks.
    expect([...matched].sort()).toEqual([
      'RBRTE',
      'RCLC1',
      'RCLC2',
      'RCLC3',
      'RCLC4',
      'RNGC4',
      'RWTC',
      'WCESTUS1',
      'WDISTUS1',
      'W_EPC0_SAX_YCUOK_MBBL',
    ]);
    // The recorded retail row's names: the state's name and the sector's in lower case, the unit with its hyphen.
    const retail = eia.routes.get('electricity/retail-sales') ?? [];
    const recordedRetail = eiaFixtureRows('electricity-retail-sales.json')[0] ?? {};
    expect(retail.find((r) => r['sectorid'] === recordedRetail['sectorid'])).toMatchObject({
      sectorName: recordedRetail['sectorName'],
      'price-units': recordedRetail['price-units'],
    });
  });

  it('writes values and gaps as EIA does: no leading zero, negatives, names not codes, "NA" and null for gaps', () => {
    const values = [...eia.routes.values()].flatMap((rows) => rows.map((r) => r['value'] ?? r['price'] ?? r['generation']));
    expect(values.filter((v) => typeof v === 'string' && v.startsWith('0.'))).toEqual([]);
    expect(values.some((v) => typeof v === 'string' && /^-?\.\d/.test(v))).toBe(true);
    expect(values.some((v) => typeof v === 'string' && v.startsWith('-'))).toBe(true);
    expect(values).not.toContain('.');
    expect(values).toContain('NA');
    expect(values).toContain(null);
    const fuels = eia.routes.get('electricity/rto/fuel-type-data') ?? [];
    // Every fuel the site's respondents reported in the two recordings, and no other.
    const recordedFuels = [...eiaFixtureRows('rto-fuel-type-data.json'), ...eiaFixtureRows('rto-fuel-type-data-2026-09-11.json')].map(
      (r) => r['fueltype'],
    );
    expect(new Set(fuels.map((r) => r['fueltype']))).toEqual(new Set(recordedFuels));
    expect(new Set(recordedFuels)).toEqual(
      new Set(['BAT', 'COL', 'GEO', 'NG', 'NUC', 'OES', 'OIL', 'OTH', 'PS', 'SNB', 'SUN', 'UES', 'UNK', 'WAT', 'WNB', 'WND']),
    );
    // California's geothermal is the recorded 2026 figure's share of the hour, not a placed one.
    expect(fuels.find((r) => r['respondent'] === 'CAL' && r['fueltype'] === 'GEO')?.['type-name']).toBe('Geothermal');
    expect(fuels.find((r) => r['respondent'] === 'TEX')?.['respondent-name']).toBe('Texas');
    expect(fuels.find((r) => r['fueltype'] === 'BAT')?.['type-name']).toBe('Battery storage');
    const retail = eia.routes.get('electricity/retail-sales') ?? [];
    expect(retail.find((r) => r['stateid'] === 'TX' && r['sectorid'] === 'RES')).toMatchObject({
      stateDescription: 'Texas',
      sectorName: 'residential',
    });
  });

  it('warns at the root whenever the total passes 5,000, as EIA does', async () => {
    const small = await ask('petroleum/pri/spt', { frequency: 'daily', 'data[0]': 'value' });
    expect(small.body['warnings']).toBeUndefined();
    eia.pagingFault('petroleum/pri/spt', { kind: 'total', total: 5001 });
    try {
      const large = await ask('petroleum/pri/spt', { frequency: 'daily', 'data[0]': 'value' });
      expect(large.body['warnings']).toEqual(eiaFixture('petroleum-pri-fut-rclc.json')['warnings']);
    } finally {
      eia.pagingFault('petroleum/pri/spt', undefined);
    }
  });

  it('answers an unknown route 404 as recorded (or 500 with that body, as before API 2.1.10), an unknown facet 400, a missing or bad key as recorded', async () => {
    expect(await ask('petroleum/nothing', { frequency: 'daily' })).toEqual({ status: 404, body: eiaFixture('error-404-not-found.json') });
    const legacy = await startFakeEia({ unknownRouteStatus: 500 });
    try {
      const res = await fetch(`${legacy.url}/v2/petroleum/nothing/data/?api_key=${FAKE_EIA_KEY}&frequency=daily`);
      expect({ status: res.status, body: (await res.json()) as unknown }).toEqual({ status: 500, body: { error: 'Not found.', code: 404 } });
    } finally {
      await legacy.close();
    }
    const missing = await fetch(`${eia.url}/v2/petroleum/pri/spt/data/?frequency=daily`);
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual(eiaFixture('error-403-missing-key.json'));
    // A frequency EIA does not have: worded as recorded (`error-400-invalid-frequency.json`), naming the frequencies the fake takes.
    const recordedForm = /^Invalid frequency 'yearly' provided\. The only valid frequencies are (?:'[\w-]+', )+and '[\w-]+'\.$/;
    expect(eiaFixture('error-400-invalid-frequency.json')['error']).toMatch(recordedForm);
    const frequency = await ask('petroleum/pri/spt', { frequency: 'yearly' });
    expect(frequency).toEqual({ status: 400, body: { error: expect.stringMatching(recordedForm) as unknown, code: 400 } });
    for (const known of Object.keys(EIA_DATE_FORMATS)) expect(frequency.body['error']).toContain(`'${known}'`);
    const facet = await ask('petroleum/pri/spt', { frequency: 'daily', 'facets[seriesid][]': 'RWTC' });
    expect(facet.status).toBe(400);
    expect(facet.body['code']).toBe(400);
    const res = await fetch(`${eia.url}/v2/petroleum/pri/spt/data/?api_key=wrong&frequency=daily`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(eiaFixture('error-403-invalid-key.json'));
    const client = fakeEiaClient(eia);
    const query: EiaQuery = { route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: { seriesid: ['RWTC'] } };
    await expect(client.fetchAll(query)).rejects.toBeInstanceOf(EiaError);
  });
});
