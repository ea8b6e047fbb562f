import { describe, expect, it } from 'vitest';
import { deliveryMonth } from '@/lib/futures-calendar';
import { derivedSeries } from '@/lib/derived-series';
import { buildSeriesFigure, seriesFigureTable, type FigureInput, type FigureSeriesInput } from '@/lib/series-figure';
import { derivedLine } from '@/lib/series-view';
import { tableCsv } from '@/lib/chart-table';
import { figureInput, figureSeries, seriesView } from '../helpers/series-figure-input.ts';

const view = seriesView;

const series = (slug: string, points: [string, number][], extra: Partial<FigureSeriesInput> = {}): FigureSeriesInput =>
  figureSeries(
    {
      slug,
      name: slug.toUpperCase(),
      unit: '$/bbl',
      decimals: 2,
      frequency: 'daily',
      sources: [{ name: slug.toUpperCase(), source: `eia:petroleum/pri/spt:${slug}` }],
    },
    points,
    extra,
  );

const input = (change: Partial<FigureInput>): FigureInput => figureInput(series('wti', []), change);

/** Weekly periods (Fridays) from `first` on, `count` of them. */
function fridays(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.parse(`${first}T00:00:00Z`) + i * 7 * 86_400_000).toISOString().slice(0, 10));
}

describe('derived lines', () => {
  it('the WTI–Brent spread: WTI minus Brent on the days both are quoted', () => {
    const wti = series('wti', [
      ['2026-11-18', 60],
      ['2026-11-19', 61.25],
      ['2026-11-20', 62],
    ]);
    const brent = series('brent', [
      ['2026-11-18', 64.5],
      ['2026-11-20', 65.1],
    ]);
    const line = derivedLine('wti-brent-spread');
    if (!line) throw new Error('no spread');
    const spread = derivedSeries(line, [wti, brent]);
    expect(spread?.points).toEqual([
      { period: '2026-11-18', value: -4.5 },
      { period: '2026-11-20', value: -3.1 },
    ]);
    expect(spread?.sources.map((s) => s.name)).toEqual(['WTI', 'BRENT']);
    expect(derivedSeries(line, [wti])).toBeUndefined();
  });

  it('gas storage against its five-year average: each week minus the average of the same week in the five years before', () => {
    // Six years of weeks: storage grows 10 Bcf a week, so each week is 52 × 10 × 3 = 1,560 Bcf over the average of the five years before.
    const weeks = fridays('2020-01-03', 6 * 52 + 2);
    const storage = series(
      'gas-storage',
      weeks.map((w, i) => [w, 1_000 + i * 10]),
      { unit: 'Bcf', decimals: 0, frequency: 'weekly' },
    );
    const line = derivedLine('gas-storage-vs-five-year');
    if (!line) throw new Error('no gap');
    const gap = derivedSeries(line, [storage]);
    // Weeks without five years behind them are left out.
    expect(gap?.points[0]?.period).toBe(weeks[5 * 52]);
    expect(gap?.points.every((p) => p.value === 1_560)).toBe(true);
    expect(gap?.points).toHaveLength(weeks.length - 5 * 52);
  });

  it('the change from a year before: the same month a year back, or for days the last observation within a week of 364 days back', () => {
    const monthly = series(
      'electricity',
      [
        ['2025-08-01', 16],
        ['2025-09-01', 15],
        ['2026-08-01', 17],
        ['2026-09-01', 15],
      ],
      { unit: '¢/kWh', frequency: 'monthly' },
    );
    const figure = buildSeriesFigure(input({ slug: 'electricity', main: monthly, view: view({ measure: 'yoy' }), start: '2026-08-01' }));
    expect(figure.lines[0]?.points).toEqual([
      ['2026-08-01', 6.3],
      ['2026-09-01', 0],
    ]);
    expect(figure.axes).toEqual([{ title: '% change from a year earlier', decimals: 1 }]);
    const daily = series('wti', [
      ['2025-11-18', 50],
      ['2026-11-10', 40],
      ['2026-11-17', 55],
    ]);
    // Nov 17, 2026 less 364 days is Nov 18, 2025; Nov 10 has nothing within a week before Nov 11, 2025.
    expect(buildSeriesFigure(input({ main: daily, view: view({ measure: 'yoy' }), start: '2026-11-01' })).lines[0]?.points).toEqual([
      ['2026-11-17', 10],
    ]);
  });
});

