import { describe, expect, it } from 'vitest';
import { energyMixName, FUELS, fuelByName, OTHER_FUEL, RENEWABLES } from '@db/catalog/fuels';
import { GRID_FUELS, GRID_REGIONS, type GridFuelCode } from '@db/catalog/grid';
import { reportChartProps, type ChartProps } from '@/components/charts/chart-options';
import { energyMixCardChart } from '@/components/dashboard/card-charts';
import { dataChartProps, stackLayers } from '@/components/data-desk/data-chart';
import { fuelChart } from '@/components/grid/grid-charts';
import { generationChart } from '@/components/states/state-charts';
import { FALLBACK_ENERGY_MIX } from '@/lib/dashboard';
import { MONTHLY_FUELS } from '@/lib/energy';
import type { GridHistory } from '@/lib/wire/grid';
import type { Report } from '@/lib/wire/markets';
import { ciede2000, difference, VISIONS } from '../helpers/colour-vision.ts';

/** Neighbours that sit side by side must differ by this much (CIEDE2000) in every vision: clearly, not barely, distinguishable. */
const NEIGHBOURS_APART = 15;
/** Any two fuels, wherever they sit, differ by this much: a legend's key is found again in the chart. */
const ANY_TWO_APART = 8;
/** The chart backgrounds: a card in the light theme (white) and in the dark one (oklch(0.21 0.024 262), src/styles/global.css). */
const BACKGROUNDS = { light: '#ffffff', dark: '#121823' };

const color = (label: string) => FUELS.find((f) => f.label === label)?.color ?? '';
/** Every pair that sits side by side in `order` (a ring closes back to its first). */
const neighbours = (order: readonly string[], ring = false) =>
  order.flatMap((a, i) => (i + 1 < order.length ? [[a, order[i + 1]!]] : ring && order.length > 2 ? [[a, order[0]!]] : []));

/** Every subset of `optional` left out of `order`: regions report only some fuels, so any of them may be missing from a stack. */
function without(order: readonly string[], optional: readonly string[]): string[][] {
  return Array.from({ length: 2 ** optional.length }, (_, mask) => order.filter((f) => !optional.some((o, i) => mask & (1 << i) && o === f)));
}

describe('the colour-difference maths', () => {
  it('gives CIEDE2000 as Sharma, Wu and Dalal’s test data do', () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(ciede2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 4);
  });

  it('collapses red and green for protanopes and deuteranopes, blue and green for tritanopes', () => {
    expect(difference('#ff0000', '#00ff00', 'typical')).toBeGreaterThan(80);
    expect(difference('#d97706', '#ca8a04', 'deuteranopia')).toBeLessThan(3);
    expect(difference('#d97706', '#15803d', 'protanopia')).toBeLessThan(difference('#d97706', '#15803d', 'typical') / 2);
    expect(difference('#0891b2', '#15803d', 'tritanopia')).toBeLessThan(difference('#0891b2', '#15803d', 'typical'));
  });
});

