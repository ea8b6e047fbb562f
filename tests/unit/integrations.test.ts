import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EIA_MAX_PAGES, EIA_MAX_ROWS, EiaClient, EiaError, eiaNumber, EiaValues, isEiaGap, type EiaQuery } from '@/server/integrations/eia';
import { startFakeEia, type FakeEia } from '../fakes/eia.ts';
import { fakeEiaClient, useEiaClient } from '../helpers/eia-server.ts';
import { fetchPolitely, OutboundNetworkError } from '@/server/integrations/outbound';
import { energyMixFromRows } from '@/server/integrations/zoho';
import { reportCsv } from '@/server/services/markets/reports';
import type { Report } from '@/lib/wire/markets';

describe('eiaNumber', () => {
  it('reads every number form EIA writes: no leading zero, sign, exponent, whitespace, JSON numbers', () => {
    // Recorded: ".306" and ".61609" (electric-power-operational-data.json), "-113" (rto-fuel-type-data.json), "86.1" (petroleum-pri-fut-rclc.json).
    expect(eiaNumber('.306')).toBe(0.306);
    expect(eiaNumber('.36')).toBe(0.36);
    expect(eiaNumber('.9771948003')).toBe(0.9771948003);
    expect(eiaNumber('-.5')).toBe(-0.5);
    expect(eiaNumber('+.5')).toBe(0.5);
    expect(eiaNumber('-113')).toBe(-113);
    expect(eiaNumber('86.1')).toBe(86.1);
    expect(eiaNumber('72.50')).toBe(72.5);
    expect(eiaNumber('1.2E-3')).toBe(0.0012);
    expect(eiaNumber('1e5')).toBe(100000);
    expect(eiaNumber(' 3.25 ')).toBe(3.25);
    expect(eiaNumber('5.')).toBe(5);
    expect(eiaNumber(3)).toBe(3);
    expect(eiaNumber(-0.25)).toBe(-0.25);
  });

  it('takes "NA", "--", ".", null, empty and absent as gaps, and anything else as unreadable', () => {
    for (const gap of ['NA', '--', '.', null, '', '  ', undefined]) {
      expect(eiaNumber(gap)).toBeUndefined();
      expect(isEiaGap(gap)).toBe(true);
    }
    for (const bad of ['W', 'n/a', '1,234', '12abc', '-', '.e5', Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(eiaNumber(bad)).toBeUndefined();
      expect(isEiaGap(bad)).toBe(false);
    }
  });

  it('counts the gaps and the unreadable values it reads, with an example of each', () => {
    const values = new EiaValues();
    expect(['.306', 'NA', null, '12', 'W', undefined, '--'].map((v) => values.read(v))).toEqual([
      0.306,
      undefined,
      undefined,
      12,
      undefined,
      undefined,
      undefined,
    ]);
    expect(values.counts()).toEqual({ read: 2, gaps: 4, unreadable: 1, example: 'W' });
  });
});

describe('energyMixFromRows', () => {
  it('turns a source column and an amount column into shares of the total', () => {
    expect(
      energyMixFromRows([
        { Source: 'Natural Gas', 'Generation (GWh)': '1,500' },
        { Source: 'Coal', 'Generation (GWh)': 500 },
      ]),
    ).toEqual([
      { source: 'Natural Gas', percentage: 75 },
      { source: 'Coal', percentage: 25 },
    ]);
  });

  it('answers nothing for rows without such columns', () => {
    expect(energyMixFromRows([])).toEqual([]);
    expect(energyMixFromRows([{ a: 'x', b: 'y' }])).toEqual([]);
  });
});

describe('reportCsv', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    const report = {
      table: {
        columns: ['Name', 'Value'],
        rows: [
          ['=HYPERLINK("x")', 1.5],
          ['Say "hi", all', null],
          ['-2', -2],
        ],
      },
    } as unknown as Report;
    expect(reportCsv(report)).toBe('Name,Value\r\n"\'=HYPERLINK(""x"")",1.5\r\n"Say ""hi"", all",\r\n\'-2,-2\r\n');
  });
});

