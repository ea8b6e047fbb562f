// Each kind of chart the grid, state, analytics and dashboard pages draw, built by its builder
// (src/lib/charts/specs/) from the figures those pages load, drawn by the server's renderer and
// then by librsvg (sharp): the plotted marks are there, in their catalog colours, where they
// belong (storage charging below zero, the forecast beside the demand, the slices by share).
import { describe, expect, it } from 'vitest';
import { fuelByName, FUELS, OTHER_FUEL } from '@db/catalog/fuels';
import { GRID_FUELS, GRID_REGIONS, type GridFuelCode } from '@db/catalog/grid';
import { marketSeriesFacts } from '@db/catalog/market-series';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import { dashboardCardChart } from '@/lib/charts/specs/cards';
import { FORECAST_COLOR, MEASURED_COLOR, REFERENCE_COLOR, paletteColor } from '@/lib/charts/specs/colors';
import { dataChartSpec, dataChartTable } from '@/lib/charts/specs/data-desk';
import { gridChart } from '@/lib/charts/specs/grid';
import { reportChartSpec } from '@/lib/charts/specs/reports';
import { stateChart, type StateChartData } from '@/lib/charts/specs/states';
import { FALLBACK_ENERGY_MIX, type DashboardFigures } from '@/lib/dashboard';
import { MONTHLY_FUELS } from '@/lib/energy';
import type { GridHistory } from '@/lib/wire/grid';
import type { Report } from '@/lib/wire/markets';
import { pixelsOf } from '../helpers/svg-pixels';

