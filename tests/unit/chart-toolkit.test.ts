import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataChartMeta, dataChartTable, type DataChartSpec } from '@/lib/charts/specs/data-desk';
import { chartFilename, embedCode } from '@/lib/chart-meta';
import { readCardEmbed, readReportEmbed, reportEmbedPath, reportViewPath } from '@/lib/chart-embeds';
import { gridChartPath, readGridEmbed, readStateEmbed, stateChartPath } from '@/lib/data-desk-views';
import { tableCellText, tableCsv, type ChartTable } from '@/lib/chart-table';
import { pngText, withPngText } from '@/lib/png-text';
import { DERIVED_LINES, parseSeriesView, readSeriesView, seriesViewPath, seriesViewQuery, type SeriesView } from '@/lib/series-view';
import { pageAddress } from '@/server/cache/routes';
import { framingOf, securityHeadersFor, withFramingPolicy } from '@/server/front/headers';

const table: ChartTable = {
  columns: ['Date', 'WTI Crude Oil ($/bbl)', 'Note, "quoted"'],
  rows: [
    ['2026-11-20', 58.1, 'a'],
    ['2026-11-23', -0.4, null],
  ],
  decimals: [null, 2, null],
};

describe('a chart’s table and its CSV', () => {
  it('writes exactly the rows shown: a header, numbers as stored, gaps empty, quotes doubled, CRLF', () => {
    expect(tableCsv(table)).toBe('Date,WTI Crude Oil ($/bbl),"Note, ""quoted"""\r\n2026-11-20,58.1,a\r\n2026-11-23,-0.4,\r\n');
  });

  it('says cells as readers say them: decimals of the column, a minus sign, periods as dates or months, a dash for a gap', () => {
    expect(tableCellText(table, 58.1, 1)).toBe('58.10');
    expect(tableCellText(table, -0.4, 1)).toBe('−0.40');
    expect(tableCellText(table, null, 2)).toBe('–');
    expect(tableCellText(table, '2026-11-20', 0)).toBe('Nov 20, 2026');
    expect(tableCellText({ ...table, dates: 'month' }, '2026-08-01', 0)).toBe('August 2026');
    expect(tableCellText(table, 'Natural Gas', 0)).toBe('Natural Gas');
  });
});

describe('what a chart says about itself', () => {
  it('gives an embed code that cannot break out of its attributes', () => {
    const code = embedCode('https://example.org/embed/markets/wti?compare=brent', 'WTI "vs" <Brent> & co', 340);
    expect(code).toBe(
      '<iframe src="https://example.org/embed/markets/wti?compare=brent" title="WTI &quot;vs&quot; &lt;Brent> &amp; co" width="100%" height="510" loading="lazy" style="border:0;max-width:100%"></iframe>',
    );
  });

  it('names downloads from words, in lower case with dashes', () => {
    expect(chartFilename('wti', 'brent', '', '5y')).toBe('wti-brent-5y');
    expect(chartFilename('US Crude Oil Production by Month')).toBe('us-crude-oil-production-by-month');
    expect(chartFilename('—')).toBe('chart');
  });
});