describe('fetchPolitely', () => {
  let server: http.Server;
  let url = '';
  const answers: number[] = [];
  let calls = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      calls++;
      const status = answers.shift() ?? 200;
      res.writeHead(status, status === 429 ? { 'Retry-After': '0' } : {});
      res.end(String(status));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => server.close());

  it('retries 429 and 5xx, then answers the success', async () => {
    calls = 0;
    answers.push(429, 503);
    const response = await fetchPolitely(url, {}, { backoffMs: 1 });
    expect(response.status).toBe(200);
    expect(calls).toBe(3);
  });

  it('does not retry a client error, and answers the last failure when attempts run out', async () => {
    calls = 0;
    answers.push(400);
    expect((await fetchPolitely(url, {}, { backoffMs: 1 })).status).toBe(400);
    expect(calls).toBe(1);
    answers.push(500, 500);
    expect((await fetchPolitely(url, {}, { backoffMs: 1, attempts: 2 })).status).toBe(500);
  });

  it('says which host it could not reach', async () => {
    const failure = fetchPolitely('http://127.0.0.1:9/', {}, { backoffMs: 1, attempts: 2, timeoutMs: 500 });
    await expect(failure).rejects.toBeInstanceOf(OutboundNetworkError);
    await expect(failure).rejects.toHaveProperty('host', '127.0.0.1:9');
    await expect(failure).rejects.toThrow(/^Could not reach 127\.0\.0\.1:9: /);
  });
});

describe('EiaClient paging', () => {
  // Pages of at most 10 rows, so every query takes several.
  const { eia, client } = useEiaClient({ maxPage: 10 });

  const route = 'petroleum/pri/spt';
  // Two series on one route: each period has two rows, which only the series column orders.
  const query: EiaQuery = { route, frequency: 'daily', data: 'value', facets: { series: ['RWTC', 'RBRTE'] } };
  const requests = () => eia.requests.filter((r) => r.path.includes(route));
  const offsets = () => requests().map((r) => Number(r.query.get('offset')));

  /** Runs a query with a paging fault on its route; answers the rows, the notices, the error and the offsets asked for. */
  async function paged(fault: Parameters<FakeEia['pagingFault']>[1]) {
    eia.requests.length = 0;
    eia.pagingFault(route, fault);
    const notices: string[] = [];
    try {
      const rows = await client.fetchAll(query, notices);
      return { rows, notices, error: undefined, offsets: offsets() };
    } catch (error) {
      return { rows: [], notices, error, offsets: offsets() };
    } finally {
      eia.pagingFault(route, undefined);
    }
  }

  const key = (r: Record<string, unknown>) => `${String(r['period'])}|${String(r['series'])}`;

  it('reads every page until a short one, each offset past the last, every row once', async () => {
    const { rows, notices, error, offsets } = await paged(undefined);
    expect(error).toBeUndefined();
    const expected = eia.routes.get(route) ?? [];
    expect(expected.length).toBeGreaterThan(20);
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map(key))).toEqual(new Set(expected.map(key)));
    // Pages of the fake's 10 rows (fewer than the 5,000 asked) go on while the total says more are
    // coming; the page that brings the rows to the total ends it.
    expect(offsets).toEqual(Array.from({ length: Math.ceil(expected.length / 10) }, (_, i) => i * 10));
    expect(notices).toEqual([]);
  });

  it('sorts on every facet column, so rows EIA holds in no fixed order page without repeats or losses', async () => {
    // The fake shuffles rows equal on every sort column on each request, as EIA does. Pages of 9
    // rows split a period's two rows at every other page edge: sorted by period alone, they may
    // swap between the pages either side of it, one read twice and the other lost.
    const odd = fakeEiaClient(eia, { pageSize: 9 });
    const expected = new Set((eia.routes.get(route) ?? []).map(key));
    for (let run = 0; run < 8; run++) {
      eia.requests.length = 0;
      const rows = await odd.fetchAll(query);
      expect(rows.map(key).sort()).toEqual([...expected].sort());
    }
    const first = requests()[0];
    expect([0, 1].map((i) => first?.query.get(`sort[${i}][column]`))).toEqual(['period', 'series']);
    expect(first?.query.get('sort[1][direction]')).toBe('asc');
  });

  it('stops an answer whose total is never reached (it grows with every page), naming EIA and the route', async () => {
    const { error, offsets } = await paged({ kind: 'endless' });
    expect(error).toBeInstanceOf(EiaError);
    expect((error as Error).message).toMatch(/^EIA .*petroleum\/pri\/spt/);
    expect((error as Error).message).toMatch(/changed/);
    expect(offsets).toEqual([0, 10]);
  });

  it('keeps the rows of an answer that announced more than it held, and notes the difference', async () => {
    // A recorded answer said "436" and held 218: the rows end on an empty page.
    const { rows, notices, error } = await paged({ kind: 'short' });
    expect(error).toBeUndefined();
    const expected = eia.routes.get(route)?.length ?? 0;
    expect(rows).toHaveLength(expected);
    expect(notices).toEqual([`EIA announced ${expected * 2} rows of petroleum/pri/spt and sent ${expected}; the ${expected} sent were kept.`]);
  });

  it('refuses a total past what an import reads, before paging at all', async () => {
    const { error, offsets } = await paged({ kind: 'total', total: EIA_MAX_ROWS + 1 });
    expect(error).toBeInstanceOf(EiaError);
    expect((error as Error).message).toMatch(/^EIA announced [\d,]+ rows for petroleum\/pri\/spt/);
    expect(offsets).toEqual([0]);
  });

  it('stops at the page cap when small pages would take too many requests', async () => {
    const { error, offsets } = await paged({ kind: 'total', total: EIA_MAX_PAGES * 10 + 1 });
    expect(error).toBeInstanceOf(EiaError);
    expect((error as Error).message).toMatch(/^EIA needed more than \d+ pages for petroleum\/pri\/spt/);
    expect(offsets).toHaveLength(EIA_MAX_PAGES);
  });
});

