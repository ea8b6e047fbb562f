import { describe, expect, it } from 'vitest';
import { energyMixName, FUELS, fuelByName, OTHER_FUEL, RENEWABLES } from '@db/catalog/fuels';
import { GRID_FUELS, GRID_REGIONS, type GridFuelCode } from '@db/catalog/grid';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import { energyMixCardChart } from '@/lib/charts/specs/cards';
import { dataChartSpec } from '@/lib/charts/specs/data-desk';
import { fuelChart } from '@/lib/charts/specs/grid';
import { reportChartSpec } from '@/lib/charts/specs/reports';
import { generationChart } from '@/lib/charts/specs/states';
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

/**
 * Each series (or slice) a chart's drawn SVG names, with the colour of its key: the legend's box
 * beside its name, the donut's key beside "name: share".
 */
function svgKey(svg: string): [string, string][] {
  return [...svg.matchAll(/<rect x="[^"]*" [^>]*fill="(#[0-9a-fA-F]{6})"\/><text [^>]*>([^<]+)<\/text>/g)].map(([, colour = '', name = '']) => [
    name.replace(/&amp;/g, '&').replace(/: [\d.,]+%$/, ''),
    colour.toLowerCase(),
  ]);
}

/** The fill colours of the SVG's plotted marks (bands, bars, slices). */
const markFills = (svg: string) => new Set([...svg.matchAll(/<path d="[^"]+" fill="(#[0-9a-fA-F]{6})"/g)].map(([, c = '']) => c.toLowerCase()));

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
  const charts: Record<string, ChartSpec> = {
    'the grid’s generation by fuel (/grid, /grid/{region}, its embed, /charts/grid/{region})': dataChartSpec(fuelChart(texas, history)),
    'a state’s generation by fuel (/states/{code}, its embed, /charts/states/{code})': dataChartSpec(
      generationChart({ code: 'TX', name: 'Texas' }, months, false),
    ),
    'the home page’s and analytics’ energy mix (and its embed)': energyMixCardChart(mix, { energyMix: { source: '', illustrative: true } }).chart,
    'the Market Share report (/analytics, its embed, /charts/reports/share)': reportChartSpec(share),
  };

  it('draws each fuel in its catalog colour, whichever chart, light or dark, and names every fuel drawn', () => {
    const seen = new Map<string, Set<string>>();
    for (const [chart, spec] of Object.entries(charts)) {
      for (const theme of ['light', 'dark'] as const) {
        const svg = renderSvgChart(spec, { theme, standalone: true });
        const key = svgKey(svg);
        expect(key.length, `${chart} has a key`).toBe(spec.series.length);
        for (const [name, drawn] of key) {
          const fuel = fuelByName(name);
          expect(fuel, `${name} on ${chart} is a fuel of the catalog`).toBeDefined();
          seen.set(fuel!.label, (seen.get(fuel!.label) ?? new Set()).add(drawn));
        }
        // Every band and slice is drawn in the colour of a fuel its key names: none in a colour of its own.
        expect(
          [...markFills(svg)].filter((c) => !key.some(([, k]) => k === c)),
          chart,
        ).toEqual([]);
      }
    }
    for (const [label, colours] of seen) expect([...colours], label).toEqual([fuelByName(label)!.color]);
    // Every fuel of the catalog is on at least one of these charts, so every one was checked.
    expect([...seen.keys()].sort()).toEqual([...FUELS.map((f) => f.label), RENEWABLES.label].sort());
  });

  it('draws a storage fuel that charges below zero in its own colour, never by taking it from Other', () => {
    const spec = dataChartSpec(fuelChart(texas, history));
    const battery = spec.series.find((s) => s.name === 'Battery storage');
    expect(battery?.color).toBe(fuelByName('Battery storage')?.color);
    // The figures stay net: negative where it charged; Other keeps its own figure.
    expect(battery?.points.map((p) => p.y)).toEqual(hours.map((_, i) => (i % 2 === 0 ? -1.5 : 2)));
    expect(spec.series.find((s) => s.name === OTHER_FUEL.label)?.points.map((p) => p.y)).toEqual(hours.map(() => 2));
    // Drawn: the battery's colour fills a band above zero and one below it (the pixels are in tests/unit/chart-specs.test.ts).
    const svg = renderSvgChart(spec);
    expect(svg.match(new RegExp(`<path d="[^"]+" fill="${battery?.color}"`, 'g'))).toHaveLength(2);
  });
});