const texas = GRID_REGIONS.find((r) => r.code === 'TEX')!;
const colorOf = (label: string) => fuelByName(label)!.color;
/** A colour as drawn over white at the stacked bands' opacity (0.9). */
const band = (hex: string) =>
  `#${[1, 3, 5]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.9 + 255 * 0.1)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Two days of Texas hours: gas steady, solar by day, batteries charging at midday and giving at night, interchange turning. */
const hours: GridHistory['hours'] = Array.from({ length: 48 }, (_, i) => {
  const day = i % 24 >= 8 && i % 24 <= 18;
  return {
    period: new Date(Date.UTC(2026, 10, 20, 6 + i)).toISOString(),
    demand: 50_000 + (day ? 8_000 : 0),
    forecast: 50_500 + (day ? 7_000 : 0),
    generation: 50_000,
    interchange: i < 24 ? 1_500 : -2_000,
    fuels: Object.fromEntries(
      GRID_FUELS.map((f) => [
        f.code,
        f.code === 'NG' ? 30_000 : f.code === 'SUN' ? (day ? 12_000 : 0) : f.code === 'BAT' ? (day ? -3_000 : 2_500) : 1_000,
      ]),
    ) as Record<GridFuelCode, number>,
  };
});
const week = {
  region: {
    source: { sample: false, text: 'Source: EIA, Hourly Electric Grid Monitor (Form EIA-930), respondent TEX.' },
    latest: { period: hours.at(-1)!.period },
  },
  start: hours[0]!.period,
  end: hours.at(-1)!.period,
  hours,
} as unknown as GridHistory;

const months = ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08'];
const prices = (base: number) => ({ residential: base, commercial: base - 3, industrial: base - 6, transportation: null, all: base - 2 });
const stateData: StateChartData = {
  state: { code: 'TX', name: 'Texas' },
  overview: { month: '2026-08', states: [{ prices: prices(15) }] } as unknown as StateChartData['overview'],
  history: {
    state: { code: 'TX', name: 'Texas' },
    start: months[0]!,
    end: months.at(-1)!,
    source: { sample: false, text: 'Source: U.S. EIA, retail sales of electricity.' },
    vintage: 'latest',
    asOf: null,
    months: months.map((period, i) => ({ period, prices: prices(14 + (i % 4) * 0.5), us: prices(16), sales: prices(30_000), generation: {} })),
  },
  generation: {
    months: months.map((period, i) => ({
      period,
      fuels: { ALL: 50_000, NG: 24_000 + i * 100, COW: 8_000, NUC: 4_000, WND: 9_000, SUN: 2_000 + i * 150, HYC: 100 },
    })),
    ranks: { sample: false },
  },
};

const baseReport = { subtitle: 'Over a year', notes: [], source: 'Source: U.S. EIA.', table: { columns: [], rows: [], decimals: [] } };
const days = Array.from({ length: 120 }, (_, i) => Date.UTC(2026, 4, 1) + i * 86_400_000);
const reports: Record<string, Report> = {
  price: {
    ...baseReport,
    kind: 'price',
    title: 'Price Analysis',
    filename: 'price-analysis-wti-brent-1y.csv',
    series: [
      { slug: 'wti', name: 'WTI Crude Oil' },
      { slug: 'brent', name: 'Brent Crude Oil' },
    ],
    chart: {
      type: 'line',
      xType: 'datetime',
      series: [
        { name: 'WTI Crude Oil ($/bbl)', data: days.map((d, i): [number, number | null] => [d, i === 60 ? null : 70 + Math.sin(i / 9) * 5]) },
        { name: 'Brent Crude Oil ($/bbl)', data: days.map((d, i): [number, number] => [d, 74 + Math.cos(i / 11) * 4]) },
      ],
      yTitle: '$/bbl',
      decimals: 2,
    },
  },
  share: {
    ...baseReport,
    kind: 'share',
    title: 'Market Share',
    filename: 'market-share-latest.csv',
    chart: {
      type: 'donut',
      xType: 'category',
      categories: ['Natural gas', 'Coal', 'Nuclear', 'Wind', 'Solar', 'Hydro', OTHER_FUEL.label],
      series: [{ name: 'Share (%)', data: [42, 16, 18, 10, 7, 5, 2] }],
      yTitle: 'Share (%)',
      decimals: 1,
      valueSuffix: '%',
    },
  },
  regional: {
    ...baseReport,
    kind: 'regional',
    title: 'Regional Data',
    filename: 'regional-generation-2026-08.csv',
    chart: {
      type: 'bar',
      xType: 'category',
      horizontal: true,
      categories: ['Texas', 'Florida', 'Pennsylvania', 'California', 'Illinois'],
      series: [{ name: 'Generation (GWh)', data: [48_000, 24_000, 20_000, 18_000, 15_000] }],
      yTitle: 'Generation (GWh)',
      decimals: 0,
    },
  },
};

const figures: DashboardFigures = {
  wti: {
    latest: { period: '2026-11-20', value: 71.2 },
    volatility30d: 28.4,
    weekly: ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'].map((weekStart, i) => ({ weekStart, value: 20 + i * 4 })),
    source: 'Source: U.S. EIA, WTI spot price.',
  },
  production: {
    months: months.map((period, i) => ({ period: `${period}-01`, value: 13.2 + i * 0.02 })),
    source: 'Source: U.S. EIA, crude oil production.',
  },
  energyMix: { source: 'Source: U.S. EIA.', illustrative: false },
};

/** The y of the chart's zero line (the gridline drawn in the axis colour). */
function zeroY(svg: string): number {
  const m = /<line x1="64" y1="([\d.]+)" x2="[\d.]+" y2="[\d.]+" stroke="#9ca3af"/.exec(svg);
  expect(m, 'a zero line').not.toBeNull();
  return Number(m![1]);
}

/** The row where the plot ends and the legend begins, read from the legend's first swatch. */
function legendTop(svg: string): number {
  const m = /<(?:rect|line) x1?="12" y1?="([\d.]+)"/.exec(svg);
  return m ? Number(m[1]) - 2 : Infinity;
}

const draw = (spec: ChartSpec) => renderSvgChart(spec, { width: 720, height: 360 });

describe('the grid’s charts (/grid, /grid/{region}, their embeds, /charts/grid/{region})', () => {
  it('draws demand as a solid line and the day-ahead forecast dashed, across the week', async () => {
    const spec = dataChartSpec(gridChart(texas, week, 'demand'));
    expect(spec.series.map((s) => [s.name, s.color, s.style])).toEqual([
      ['Demand', MEASURED_COLOR, 'solid'],
      ['Day-ahead forecast', FORECAST_COLOR, 'dashed'],
    ]);
    const svg = draw(spec);
    const plot = legendTop(svg);
    const [demand, forecast] = await Promise.all([pixelsOf(svg, MEASURED_COLOR, 24, plot), pixelsOf(svg, FORECAST_COLOR, 24, plot)]);
    expect(demand.count).toBeGreaterThan(400);
    expect(demand.maxX - demand.minX).toBeGreaterThan(500);
    expect(forecast.count).toBeGreaterThan(150);
    expect(forecast.maxX - forecast.minX).toBeGreaterThan(500);
    expect(svg).toMatch(new RegExp(`<path d="[^"]+" fill="none" stroke="${FORECAST_COLOR}"[^>]*stroke-dasharray`));
  });

  it('labels the hours on the region’s clock, and tabulates them as ISO 8601 with the offset and every digit', () => {
    const chart = gridChart(texas, week, 'demand');
    // The first hour ends 06:00 UTC, midnight in Texas (CST, UTC−6).
    expect(dataChartSpec(chart).series[0]!.points[0]!.x).toBe('2026-11-20T00:00');
    const table = dataChartTable(chart);
    expect(table.rows[0]).toEqual(['2026-11-20T00:00:00-06:00', 50, 50.5]);
    expect(table.columns).toEqual(['Hour ending (CT)', 'Demand (GW)', 'Day-ahead forecast (GW)']);
  });

  it('stacks generation by fuel in the fuels’ colours, with batteries charging below zero and solar apart from gas', async () => {
    const spec = dataChartSpec(gridChart(texas, week, 'generation'));
    expect(spec.mark).toBe('stacked-area');
    for (const s of spec.series) expect(s.color, s.name).toBe(colorOf(s.name));
    const svg = draw(spec);
    const zero = zeroY(svg);
    const plot = legendTop(svg);
    const [gas, solar, battery] = await Promise.all([
      pixelsOf(svg, band(colorOf('Natural gas')), 6, plot),
      pixelsOf(svg, band(colorOf('Solar')), 6, plot),
      pixelsOf(svg, band(colorOf('Battery storage')), 6, plot),
    ]);
    expect(gas.count).toBeGreaterThan(3000);
    expect(gas.maxY).toBeLessThanOrEqual(zero + 1);
    expect(solar.count).toBeGreaterThan(500);
    // Charging is drawn under the zero line, giving above it.
    expect(battery.maxY).toBeGreaterThan(zero + 5);
    expect(battery.minY).toBeLessThan(zero);
  });

  it('draws interchange above zero while the region sent power out and below while it took power in', async () => {
    const spec = dataChartSpec(gridChart(texas, week, 'interchange'));
    const svg = draw(spec);
    const zero = zeroY(svg);
    const line = await pixelsOf(svg, MEASURED_COLOR, 24, legendTop(svg));
    expect(line.minY).toBeLessThan(zero - 10);
    expect(line.maxY).toBeGreaterThan(zero + 10);
  });
});

