import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EIA_MAX_PAGES, EIA_MAX_ROWS, EiaClient, EiaError, eiaNumber, type EiaQuery } from '@/server/integrations/eia';
import { FAKE_EIA_KEY, startFakeEia, type FakeEia } from '../fakes/eia.ts';
import { fetchPolitely, OutboundNetworkError } from '@/server/integrations/outbound';
import { energyMixFromRows } from '@/server/integrations/zoho';
import { reportCsv } from '@/server/services/markets/reports';
import type { Report } from '@/lib/wire/markets';

describe('eiaNumber', () => {
  it('reads EIA string values and treats gaps as missing', () => {
    expect(eiaNumber('72.50')).toBe(72.5);
    expect(eiaNumber('-1.25')).toBe(-1.25);
    expect(eiaNumber(3)).toBe(3);
    for (const gap of ['.', '', 'NA', '--', null, undefined, 'W', '1e5', Number.NaN]) expect(eiaNumber(gap)).toBeUndefined();
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
  let eia: FakeEia;
  let client: EiaClient;
  // Pages of at most 10 rows, so every query takes several.
  beforeAll(async () => {
    eia = await startFakeEia({ maxPage: 10 });
    client = new EiaClient(`${eia.url}/v2`, FAKE_EIA_KEY, { paceMs: 0, backoffMs: 1 });
  });
  afterAll(() => eia.close());

  const route = 'petroleum/pri/spt';
  const query: EiaQuery = { route, frequency: 'daily', data: 'value', facets: {} };
  const offsets = () => eia.requests.filter((r) => r.path.includes(route)).map((r) => Number(r.query.get('offset')));

  /** Runs a query with a paging fault on its route; answers the error and the offsets asked for. */
  async function failing(fault: Parameters<FakeEia['pagingFault']>[1]): Promise<{ error: unknown; offsets: number[] }> {
    eia.requests.length = 0;
    eia.pagingFault(route, fault);
    try {
      await client.fetchAll(query);
      return { error: undefined, offsets: offsets() };
    } catch (error) {
      return { error, offsets: offsets() };
    } finally {
      eia.pagingFault(route, undefined);
    }
  }

  it('reads every page up to the total, each offset past the last', async () => {
    eia.requests.length = 0;
    const rows = await client.fetchAll(query);
    const expected = eia.routes.get(route)?.length ?? 0;
    expect(expected).toBeGreaterThan(20);
    expect(rows).toHaveLength(expected);
    expect(offsets()).toEqual(Array.from({ length: Math.ceil(expected / 10) }, (_, i) => i * 10));
  });

  it('stops an answer whose total is never reached (it grows with every page), naming EIA and the route', async () => {
    const { error, offsets } = await failing({ kind: 'endless' });
    expect(error).toBeInstanceOf(EiaError);
    expect((error as Error).message).toMatch(/^EIA .*petroleum\/pri\/spt/);
    expect((error as Error).message).toMatch(/changed/);
    expect(offsets).toEqual([0, 10]);
  });

  it('stops when the rows run out before the total, rather than taking part of the data', async () => {
    const { error } = await failing({ kind: 'short' });
    expect(error).toBeInstanceOf(EiaError);
    const rows = eia.routes.get(route)?.length ?? 0;
    expect((error as Error).message).toBe(`EIA stopped sending rows of petroleum/pri/spt after ${rows} of the ${rows * 2} it announced.`);
  });

  it('refuses a total past what an import reads, before paging at all', async () => {
    const { error, offsets } = await failing({ kind: 'total', total: EIA_MAX_ROWS + 1 });
    expect(error).toBeInstanceOf(EiaError);
    expect((error as Error).message).toMatch(/^EIA announced [\d,]+ rows for petroleum\/pri\/spt/);
    expect(offsets).toEqual([0]);
  });

  it('stops at the page cap when small pages would take too many requests', async () => {
    const { error, offsets } = await failing({ kind: 'total', total: EIA_MAX_PAGES * 10 + 1 });
    expect(error).toBeInstanceOf(EiaError);
    expect((error as Error).message).toMatch(/^EIA needed more than \d+ pages for petroleum\/pri\/spt/);
    expect(offsets).toHaveLength(EIA_MAX_PAGES);
  });
});
