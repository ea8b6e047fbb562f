import { expect, test, type Locator, type Page } from '@playwright/test';
import { fuelByName } from '@db/catalog/fuels';
import { backgroundLightness, lightnessOf } from './theme.ts';

// With JavaScript off, every chart of the grid, the states, /analytics, the home page and each
// embed kind is there: the server's SVG with its plotted marks (bands, lines, bars, slices) in
// their catalog colours, and its text in the reader's theme (issue 32).
test.use({ javaScriptEnabled: false });

/** The plotted marks of the charts in `scope` shown at this width: filled bands, bars and slices, and stroked lines, with their colours. */
async function marksOf(scope: Locator): Promise<{ fills: string[]; lines: number; visible: number }> {
  const svgs = scope.locator('[data-chart] svg');
  await expect(svgs.first()).toBeAttached();
  return svgs.evaluateAll((all) => {
    const shown = all.filter((svg) => svg.getBoundingClientRect().width > 0);
    const paths = shown.flatMap((svg) => [...svg.querySelectorAll('path, rect')]);
    const fills = paths.map((p) => p.getAttribute('fill') ?? '').filter((f) => /^#[0-9a-f]{6}$/i.test(f));
    const lines = paths.filter((p) => p.tagName === 'path' && p.getAttribute('fill') === 'none' && (p.getAttribute('d') ?? '').length > 40).length;
    return { fills: [...new Set(fills.map((f) => f.toLowerCase()))], lines, visible: shown.length };
  });
}

const colour = (fuel: string) => fuelByName(fuel)!.color;

async function open(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  // No script runs: no chart waits for one.
  expect(await page.locator('script[src]').count(), path).toBe(0);
}

test('the grid pages show their week’s charts, drawn, without JavaScript', async ({ page }) => {
  await open(page, '/grid');
  const demand = page.locator('[data-chart-figure="grid-us48-demand"]');
  expect((await marksOf(demand)).lines).toBeGreaterThanOrEqual(2);
  await open(page, '/grid/tex');
  const generation = await marksOf(page.locator('[data-chart-figure="grid-tex-generation-by-fuel"]'));
  expect(generation.visible).toBe(1);
  expect(generation.fills).toEqual(expect.arrayContaining([colour('Natural gas'), colour('Wind'), colour('Solar')]));
  expect((await marksOf(page.locator('[data-chart-figure="grid-tex-interchange"]'))).lines).toBe(1);
  // The downloads are the chart's files.
  await expect(page.locator('a[href="/charts/grid/TEX.csv?chart=generation"]')).toBeAttached();
});

test('the states pages show their map and a state’s charts without JavaScript', async ({ page }) => {
  await open(page, '/states');
  await expect(page.getByTestId('states-map').locator('a[href="/states/TX"]')).toBeVisible();
  await open(page, '/states/tx');
  expect((await marksOf(page.locator('[data-chart-figure="state-tx-price-residential"]'))).lines).toBe(2);
  const generation = await marksOf(page.locator('[data-chart-figure="state-tx-generation-by-fuel"]'));
  expect(generation.fills).toEqual(expect.arrayContaining([colour('Natural gas'), colour('Coal'), colour('Wind')]));
});

test('/analytics and the home page show the dashboard cards’ charts without JavaScript', async ({ page }) => {
  for (const path of ['/analytics', '/']) {
    await page.goto(path);
    const volatility = await marksOf(page.locator('[data-chart-figure="volatility"]').first());
    expect(volatility.fills.length, path).toBeGreaterThan(0);
    expect((await marksOf(page.locator('[data-chart-figure="production"]').first())).lines, path).toBeGreaterThanOrEqual(1);
    const mix = await marksOf(page.locator('[data-chart-figure="energy-mix"]'));
    expect(mix.fills, path).toEqual(expect.arrayContaining([colour('Natural gas'), colour('Coal'), colour('Nuclear')]));
  }
});

test('each embed kind shows its chart without JavaScript, light unless asked for dark', async ({ page }) => {
  for (const path of [
    '/embed/grid/TEX?chart=generation',
    '/embed/states/TX',
    '/embed/reports/share',
    '/embed/reports/price?series=wti,brent',
    '/embed/cards/energy-mix',
    '/embed/cards/volatility',
  ]) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, path);
    const marks = await marksOf(page.locator('[data-chart-figure]'));
    expect(marks.lines + marks.fills.length, path).toBeGreaterThan(0);
    // The reader's system is dark, the embed light: a host page's theme is not the reader's.
    expect(await backgroundLightness(page), path).toBeGreaterThan(0.9);
    await open(page, `${path}${path.includes('?') ? '&' : '?'}theme=dark`);
    expect(await backgroundLightness(page), path).toBeLessThan(0.3);
    // The chart's text follows the theme: light ink on the dark page.
    const ink = await page
      .locator('[data-chart] svg text')
      .filter({ visible: true })
      .first()
      .evaluate((t) => getComputedStyle(t).fill);
    expect(lightnessOf(ink), path).toBeGreaterThan(0.6);
  }
});

test('an analysis item’s chart is drawn on its page and in its embed without JavaScript', async ({ page }) => {
  await page.goto('/analytics');
  // The first item that has a chart.
  const ids = await page.locator('a[href^="/analytics/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  let drawn = false;
  for (const path of ids) {
    await page.goto(path ?? '/');
    if ((await page.locator('[data-chart-figure] [data-chart] svg').count()) === 0) continue;
    const marks = await marksOf(page.locator('[data-chart-figure]'));
    expect(marks.lines).toBeGreaterThanOrEqual(1);
    await open(page, `/embed${path?.replace('/analytics/', '/analysis/')}`);
    expect((await marksOf(page.locator('[data-chart-figure]'))).lines).toBeGreaterThanOrEqual(1);
    drawn = true;
    break;
  }
  expect(drawn).toBe(true);
});