describe('a series view and its one address', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('reads the compare form’s query (one `compare` per choice) and the permalink’s comma list alike', () => {
    const fromForm = parseSeriesView('wti', params('range=5y&compare=brent&compare=&compare=wti-brent-spread&measure=index&outlook=hide'));
    const fromLink = parseSeriesView('wti', params('range=5y&compare=brent,wti-brent-spread&measure=index&outlook=hide'));
    expect(fromForm).toEqual<SeriesView>({ range: '5y', compare: ['brent', 'wti-brent-spread'], measure: 'index', outlook: false });
    expect(fromLink).toEqual(fromForm);
    expect(seriesViewQuery(fromForm)).toBe('?range=5y&compare=brent,wti-brent-spread&measure=index&outlook=hide');
  });

  it('drops unknown, repeated and own series, keeps at most three, and falls back to defaults', () => {
    const view = parseSeriesView('wti', params('compare=wti,nope,brent,brent,henry-hub,gas-storage,diesel&measure=sideways&range=forever'));
    expect(view).toEqual<SeriesView>({ range: '1y', compare: ['brent', 'henry-hub', 'gas-storage'], measure: 'level', outlook: true });
  });

  it('sends any other spelling of a view to its one address, and leaves other parameters out of it', () => {
    expect(readSeriesView('wti', params('range=5y&utm_source=x')).redirect).toBeUndefined();
    expect(readSeriesView('wti', params('')).redirect).toBeUndefined();
    expect(readSeriesView('wti', params('range=5Y')).redirect).toBe('/markets/wti?range=5y');
    expect(readSeriesView('wti', params('compare=brent&compare=&measure=level&outlook=show')).redirect).toBe('/markets/wti?compare=brent');
    expect(readSeriesView('wti', params('range=1y'), true).redirect).toBe('/embed/markets/wti');
    expect(seriesViewPath('gas-storage', { range: 'max', compare: [], measure: 'yoy', outlook: true }, true)).toBe(
      '/embed/markets/gas-storage?range=max&measure=yoy',
    );
  });

  it('offers the derived lines analysts watch', () => {
    expect(DERIVED_LINES.map((d) => [d.slug, d.kind, d.of])).toEqual([
      ['wti-brent-spread', 'spread', ['wti', 'brent']],
      ['gas-storage-vs-five-year', 'five-year-gap', ['gas-storage']],
    ]);
  });

  it('keys the page cache by every value of a repeated parameter, so two views never share a page', () => {
    const read = ['range', 'compare'];
    expect(pageAddress(new URL('http://x/markets/wti?compare=brent&compare=henry-hub&utm=1'), read)).toBe(
      '/markets/wti?compare=brent&compare=henry-hub',
    );
    expect(pageAddress(new URL('http://x/markets/wti?compare=brent'), read)).toBe('/markets/wti?compare=brent');
  });
});

describe('who may frame a page', () => {
  it('lets any site frame an embed, and no site any other page', () => {
    expect(framingOf('/embed/markets/wti')).toBe('any');
    expect(framingOf('/')).toBe('none');
    expect(framingOf('/embedded')).toBe('none');
    const embed = securityHeadersFor('https://example.org', 'any');
    const page = securityHeadersFor('https://example.org');
    expect(embed['X-Frame-Options']).toBeUndefined();
    expect(embed['Content-Security-Policy']).toContain('frame-ancestors *');
    expect(page['X-Frame-Options']).toBe('DENY');
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(withFramingPolicy("default-src 'self'", 'any')).toBe("default-src 'self'; frame-ancestors *");
  });
});

describe('text in a downloaded PNG', () => {
  it('puts the title, source and address into the file as UTF-8 text chunks, and the picture still decodes', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 4, height: 3, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    const text = {
      Title: 'WTI–Brent spread',
      Source: 'Source: U.S. EIA, series RWTC and RBRTE, as of Nov 20, 2026.',
      URL: 'https://example.org/markets/wti',
    };
    const tagged = withPngText(png, text);
    expect(pngText(tagged)).toEqual(text);
    const meta = await sharp(Buffer.from(tagged)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 4, 3]);
    expect(withPngText(new Uint8Array([1, 2, 3]), text)).toEqual(new Uint8Array([1, 2, 3]));
  });
});

