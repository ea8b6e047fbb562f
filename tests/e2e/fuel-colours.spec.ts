import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FUELS, fuelByName, RENEWABLES } from '@db/catalog/fuels';
import { chartDownload, drawnChart, openChartFigure } from './charts.ts';

// One colour per fuel on every chart a reader meets (issue 32): read from what the pages draw
// (the grid's fuel mix bars, the home page's energy mix, in the light and the dark theme) and
// from the charts' files (their legend, drawn from the colours the chart was drawn in).

/** A CSS colour as `#rrggbb`. */
function hex(css: string): string {
  const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The key of a chart's SVG: each entry's name (a donut's without its share) with the colour of its box. */
function keyOf(svg: string): [string, string][] {
  return [...svg.matchAll(/<rect x="[^"]*" y="[^"]*" width="\d+" height="\d+" rx="2" fill="(#[0-9a-fA-F]{6})"\/><text [^>]*>([^<]+)<\/text>/g)].map(
    ([, colour = '', name = '']) => [name.replace(/&amp;/g, '&').replace(/: [\d.,]+%$/, ''), colour.toLowerCase()],
  );
}

/** The key of a chart's downloaded SVG. */
async function svgLegend(page: Page, figure: Locator): Promise<[string, string][]> {
  return keyOf(readFileSync(await (await chartDownload(page, figure, /Vector image \(SVG\)/)).path(), 'utf8'));
}

/** Adds what a chart names to `seen`: each fuel (its "charging" band is the fuel) with the colour it was drawn in. */
function record(seen: Map<string, Set<string>>, where: string, entries: [string, string][]) {
  expect(entries.length, where).toBeGreaterThan(0);
  for (const [name, colour] of entries) {
    const fuel = fuelByName(name.replace(/ (charging|drawing power)$/, ''));
    if (!fuel) continue;
    seen.set(fuel.label, (seen.get(fuel.label) ?? new Set()).add(`${colour} (${where})`));
  }
}

test('every chart of a fuel draws it in the catalog’s one colour, downloads and dark mode included', async ({ page }) => {
  test.setTimeout(180_000);
  const seen = new Map<string, Set<string>>();

  // The charts' downloads: the grid's and a state's generation by fuel, the Market Share report.
  record(seen, 'grid chart', await svgLegend(page, await openChartFigure(page, '/grid/tex', 'grid-tex-generation-by-fuel')));
  record(seen, 'state chart', await svgLegend(page, await openChartFigure(page, '/states/ca', 'state-ca-generation-by-fuel')));
  await page.goto('/analytics?tab=reports&report=share&period=12m');
  const report = page.getByRole('region', { name: 'Market Share', exact: true });
  await expect(drawnChart(report)).toBeVisible();
  const drawnKey = await drawnChart(report)
    .locator('svg rect + text')
    .evaluateAll((texts) => texts.map((t) => [t.textContent ?? '', t.previousElementSibling?.getAttribute('fill') ?? ''] as [string, string]));
  record(
    seen,
    'Market Share (drawn)',
    drawnKey.map(([name, colour]) => [name.replace(/: [\d.,]+%$/, ''), colour.toLowerCase()]),
  );
  const file = await report.getByRole('link', { name: 'Vector image (SVG)' }).getAttribute('href');
  record(seen, 'Market Share (file)', keyOf(await (await page.request.get(file ?? '')).text()));

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The grid's fuel mix now: each fuel's bar.
    await page.goto('/grid/cal');
    const bars = await page
      .getByTestId('grid-mix')
      .locator('li')
      .evaluateAll((items) =>
        items.map(
          (li) =>
            [li.querySelector('span')?.textContent ?? '', getComputedStyle(li.querySelector('[data-fuel]')!).backgroundColor] as [string, string],
        ),
      );
    record(
      seen,
      `grid mix (${scheme})`,
      bars.map(([name, css]) => [name, hex(css)]),
    );
    // The home page's energy mix: its key beside the ring, as drawn (its slices are the same colours).
    await page.goto('/');
    const mix = page.locator('[data-chart-figure="energy-mix"] [data-chart] svg');
    const key = await mix
      .locator('rect + text')
      .evaluateAll((texts) => texts.map((t) => [t.textContent ?? '', getComputedStyle(t.previousElementSibling!).fill] as [string, string]));
    record(
      seen,
      `energy mix (${scheme})`,
      key.map(([text, css]) => [text.replace(/: [\d.]+%$/, '').trim(), hex(css)]),
    );
    const slices = await mix.locator('path').evaluateAll((paths) => paths.map((p) => getComputedStyle(p).fill));
    expect(slices.map(hex).sort()).toEqual(key.map(([, css]) => hex(css)).sort());
  }

  for (const [label, colours] of seen) {
    const expected = fuelByName(label)!.color;
    expect(
      [...colours].filter((c) => !c.startsWith(`${expected} `)),
      `${label} is ${expected} everywhere`,
    ).toEqual([]);
  }
  // The charts read show the fuels of both of EIA's vocabularies and the energy mix's Renewables.
  expect([...seen.keys()]).toEqual(expect.arrayContaining(['Natural gas', 'Solar', 'Nuclear', 'Battery storage', 'Geothermal', RENEWABLES.label]));
  expect(FUELS.length).toBeGreaterThan(8);
});