describe('compare: two to four lines on one chart', () => {
  const wti = series('wti', [
    ['2026-11-19', 60],
    ['2026-11-20', 66],
  ]);
  const gas = series(
    'henry-hub',
    [
      ['2026-11-19', 3],
      ['2026-11-20', 2.7],
    ],
    { unit: '$/MMBtu', decimals: 2 },
  );
  const storage = series('gas-storage', [['2026-11-20', 3_900]], { unit: 'Bcf', decimals: 0, frequency: 'weekly' });

  it('puts lines of two units on two axes, each with its unit', () => {
    const figure = buildSeriesFigure(input({ main: wti, compared: [gas] }));
    expect(figure.lines.map((l) => [l.key, l.axis, l.unit])).toEqual([
      ['wti', 0, '$/bbl'],
      ['henry-hub', 1, '$/MMBtu'],
    ]);
    expect(figure.axes.map((a) => a.title)).toEqual(['$/bbl', '$/MMBtu']);
    expect(figure.title).toBe('WTI compared with HENRY-HUB');
  });

  it('rebases to 100 at the first observation when asked, or when three units are more than two axes show', () => {
    const rebased = buildSeriesFigure(input({ main: wti, compared: [gas], view: view({ measure: 'index' }) }));
    expect(rebased.lines.map((l) => l.points)).toEqual([
      [
        ['2026-11-19', 100],
        ['2026-11-20', 110],
      ],
      [
        ['2026-11-19', 100],
        ['2026-11-20', 90],
      ],
    ]);
    const three = buildSeriesFigure(input({ main: wti, compared: [gas, storage] }));
    expect(three.measure).toBe('index');
    expect(three.notes[0]).toMatch(/3 different units, more than two axes can show/);
  });

  it('shows a derived line only as a level, and says so', () => {
    const line = derivedLine('wti-brent-spread');
    if (!line) throw new Error('no spread');
    const spread = derivedSeries(line, [wti, series('brent', [['2026-11-20', 70]])]);
    if (!spread) throw new Error('no spread');
    const figure = buildSeriesFigure(input({ main: wti, compared: [spread], view: view({ measure: 'index' }) }));
    expect(figure.lines.map((l) => l.key)).toEqual(['wti']);
    expect(figure.notes.join(' ')).toMatch(/WTI–Brent spread is shown only as a level/);
  });
});