describe('a data desk chart in the toolkit', () => {
  const hourly: DataChartSpec = {
    id: 'grid-tex-demand',
    title: 'Texas: hourly demand and day-ahead forecast',
    type: 'line',
    height: 320,
    unit: 'GW',
    decimals: 1,
    source: 'Source: EIA, Hourly Electric Grid Monitor (Form EIA-930), respondent TEX.',
    asOfText: 'Tue, Nov 24, 8 AM CT (9 AM ET)',
    x: {
      kind: 'hourly',
      wallClock: ['2026-11-24T07:00', '2026-11-24T08:00'],
      zone: 'CT',
      instants: ['2026-11-24T07:00:00-06:00', '2026-11-24T08:00:00-06:00'],
    },
    labels: ['Tue, Nov 24, 7 AM CT (8 AM ET)', 'Tue, Nov 24, 8 AM CT (9 AM ET)'],
    series: [
      { name: 'Demand', color: '#1d4ed8', values: [45.3, null] },
      { name: 'Day-ahead forecast', color: '#d97706', dashed: true, values: [44.9, 46] },
    ],
  };
  const monthly: DataChartSpec = {
    ...hourly,
    id: 'state-tx-price-residential',
    unit: '¢/kWh',
    decimals: 2,
    asOfText: 'August 2026',
    x: { kind: 'monthly', months: ['2026-07-01', '2026-08-01'] },
    labels: ['July 2026', 'August 2026'],
    series: [{ name: 'Texas', color: '#1d4ed8', values: [15.1, 15.32] }],
  };

  it('tabulates what the chart draws: a row per hour as an ISO 8601 time with its offset (labeled for readers), or per month as a date; a column per line with its unit', () => {
    const table = dataChartTable(hourly);
    expect(table.columns).toEqual(['Hour ending (CT)', 'Demand (GW)', 'Day-ahead forecast (GW)']);
    expect(tableCsv(table)).toBe(
      'Hour ending (CT),Demand (GW),Day-ahead forecast (GW)\r\n2026-11-24T07:00:00-06:00,45.3,44.9\r\n2026-11-24T08:00:00-06:00,,46\r\n',
    );
    expect(table.labels).toEqual(hourly.labels);
    expect(tableCellText(table, 46, 2)).toBe('46.0');
    const months = dataChartTable(monthly);
    expect(months.rows).toEqual([
      ['2026-07-01', 15.1],
      ['2026-08-01', 15.32],
    ]);
    expect(tableCellText(months, '2026-08-01', 0)).toBe('August 2026');
  });

  it('says its source with its latest hour or month, its units, and its view and embed as absolute addresses', () => {
    const meta = dataChartMeta(hourly, { note: 'Hour by hour.', permalink: '/grid/TEX', embed: '/embed/grid/TEX', site: 'https://example.com' });
    expect(meta).toMatchObject({
      title: hourly.title,
      subtitle: 'Hour by hour.',
      units: 'GW',
      source: `${hourly.source} Latest hour: Tue, Nov 24, 8 AM CT (9 AM ET).`,
      asOf: 'Tue, Nov 24, 8 AM CT (9 AM ET)',
      permalink: 'https://example.com/grid/TEX',
      embed: 'https://example.com/embed/grid/TEX',
      filename: 'grid-tex-demand',
    });
    expect(dataChartMeta(monthly, { note: '', permalink: '/states/TX', embed: '/embed/states/TX', site: 'https://example.com' }).source).toMatch(
      / Latest month: August 2026\.$/,
    );
  });

  it('gives each chart view one address on the site and as an embed', () => {
    expect(gridChartPath('US48', 'demand')).toBe('/grid');
    expect(gridChartPath('TEX', 'generation')).toBe('/grid/TEX');
    expect(gridChartPath('TEX', 'demand', true)).toBe('/embed/grid/TEX');
    expect(gridChartPath('TEX', 'generation', true)).toBe('/embed/grid/TEX?chart=generation');
    expect(stateChartPath('TX', { chart: 'price', sector: 'residential' })).toBe('/states/TX');
    expect(stateChartPath('TX', { chart: 'price', sector: 'industrial' }, true)).toBe('/embed/states/TX?sector=industrial');
    expect(stateChartPath('TX', { chart: 'generation' })).toBe('/states/TX');
    expect(stateChartPath('TX', { chart: 'generation' }, true)).toBe('/embed/states/TX?chart=generation');
  });

  it('reads an embed address, sends any other spelling of its view to its one address, and knows no other chart', () => {
    /** Reads an embed's `CODE?query` with `read`. */
    const reading =
      <T>(read: (code: string, query: URLSearchParams) => T) =>
      (address: string) => {
        const [code = '', query = ''] = address.split('?');
        return read(code, new URLSearchParams(query));
      };
    const grid = reading(readGridEmbed);
    expect(grid('TEX')).toMatchObject({ chart: 'demand', redirect: undefined });
    expect(grid('TEX?chart=generation&utm_source=x')).toMatchObject({ chart: 'generation', redirect: undefined });
    expect(grid('tex')?.redirect).toBe('/embed/grid/TEX');
    expect(grid('TEX?chart=demand')?.redirect).toBe('/embed/grid/TEX');
    for (const address of ['XX', 'TEX?chart=prices', 'texas-and-more']) expect(grid(address), address).toBeUndefined();

    const state = reading(readStateEmbed);
    expect(state('TX?sector=commercial')).toMatchObject({ code: 'TX', view: { chart: 'price', sector: 'commercial' }, redirect: undefined });
    expect(state('tx?sector=Industrial')?.redirect).toBe('/embed/states/TX?sector=industrial');
    expect(state('TX?sector=residential')?.redirect).toBe('/embed/states/TX');
    expect(state('TX?sector=nuclear')?.redirect).toBe('/embed/states/TX');
    expect(state('TX?chart=generation&sector=commercial')).toMatchObject({
      view: { chart: 'generation' },
      redirect: '/embed/states/TX?chart=generation',
    });
    for (const address of ['ZZ', 'TX?chart=map', 'USA']) expect(state(address), address).toBeUndefined();
  });
});