describe('the fuel colours (db/catalog/fuels.ts)', () => {
  const grid = GRID_FUELS.map((f) => f.label);
  const monthly = [...MONTHLY_FUELS.map((f) => f.label), OTHER_FUEL.label];
  // Most regions report no geothermal, petroleum or storage.
  const optional = GRID_FUELS.filter((f) => f.storage || f.code === 'GEO' || f.code === 'OIL').map((f) => f.label);
  const stacks = [...without(grid, optional), monthly];
  // The home page's pie, a ring in the spec's order (db/constants.ts), with Other after it.
  const ring = [...FALLBACK_ENERGY_MIX.map((m) => m.source), OTHER_FUEL.label];

  it('are one per fuel, all different', () => {
    const all = [...FUELS.map((f) => f.color), RENEWABLES.color];
    expect(new Set(all).size).toBe(all.length);
    for (const c of all) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  for (const vision of VISIONS) {
    it(`tell neighbouring fuels apart with ${vision}: in every stack the grid and the states draw, and around the energy mix`, () => {
      const close: string[] = [];
      for (const stack of stacks)
        for (const [a, b] of neighbours(stack)) if (difference(color(a!), color(b!), vision) < NEIGHBOURS_APART) close.push(`${a}/${b}`);
      for (const [a, b] of neighbours(ring, true)) {
        const [ca, cb] = [fuelByName(a!)?.color ?? '', fuelByName(b!)?.color ?? ''];
        if (difference(ca, cb, vision) < NEIGHBOURS_APART) close.push(`${a}/${b}`);
      }
      expect([...new Set(close)]).toEqual([]);
    });
  }

  it('tell any two fuels apart in every vision, so a legend’s key finds its band', () => {
    const all = [...FUELS, RENEWABLES];
    const close = VISIONS.flatMap((vision) =>
      all.flatMap((a, i) =>
        all.slice(i + 1).flatMap((b) => (difference(a.color, b.color, vision) < ANY_TWO_APART ? [`${a.label}/${b.label} (${vision})`] : [])),
      ),
    );
    expect(close).toEqual([]);
  });

  it('stand out from the chart background in the light and the dark theme', () => {
    for (const [theme, background] of Object.entries(BACKGROUNDS))
      for (const f of [...FUELS, RENEWABLES]) expect(difference(f.color, background, 'typical'), `${f.label} on ${theme}`).toBeGreaterThanOrEqual(15);
  });

  it('name the energy mix’s sources as the spec does, and find them again in any case', () => {
    expect(FALLBACK_ENERGY_MIX.map((m) => m.source)).toEqual(['Natural gas', 'Renewables', 'Coal', 'Nuclear'].map(energyMixName));
    expect(fuelByName('NATURAL GAS')?.label).toBe('Natural gas');
  });
});

/** Each series (or slice) a chart names, with the colour it draws it in: "Battery storage charging" is battery storage. */
function coloursOf(props: ChartProps): [string, string][] {
  const colors = (props.options.colors ?? []) as string[];
  const names =
    props.type === 'pie' || props.type === 'donut'
      ? (props.options.labels ?? [])
      : ((props.series ?? []) as { name?: string }[]).map((s) => s.name ?? '');
  const legend = props.options.legend?.customLegendItems ?? [];
  const markers = props.options.legend?.markers?.fillColors ?? [];
  return [
    ...names.map((n, i) => [n, colors[i] ?? ''] as [string, string]),
    ...legend.map((n, i) => [n, markers[i] ?? ''] as [string, string]),
  ].filter(([name]) => name !== '');
}

describe('one colour per fuel on every chart of a fuel', () => {
  const texas = GRID_REGIONS.find((r) => r.code === 'TEX')!;
  // A week of hours with every grid fuel, battery storage charging half of them.
  const hours: GridHistory['hours'] = Array.from({ length: 6 }, (_, i) => ({
    period: new Date(Date.UTC(2026, 10, 20, 10 + i)).toISOString(),
    demand: 50_000,
    forecast: 50_500,
    generation: 50_000,
    interchange: 0,
    fuels: Object.fromEntries(GRID_FUELS.map((f) => [f.code, f.storage && i % 2 === 0 ? -1_500 : 2_000])) as Record<GridFuelCode, number>,
  }));
  const history = { region: { source: { sample: false, text: 'Source: EIA.' }, latest: null }, start: '', end: '', hours } as unknown as GridHistory;
  const months = ['2026-07', '2026-08'].map((period) => ({
    period,
    fuels: { ALL: 1_000, ...Object.fromEntries(MONTHLY_FUELS.map((f) => [f.code, 100])) },
  }));
  const share = {
    kind: 'share',
    title: 'Market Share',
    subtitle: '',
    notes: [],
    source: '',
    chart: {
      type: 'donut',
      xType: 'category',
      categories: [...MONTHLY_FUELS.map((f) => f.label), OTHER_FUEL.label],
      series: [{ name: 'Share (%)', data: [20, 20, 20, 10, 10, 10, 10] }],
      yTitle: 'Share (%)',
      decimals: 1,
    },
    table: { columns: [], rows: [], decimals: [] },
    filename: 'market-share-latest.csv',
  } as unknown as Report;
  const mix = [...FALLBACK_ENERGY_MIX, { source: OTHER_FUEL.label, percentage: 0.5 }];
  const charts: Record<string, ChartProps> = {
    'the grid’s generation by fuel (/grid, /grid/{region}, its embed and downloads)': dataChartProps(fuelChart(texas, history)),
    'a state’s generation by fuel (/states/{code}, its embed and downloads)': dataChartProps(
      generationChart({ code: 'TX', name: 'Texas' }, months, false),
    ),
    'the home page’s and analytics’ energy mix': energyMixCardChart(mix, { energyMix: { source: '', illustrative: true } }).chart,
    'the Market Share report': reportChartProps(share),
  };

  it('draws each fuel in its catalog colour, whichever chart, and names every fuel drawn', () => {
    const seen = new Map<string, Set<string>>();
    for (const [chart, props] of Object.entries(charts)) {
      for (const [name, drawn] of coloursOf(props)) {
        const fuel = fuelByName(name.replace(/ (charging|drawing power)$/, ''));
        expect(fuel, `${name} on ${chart} is a fuel of the catalog`).toBeDefined();
        seen.set(fuel!.label, (seen.get(fuel!.label) ?? new Set()).add(drawn.toLowerCase()));
      }
    }
    for (const [label, colours] of seen) expect([...colours], label).toEqual([fuelByName(label)!.color]);
    // Every fuel of the catalog is on at least one of these charts, so every one was checked.
    expect([...seen.keys()].sort()).toEqual([...FUELS.map((f) => f.label), RENEWABLES.label].sort());
  });

  it('draws a storage fuel that charges below zero in its own colour, never by taking it from Other', () => {
    const layers = stackLayers(fuelChart(texas, history).series);
    const below = layers.filter((l) => l.part === 'below');
    expect(below.map((l) => l.name)).toEqual(GRID_FUELS.filter((f) => f.storage).map((f) => `${f.label} charging`));
    expect(below.every((l) => l.values.every((v) => v === null || v <= 0))).toBe(true);
    // The bands above zero are the fuels' output; Other keeps its own figure.
    const other = layers.find((l) => l.part === 'above' && l.name === OTHER_FUEL.label);
    expect(other?.values).toEqual(hours.map(() => 2));
    // The unnamed return layer brings the stack back to zero: above and below add up to zero at every hour.
    const back = layers.find((l) => l.part === 'return')!;
    back.values.forEach((v, i) => expect((v ?? 0) + below.reduce((sum, l) => sum + (l.values[i] ?? 0), 0)).toBeCloseTo(0, 9));
  });
});