describe('a state’s charts (/states/{code}, its embed, /charts/states/{code})', () => {
  it('draws the state’s price against the dashed US average, month by month', async () => {
    const { spec: chart } = stateChart(stateData, { chart: 'price', sector: 'residential' });
    const spec = dataChartSpec(chart);
    expect(spec.series.map((s) => [s.name, s.color, s.style])).toEqual([
      ['Texas', MEASURED_COLOR, 'solid'],
      ['US average', REFERENCE_COLOR, 'dashed'],
    ]);
    expect(spec.series[0]!.points.map((p) => p.x)).toEqual(months.map((m) => `${m}-01`));
    const svg = draw(spec);
    const plot = legendTop(svg);
    const [state, us] = await Promise.all([pixelsOf(svg, MEASURED_COLOR, 24, plot), pixelsOf(svg, REFERENCE_COLOR, 16, plot)]);
    expect(state.maxX - state.minX).toBeGreaterThan(500);
    expect(us.count).toBeGreaterThan(100);
    // The US average (16¢) is above every Texas month (14–15.5¢): higher on the page.
    expect(us.minY).toBeLessThan(state.minY);
  });

  it('stacks the monthly generation by fuel in the fuels’ colours, with what the listed fuels leave as Other', async () => {
    const { spec: chart } = stateChart(stateData, { chart: 'generation' });
    const spec = dataChartSpec(chart);
    expect(spec.series.map((s) => s.name)).toEqual([...MONTHLY_FUELS.map((f) => f.label), OTHER_FUEL.label]);
    for (const s of spec.series) expect(s.color, s.name).toBe(colorOf(s.name));
    const svg = draw(spec);
    const plot = legendTop(svg);
    const [gas, wind] = await Promise.all([pixelsOf(svg, band(colorOf('Natural gas')), 6, plot), pixelsOf(svg, band(colorOf('Wind')), 6, plot)]);
    expect(gas.count).toBeGreaterThan(5000);
    expect(wind.count).toBeGreaterThan(1000);
    // Wind stacks above gas.
    expect(wind.minY).toBeLessThan(gas.minY);
  });
});