describe('the look ahead: EIA’s forecast and the futures strip', () => {
  // A year of history: the look ahead may take a fifth of the width, a quarter of the history (to Feb 19, 2027).
  const wti = series('wti', [
    ['2025-11-20', 58],
    ['2026-10-30', 60],
    ['2026-11-20', 62],
  ]);
  const steo = series(
    'wti-steo',
    [
      ['2026-10-01', 59],
      ['2026-11-01', 61],
      ['2026-12-01', 63],
      ['2027-01-01', 64],
    ],
    { frequency: 'monthly', sources: [{ name: 'WTI forecast', source: 'eia:steo:WTIPUUS' }] },
  );
  const contract = (n: 1 | 2 | 3 | 4, value: number) => ({
    contract: n,
    series: series(`wti-futures-${n}`, [
      ['2026-11-19', value - 1],
      ['2026-11-20', value],
    ]),
  });

  it('continues the series with the forecast months after its latest figure, dashed and labelled forecast', () => {
    const figure = buildSeriesFigure(input({ main: wti, forecast: steo }));
    const forecast = figure.lines.find((l) => l.kind === 'forecast');
    expect(forecast?.name).toBe('WTI: EIA forecast (STEO)');
    expect(forecast?.continues).toBe('wti');
    expect(forecast?.points).toEqual([
      ['2026-12-01', 63],
      ['2027-01-01', 64],
    ]);
    expect(figure.subtitle).toContain('EIA’s forecast (dashed)');
    expect(figure.source).toBe('Source: U.S. EIA, series wti and WTIPUUS, as of Nov 20, 2026.');
    // Hidden on request, and never drawn on a rebased chart.
    expect(buildSeriesFigure(input({ main: wti, forecast: steo, view: view({ outlook: false }) })).lines).toHaveLength(1);
    expect(buildSeriesFigure(input({ main: wti, forecast: steo, view: view({ measure: 'index' }) })).lines).toHaveLength(1);
  });

  it('draws the strip of contracts 1–4 at their delivery months, from the latest settlement day, labelled futures', () => {
    const longer = series('wti', [['2024-11-20', 55], ...wti.points.map((p): [string, number] => [p.period, p.value])]);
    const futures = [contract(1, 62.5), contract(2, 62.8), contract(3, 63), contract(4, 63.1)];
    const figure = buildSeriesFigure(input({ main: longer, futures }));
    const strip = figure.lines.find((l) => l.kind === 'futures');
    expect(strip?.name).toBe('WTI: NYMEX futures, settled Nov 20, 2026');
    // Nov 20, 2026 is the December contract's last trading day (three business days before the 25th): it is still contract 1.
    expect(strip?.points).toEqual([
      ['2026-12-01', 62.5],
      ['2027-01-01', 62.8],
      ['2027-02-01', 63],
      ['2027-03-01', 63.1],
    ]);
    // A year of history: the strip stops at the horizon (Feb 19, 2027), and the note says so.
    const year = buildSeriesFigure(input({ main: wti, futures }));
    expect(year.lines.find((l) => l.kind === 'futures')?.points.map(([p]) => p)).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
    expect(year.notes.join(' ')).toContain('nearest 3 contracts of 4');
  });

  it('keeps a history range mostly history: the forecast takes at most a fifth of the width, and the rest is said', () => {
    const months = Array.from({ length: 26 }, (_, i) => new Date(Date.UTC(2026, 10 + i, 1)).toISOString().slice(0, 10));
    const long = series(
      'wti-steo',
      months.map((m, i): [string, number] => [m, 60 + i]),
      { frequency: 'monthly' },
    );
    const figure = buildSeriesFigure(input({ main: wti, forecast: long }));
    const forecast = figure.lines.find((l) => l.kind === 'forecast');
    const day = (p: string) => Date.parse(`${p}T00:00:00Z`) / 86_400_000;
    const end = forecast?.points.at(-1)?.[0] ?? '';
    const share = (day(end) - day('2026-11-20')) / (day(end) - day('2025-11-20'));
    expect(forecast?.points.length).toBe(3);
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThanOrEqual(0.2);
    expect(figure.notes.join(' ')).toMatch(/EIA’s forecast runs to December 2028: this range shows its first 3 months/);
    // The whole history: the whole forecast.
    const max = buildSeriesFigure(
      input({
        main: series('wti', [
          ['2015-01-02', 50],
          ['2026-11-20', 62],
        ]),
        forecast: long,
        view: view({ range: 'max' }),
      }),
    );
    expect(max.lines.find((l) => l.kind === 'forecast')?.points).toHaveLength(25);
    // A month of history: no room for a monthly forecast, and the reader is told where it is.
    const month = buildSeriesFigure(
      input({
        main: series('wti', [
          ['2026-10-20', 60],
          ['2026-11-20', 62],
        ]),
        forecast: long,
        view: view({ range: '1m' }),
      }),
    );
    expect(month.lines.some((l) => l.kind === 'forecast')).toBe(false);
    expect(month.notes.join(' ')).toMatch(/reaches beyond this range: longer ranges show it/);
  });

  it('knows when each NYMEX contract stops trading', () => {
    expect(deliveryMonth('wti', '2026-11-20', 1)).toBe('2026-12-01');
    expect(deliveryMonth('wti', '2026-11-23', 1)).toBe('2027-01-01');
    expect(deliveryMonth('wti', '2026-11-23', 4)).toBe('2027-04-01');
    // Henry Hub stops three business days before the delivery month (Nov 25, 2026, with Thanksgiving on the 26th).
    expect(deliveryMonth('henry-hub', '2026-11-25', 1)).toBe('2026-12-01');
    expect(deliveryMonth('henry-hub', '2026-11-27', 1)).toBe('2027-01-01');
  });

  it('tabulates exactly what the chart draws: a row per period, a column per line, and the CSV of it', () => {
    const figure = buildSeriesFigure(input({ main: wti, forecast: steo }));
    const table = seriesFigureTable(figure);
    expect(table.columns).toEqual(['Date', 'WTI ($/bbl)', 'WTI: EIA forecast (STEO) ($/bbl)']);
    expect(tableCsv(table)).toBe(
      'Date,WTI ($/bbl),WTI: EIA forecast (STEO) ($/bbl)\r\n2025-11-20,58,\r\n2026-10-30,60,\r\n2026-11-20,62,\r\n2026-12-01,,63\r\n2027-01-01,,64\r\n',
    );
  });
});
