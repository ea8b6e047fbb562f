// A series view's chart as the server draws it (`seriesChartSpec` → `renderSvgChart`, rendered by
// librsvg): history and EIA's forecast told apart, the forecast kept to a small share of a
// history range, a compared line of another size on its own axis, and one color per series.
import { describe, expect, it } from 'vitest';
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import { seriesChartSpec, seriesLineColor } from '@/lib/charts/specs/series';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import { derivedSeries } from '@/lib/derived-series';
import { buildSeriesFigure, type FigureInput, type FigureSeriesInput } from '@/lib/series-figure';
import { DERIVED_LINES, derivedLine } from '@/lib/series-view';
import { contrast, difference, VISIONS } from '../helpers/colour-vision.ts';
import { figureInput, figureSeries, seriesView } from '../helpers/series-figure-input.ts';
import { pixelsOf } from '../helpers/svg-pixels.ts';

const view = seriesView;
const DAY = 86_400_000;
/** Business days (Monday to Friday) from `from` to `to`. */
function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

function series(slug: string, points: [string, number][], extra: Partial<FigureSeriesInput> = {}): FigureSeriesInput {
  const facts = MARKET_SERIES.find((s) => s.slug === slug);
  const { name = slug, unit = '$/bbl', decimals = 2, frequency = 'daily' } = facts ?? {};
  return figureSeries({ slug, name, unit, decimals, frequency, sources: [{ name: slug, source: `eia:route:${slug}` }] }, points, extra);
}

const input = (change: Partial<FigureInput>): FigureInput => figureInput(series('wti', []), change);

const days = weekdays('2025-11-20', '2026-11-20');
const wti = series(
  'wti',
  days.map((d, i) => [d, 60 + Math.sin(i / 15) * 6]),
);
const brent = series(
  'brent',
  days.map((d, i) => [d, 64 + Math.sin(i / 15) * 6 + Math.cos(i / 7)]),
);
const months = Array.from({ length: 25 }, (_, i) => new Date(Date.UTC(2026, 11 + i, 1)).toISOString().slice(0, 10));
const steo = series(
  'wti-steo',
  months.map((m, i) => [m, 62 + i * 0.3]),
  { frequency: 'monthly' },
);
const color = (slug: string) => MARKET_SERIES.find((s) => s.slug === slug)?.color ?? '';