describe('the analytics reports’ charts (/analytics, analysis items, their embeds, /charts/reports/{kind})', () => {
  it('draws a price report’s series as lines over its dates, a gap left open', async () => {
    const spec = reportChartSpec(reports.price!);
    expect(spec.mark).toBe('line');
    expect(spec.series[0]!.points[0]!.x).toBe('2026-05-01');
    expect(spec.series[0]!.points[60]!.y).toBeNull();
    const svg = draw(spec);
    const plot = legendTop(svg);
    const [wtiColor, brentColor] = [marketSeriesFacts('wti')!.color, marketSeriesFacts('brent')!.color];
    expect(spec.series.map((s) => s.color)).toEqual([wtiColor, brentColor]);
    const [wti, brent] = await Promise.all([pixelsOf(svg, wtiColor, 24, plot), pixelsOf(svg, brentColor, 24, plot)]);
    expect(wti.maxX - wti.minX).toBeGreaterThan(500);
    expect(brent.maxX - brent.minX).toBeGreaterThan(500);
  });

  it('draws the Market Share donut, each slice a fuel in its colour and sized by its share', async () => {
    const spec = reportChartSpec(reports.share!);
    expect(spec.series.map((s) => s.color)).toEqual(spec.series.map((s) => colorOf(s.name)));
    const svg = draw(spec);
    const [gas, solar] = await Promise.all([pixelsOf(svg, colorOf('Natural gas'), 10), pixelsOf(svg, colorOf('Solar'), 10)]);
    expect(gas.count).toBeGreaterThan(solar.count * 3);
    expect(svg).toContain('Natural gas: 42.0%');
  });

  it('draws the regional ranking as bars by state, the largest the tallest', async () => {
    const spec = reportChartSpec(reports.regional!);
    const svg = draw(spec);
    const bars = await pixelsOf(svg, paletteColor(0), 24, legendTop(svg));
    expect(bars.count).toBeGreaterThan(5000);
    const heights = [...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" rx="2" fill="#1d4ed8"\/>/g)]
      .filter((m) => Number(m[1]) < legendTop(svg))
      .map((m) => Number(m[2]));
    expect(heights).toHaveLength(5);
    expect(heights[0]).toBe(Math.max(...heights));
    expect(svg).toContain('>Texas<');
  });
});

describe('the dashboard cards’ charts (home, /analytics, /embed/cards/{card})', () => {
  it('draws weekly volatility as bars, production as a line over the months, and the energy mix as a donut in the fuels’ colours', async () => {
    const mix = [...FALLBACK_ENERGY_MIX];
    const volatility = draw(dashboardCardChart('volatility', mix, figures).chart);
    expect((await pixelsOf(volatility, FORECAST_COLOR, 24, legendTop(volatility))).count).toBeGreaterThan(3000);

    const production = dashboardCardChart('production', mix, figures).chart;
    expect(production.mark).toBe('line');
    const productionSvg = draw(production);
    const line = await pixelsOf(productionSvg, MEASURED_COLOR, 24, legendTop(productionSvg));
    expect(line.maxX - line.minX).toBeGreaterThan(500);

    const energy = dashboardCardChart('energy-mix', mix, figures).chart;
    const energySvg = draw(energy);
    for (const m of mix) {
      const color = fuelByName(m.source)!.color;
      expect(energy.series.find((s) => s.name === m.source)?.color).toBe(color);
      expect((await pixelsOf(energySvg, color, 10)).count, m.source).toBeGreaterThan(300);
    }
  });

  it('draws the example figures until the stored series are there, saying what they are', () => {
    const none = { energyMix: { source: '', illustrative: true } } as DashboardFigures;
    expect(dashboardCardChart('volatility', [], none).chart.title).toBe('Illustrative price volatility by week');
    expect(dashboardCardChart('production', [], none).chart).toMatchObject({
      mark: 'bar',
      source: 'Example figures for demonstration, not market data.',
    });
  });
});

describe('the words of the charts', () => {
  /** The texts the SVG draws. */
  const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

  it('title each value axis with its unit, and say a share’s values with their suffix', () => {
    const mix = [...FALLBACK_ENERGY_MIX];
    const titled: [ChartSpec, string][] = [
      [reportChartSpec(reports.price!), '$/bbl'],
      [reportChartSpec(reports.regional!), 'Generation (GWh)'],
      [dashboardCardChart('production', mix, figures).chart, 'Million barrels per day'],
      [dashboardCardChart('volatility', mix, figures).chart, 'Volatility (%)'],
      [dataChartSpec(gridChart(texas, week, 'demand')), 'GW'],
      [dataChartSpec(stateChart(stateData, { chart: 'price', sector: 'residential' }).spec), '¢/kWh'],
    ];
    for (const [spec, title] of titled) expect(texts(draw(spec)), spec.title).toContain(title);
    const volatility = texts(draw(dashboardCardChart('volatility', mix, figures).chart));
    expect(volatility.filter((t) => /^\d+%$/.test(t ?? '')).length).toBeGreaterThan(2);
  });

  it('label the ticks of one axis with the same decimals, at most the figures’ own', () => {
    const labels = texts(draw(reportChartSpec(reports.price!))).filter((t) => /^\d+(\.\d+)?$/.test(t ?? ''));
    expect(labels.length).toBeGreaterThan(3);
    expect(new Set(labels.map((l) => l?.split('.')[1]?.length ?? 0)).size).toBe(1);
    const production = texts(draw(dashboardCardChart('production', [], { energyMix: figures.energyMix }).chart));
    expect(production).toEqual(expect.arrayContaining(['Jan', 'Jun']));
    expect(production.filter((t) => /^\d{1,3}(,\d{3})+$/.test(t ?? '')).length).toBeGreaterThan(2);
  });
});

it('leaves no fuel of the catalog without a chart that draws it', () => {
  const drawn = new Set([
    ...dataChartSpec(gridChart(texas, week, 'generation')).series.map((s) => s.name),
    ...dataChartSpec(stateChart(stateData, { chart: 'generation' }).spec).series.map((s) => s.name),
  ]);
  expect(FUELS.map((f) => f.label).filter((f) => !drawn.has(f))).toEqual([]);
});