describe('EiaClient errors', () => {
  // An unknown route answered HTTP 500 with the recorded 404 body, as EIA did before API 2.1.10 (issue 31).
  const { eia, client } = useEiaClient({ unknownRouteStatus: 500 });

  it('takes the recorded 404 of an unknown route for what it is: not retried, reported as not found', async () => {
    const current = await startFakeEia();
    try {
      const error = await fakeEiaClient(current)
        .fetchAll({ route: 'petroleum/pri/nothing', frequency: 'daily', data: 'value', facets: {} })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, message: 'EIA has no route petroleum/pri/nothing (EIA: Not found.).' });
      expect(current.requests).toHaveLength(1);
    } finally {
      await current.close();
    }
  });

  it('takes an HTTP 500 whose body says 404 for the 404 it is: not retried, reported as not found', async () => {
    eia.requests.length = 0;
    const error = await client.fetchAll({ route: 'petroleum/pri/nothing', frequency: 'daily', data: 'value', facets: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EiaError);
    expect(error).toMatchObject({ status: 404, message: 'EIA has no route petroleum/pri/nothing (EIA: Not found.).' });
    expect(eia.requests).toHaveLength(1);
  });

  it('still retries a 500 that is EIA’s own failure', async () => {
    eia.requests.length = 0;
    eia.failNext('petroleum/pri/spt', 500, 1);
    const rows = await client.fetchAll({ route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: { series: ['RWTC'] } });
    expect(rows.length).toBeGreaterThan(0);
    expect(eia.requests).toHaveLength(2);
  });

  it('answers an unknown facet name with EIA’s 400', async () => {
    const error = await client
      .fetchAll({ route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: { seriesid: ['RWTC'] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EiaError);
    expect(error).toMatchObject({ status: 400 });
    expect((error as Error).message).toMatch(/^EIA: Invalid facet 'seriesid' provided\./);
  });

  it('names a rejected key as EIA does (recorded 403)', async () => {
    const rejected = new EiaClient(`${eia.url}/v2`, 'not-the-key', { paceMs: 0, backoffMs: 1 });
    const error = await rejected.fetchAll({ route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 403,
      message: 'EIA: An invalid api_key was supplied. Get one at https://api.eia.gov:443 (API_KEY_INVALID)',
    });
  });
});