describe('the embed addresses of the reports and the dashboard cards', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('spell a report view once: its settings in the schema’s order, defaults left out, lower case', () => {
    expect(reportEmbedPath('price', params(''))).toBe('/embed/reports/price');
    expect(reportEmbedPath('price', params('series=wti,brent&range=6m&format=csv'))).toBe('/embed/reports/price');
    expect(reportEmbedPath('custom', params('chart=bar&range=2Y&series=gasoline,electricity,gasoline'))).toBe(
      '/embed/reports/custom?series=gasoline,electricity&range=2y&chart=bar',
    );
    expect(reportEmbedPath('share', params('period=12m'))).toBe('/embed/reports/share?period=12m');
    for (const [kind, query] of [
      ['nope', ''],
      ['price', 'range=5y'],
      ['price', 'series=electricity'],
      ['custom', 'series='],
      ['regional', 'metric=prices'],
    ] as const)
      expect(reportEmbedPath(kind, params(query)), `${kind}?${query}`).toBeUndefined();
  });

  it('name the redirect from any other spelling, and reopen the view on /analytics', () => {
    expect(readReportEmbed('price', params('series=brent'))?.redirect).toBeUndefined();
    expect(readReportEmbed('PRICE', params('series=brent'))?.redirect).toBe('/embed/reports/price?series=brent');
    expect(readReportEmbed('price', params('range=1y&series=brent'))?.redirect).toBe('/embed/reports/price?series=brent&range=1y');
    expect(readReportEmbed('share', params('metric=renewables'))?.redirect).toBe('/embed/reports/share');
    // A parameter no report reads is not part of the view (nor of its cache key).
    expect(readReportEmbed('price', params('utm_source=x'))?.redirect).toBeUndefined();
    expect(readReportEmbed('custom', params('range=2y'))?.query).toEqual({ series: ['wti'], range: '2y', chart: 'line', format: 'json' });
    expect(reportViewPath('/embed/reports/custom?series=wti,brent&chart=bar')).toBe(
      '/analytics?tab=reports&report=custom&series=wti,brent&chart=bar',
    );
    expect(reportViewPath('/embed/reports/price')).toBe('/analytics?tab=reports&report=price');
  });

  it('name each card in lower case', () => {
    expect(readCardEmbed('energy-mix')).toEqual({ card: 'energy-mix', redirect: undefined });
    expect(readCardEmbed('Volatility')).toEqual({ card: 'volatility', redirect: '/embed/cards/volatility' });
    expect(readCardEmbed('wti')).toBeUndefined();
  });
});
