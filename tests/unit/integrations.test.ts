import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eiaNumber } from '@/server/integrations/eia';
import { fetchPolitely, OutboundNetworkError } from '@/server/integrations/outbound';
import { energyMixFromRows } from '@/server/integrations/zoho';
import { reportCsv } from '@/server/services/markets/reports';
import type { Report } from '@/lib/validation/reports';

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