describe('a series view as a chart description', () => {
  it('draws the history solid and EIA’s forecast dashed, in its own color, named forecast, on at most a fifth of a 1Y chart', async () => {
    const figure = buildSeriesFigure(input({ main: wti, forecast: steo }));
    const spec = seriesChartSpec(figure);
    const [history, forecast] = spec.series;
    expect(history?.style).toBe('solid');
    expect(forecast?.style).toBe('dashed');
    expect(forecast?.name).toMatch(/forecast/);
    expect(forecast?.color).not.toBe(history?.color);
    // The forecast is joined to the last figure it continues.
    expect(forecast?.points[0]).toEqual(history?.points.at(-1));

    const svg = renderSvgChart(spec, { width: 720, height: 360 });
    expect(svg).toContain('stroke-dasharray="7 4"');
    // The plot only (the legend's swatches sit below y 300).
    const [h, f] = await Promise.all([pixelsOf(svg, color('wti'), 20, 300), pixelsOf(svg, color('wti-steo'), 20, 300)]);
    expect(h.count).toBeGreaterThan(400);
    expect(f.count).toBeGreaterThan(20);
    expect(f.minX).toBeGreaterThanOrEqual(h.maxX - 2);
    const width = f.maxX - h.minX;
    expect((f.maxX - h.maxX) / width).toBeLessThanOrEqual(0.2);
    expect(figure.notes.join(' ')).toMatch(/EIA’s forecast runs to/);
  });

  it('puts a compared line of another size on the right axis (Brent and the WTI–Brent spread), so neither is flat', async () => {
    const line = derivedLine('wti-brent-spread');
    const spread = line && derivedSeries(line, [wti, brent]);
    if (!spread) throw new Error('no spread');
    const figure = buildSeriesFigure(input({ slug: 'brent', main: brent, compared: [spread], view: view({ compare: ['wti-brent-spread'] }) }));
    expect(figure.lines.map((l) => l.axis)).toEqual([0, 1]);
    const spec = seriesChartSpec(figure);
    expect(spec.series[1]?.axis).toBe('right');
    expect(spec.yRightTitle).toBe('$/bbl (WTI–Brent spread)');
    const svg = renderSvgChart(spec, { width: 720, height: 360 });
    expect(svg).toContain('WTI–Brent spread (right axis)');
    // The spread swings over much of the plot's height, as Brent does.
    const [b, s] = await Promise.all([pixelsOf(svg, color('brent'), 20, 290), pixelsOf(svg, line.color, 12, 290)]);
    expect(b.maxY - b.minY).toBeGreaterThan(100);
    expect(s.maxY - s.minY).toBeGreaterThan(100);
    // Lines of one size share the left axis.
    const pair = buildSeriesFigure(input({ main: wti, compared: [brent], view: view({ compare: ['brent'] }) }));
    expect(pair.lines.map((l) => l.axis)).toEqual([0, 0]);
    expect(seriesChartSpec(pair).yRightTitle).toBeUndefined();
  });

  it('keeps every digit stored when a quantity is shown in a larger unit (thousands as millions)', () => {
    const stocks = series('crude-inventories', [['2026-11-13', 421_345]], { unit: 'thousand bbl', decimals: 0, frequency: 'weekly' });
    const figure = buildSeriesFigure(input({ slug: 'crude-inventories', main: stocks }));
    expect(figure.lines[0]?.unit).toBe('million bbl');
    expect(figure.lines[0]?.points).toEqual([['2026-11-13', 421.345]]);
  });

  it('shades gas storage’s five-year range and draws its average', () => {
    const weeks = ['2026-10-30', '2026-11-06', '2026-11-13'];
    const storage = series(
      'gas-storage',
      weeks.map((w, i) => [w, 3800 + i * 20]),
    );
    const band = weeks.map((period, i) => ({ period, min: 3500 + i, max: 4000 + i, average: 3750 + i }));
    const spec = seriesChartSpec(buildSeriesFigure(input({ slug: 'gas-storage', main: storage, band })));
    expect(spec.ranges?.[0]?.name).toBe('Five-year range');
    // The newsroom's annotations of the series are marked on it.
    const annotated = seriesChartSpec(buildSeriesFigure(input({ slug: 'gas-storage', main: storage, band })), [
      { from: '2026-11-02', to: '2026-11-06', label: 'Cold snap' },
    ]);
    expect(annotated.annotations).toEqual([{ from: '2026-11-02', to: '2026-11-06', label: 'Cold snap' }]);
    expect(renderSvgChart(annotated)).toContain('>Cold snap</text>');
    expect(spec.ranges?.[0]?.points[0]).toEqual({ x: '2026-10-30', low: 3500, high: 4000 });
    expect(spec.series.map((s) => s.name)).toEqual([storage.name, 'Five-year average']);
  });
});

describe('one color per series (db/catalog/market-series.ts)', () => {
  const catalog = MARKET_SERIES as readonly MarketSeriesFacts[];
  /** The card background of each theme (src/styles/global.css). */
  const BACKGROUNDS = ['#ffffff', '#121823'];

  it('every catalog series and derived line has one that holds 3:1 against the light and the dark chart', () => {
    for (const s of [...catalog, ...DERIVED_LINES]) {
      expect(s.color, s.slug).toMatch(/^#[0-9a-f]{6}$/);
      for (const background of BACKGROUNDS) expect(contrast(s.color, background), `${s.slug} on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('a series’ history, forecast and futures strip are told apart, in every color vision', () => {
    for (const s of catalog.filter((c) => !c.outlook)) {
      const own = [
        seriesLineColor({ key: s.slug, kind: 'observed' }),
        ...catalog.filter((o) => o.outlook?.of === s.slug && o.outlook.kind === 'forecast').map((o) => o.color),
        ...(catalog.some((o) => o.outlook?.of === s.slug && o.outlook.kind === 'futures')
          ? [seriesLineColor({ key: `${s.slug}-futures`, kind: 'futures', continues: s.slug })]
          : []),
      ];
      for (const [i, a] of own.entries())
        for (const b of own.slice(i + 1))
          for (const vision of VISIONS) expect(difference(a, b, vision), `${s.slug}: ${a} ${b} ${vision}`).toBeGreaterThan(10);
    }
  });

  it('the series most often compared are told apart, in every color vision', () => {
    const pairs = [
      ['wti', 'brent'],
      ['wti', 'henry-hub'],
      ['gasoline', 'diesel'],
      ['crude-inventories', 'cushing-stocks'],
      ['crude-inventories', 'distillate-inventories'],
      ['gas-storage', 'henry-hub'],
      ['brent', 'wti-brent-spread'],
      ['wti', 'wti-brent-spread'],
    ];
    const of = (slug: string) => color(slug) || (derivedLine(slug)?.color ?? '');
    for (const [a = '', b = ''] of pairs)
      for (const vision of VISIONS) expect(difference(of(a), of(b), vision), `${a} ${b} ${vision}`).toBeGreaterThan(10);
  });
});
