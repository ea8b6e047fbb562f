import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { articles } from '@db/schema';
import { latestFigures } from '../helpers/market-figures.ts';
import { writeSeriesFigures } from '../helpers/market-revisions.ts';
import { signIn, openNewArticle, toasts } from './admin-session.ts';
import { openE2eDatabase, uniqueClientAddress } from './db.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

// Figures and charts in stories (#33): an editor inserts a figure and a chart into a draft from
// the catalog search (by keyboard), publishes, and a reader sees both with their sources; when
// EIA revises the cited figure, the story says so beside the figure as published, with "now".
test('an editor cites a figure and a chart from the data catalog; readers see them, then EIA’s revision of the figure', async ({ page }) => {
  const database = await openE2eDatabase();
  try {
    // The figure cited: WTI two observations before its latest (so the series has moved on since).
    const recent = await latestFigures(database, 'wti', 3);
    const cited = recent[2]!;
    const latest = recent[0]!;
    const shown = (value: number) => `$${value.toFixed(2)}/bbl`;

    await signIn(page);
    const dialog = await openNewArticle(page);
    const title = `WTI slips as stocks build ${Date.now()}`;
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Excerpt', { exact: true }).fill('Crude eased after the weekly report.');
    await dialog.getByLabel('Author', { exact: true }).fill('Markets Desk');
    await dialog.getByLabel('Status', { exact: true }).selectOption('draft');
    const body = dialog.getByRole('textbox', { name: 'Content' });
    await body.click();
    await page.keyboard.type('WTI settled at ');

    // A figure: searched by EIA's id, chosen and dated by keyboard.
    await dialog.getByRole('button', { name: 'Figure from the data' }).click();
    const figureDialog = page.getByRole('dialog', { name: 'Insert a figure' });
    const search = figureDialog.getByRole('searchbox', { name: 'Search the data catalog' });
    await expect(search).toBeFocused();
    await page.keyboard.type('RWTC');
    // The list shows an earlier keystroke's answer until the last one's comes (busy meanwhile).
    await expect(figureDialog.getByRole('group', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
    await expect(figureDialog.getByRole('radio')).toHaveCount(1);
    const wti = figureDialog.getByRole('radio', { name: /^WTI Crude Oil/ });
    await expect(wti).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(wti).toBeFocused();
    await page.keyboard.press('Space');
    await expect(wti).toBeChecked();
    await figureDialog.getByLabel('Day (empty: the latest figure)').fill(cited.period);
    await expect(figureDialog.getByTestId('figure-preview')).toContainText(`The story will say: ${shown(cited.value)} (WTI Crude Oil`);
    await figureDialog.getByRole('button', { name: 'Insert figure' }).click();
    await expect(figureDialog).toBeHidden();
    await expect(body.getByRole('img', { name: new RegExp(`^Figure: \\${shown(cited.value).replace('.', '\\.')}`) })).toBeVisible();
    await expect(body).toBeFocused();
    await page.keyboard.type(' on the day.');

    // A chart block: gas storage over five years with a caption.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Chart from the data' }).click();
    const chartDialog = page.getByRole('dialog', { name: 'Insert a chart' });
    await chartDialog.getByRole('searchbox', { name: 'Search the data catalog' }).fill('gas storage');
    await expect(chartDialog.getByRole('group', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
    await chartDialog
      .getByRole('radio', { name: /^Working Gas in Storage/ })
      .first()
      .check();
    await chartDialog.getByLabel('Range').selectOption('5y');
    await chartDialog.getByLabel('Caption (optional)').fill('Storage against five years of history');
    await chartDialog.getByRole('button', { name: 'Insert chart' }).click();
    await expect(chartDialog).toBeHidden();
    await expect(body.getByRole('img', { name: /^Chart: .*five years\. Caption: Storage against five years of history$/ })).toBeVisible();

    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await expect(toasts(page).getByText('Article created successfully')).toBeVisible();
    const [row] = await database.db.select({ slug: articles.slug, content: articles.content }).from(articles).where(eq(articles.title, title));
    expect(row?.content).toContain(`<data-figure series="wti" date="${cited.period}" value="${cited.value}"></data-figure>`);
    expect(row?.content).toMatch(
      /<data-chart kind="markets" key="[a-z-]+" range="5y" caption="Storage against five years of history"><\/data-chart>/,
    );

    // Published from the editor.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Article' });
    await expect(edit.getByRole('textbox', { name: 'Content' }).getByRole('img', { name: /^Figure: / })).toBeVisible();
    await edit.getByLabel('Status', { exact: true }).selectOption('published');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Article updated successfully')).toBeVisible();

    // The reader: the figure as published with its source and date, "now", and the chart drawn on the server.
    const reader = await page.context().newPage();
    await reader.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
    await reader.goto(`/article/${row!.slug}`);
    const figure = reader.locator('.story-figure');
    await expect(figure.locator('.story-figure-value')).toHaveText(shown(cited.value));
    await expect(figure.locator('.story-figure-value')).toHaveAttribute('href', '/markets/wti');
    await expect(figure.locator('.story-figure-source')).toContainText(/WTI Crude Oil, (illustrative sample for )?EIA RWTC, /);
    await expect(figure.getByTestId('figure-now')).toHaveText(new RegExp(`^now \\${shown(latest.value).replace('.', '\\.')} \\(`));
    await expect(figure.getByTestId('figure-revised')).toHaveCount(0);
    const chart = reader.locator('[data-story-chart="markets"]');
    await expect(chart.locator('svg').first()).toBeAttached();
    await expect(chart).toContainText('Storage against five years of history');
    await expect(chart).toContainText(/Source:|sample/i);
    await expect(chart.getByRole('link', { name: 'Open the chart' })).toHaveAttribute('href', /\/markets\/[a-z-]+\?range=5y$/);

    // EIA revises the cited figure (written as the import writes it): the mark says so and links to the revision.
    const revised = Number((cited.value + 0.47).toFixed(2));
    await writeSeriesFigures(database, 'wti', [{ period: cited.period, value: revised }]);
    await expect(async () => {
      await reader.reload();
      await expect(reader.locator('.story-figure').getByTestId('figure-revised')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const mark = reader.locator('.story-figure').getByTestId('figure-revised');
    await expect(mark).toHaveText(new RegExp(`^EIA revised this figure to \\${shown(revised).replace('.', '\\.')} on `));
    await expect(mark).toHaveAttribute('href', '/api/series/wti/revisions');
    await expect(reader.locator('.story-figure .story-figure-value')).toHaveText(shown(cited.value));
    await expect(reader.locator('.story-figure').getByTestId('figure-now')).toBeVisible();
  } finally {
    database.close();
  }
});

// The chart of a story works from the story with script off (#33): its Download menu's four files
// and its Share menu's permalink, each answered with the right type and content.
test('a story’s chart offers its permalink and its SVG, PNG, CSV and JSON files, working with script off', async ({ page, browser }) => {
  await signIn(page);
  const figureRes = await page.request.get('/api/admin/catalog/figure?series=wti');
  expect(figureRes.status(), await figureRes.text()).toBe(200);
  const { period, value } = (await figureRes.json()) as { period: string; value: number };
  const slug = `story-chart-files-${Date.now()}-${process.pid}`;
  const created = await page.request.post('/api/articles', {
    data: {
      title: `WTI holds its discount to Brent ${slug}`,
      slug,
      excerpt: 'The spread barely moved.',
      content:
        `<p>WTI settled at <data-figure series="wti" date="${period}" value="${value}"></data-figure>.</p>` +
        '<data-chart kind="markets" key="wti" range="5y" compare="brent" caption="WTI and Brent, five years"></data-chart>',
      author: 'Markets Desk',
      categoryId: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() } });
  try {
    const reader = await context.newPage();
    const story = await reader.goto(`/article/${slug}`);
    expect(story?.status()).toBe(200);
    const chart = reader.locator('[data-story-chart="markets"]');
    await expect(chart.locator('svg[role="img"]').first()).toBeAttached();
    await expect(chart).toContainText('WTI and Brent, five years');

    // The downloads: each link in the menu saves a file named for the chart, and answers its type and content.
    await chart.getByText('Download', { exact: true }).click();
    const files = [
      { text: 'Vector image (SVG)', ext: 'svg', type: /^image\/svg\+xml/, looks: (b: Buffer) => /<svg[\s>]/.test(b.toString()) },
      { text: 'Image (PNG)', ext: 'png', type: /^image\/png$/, looks: (b: Buffer) => b.subarray(1, 4).toString() === 'PNG' },
      { text: 'Data shown (CSV)', ext: 'csv', type: /^text\/csv/, looks: (b: Buffer) => /^[^\n]*wti[^\n]*\r?\n"?\d{4}-\d{2}/i.test(b.toString()) },
      {
        text: 'Data shown (JSON)',
        ext: 'json',
        type: /^application\/json/,
        looks: (b: Buffer) => /wti/i.test(JSON.stringify(JSON.parse(b.toString()) as unknown)),
      },
    ];
    for (const file of files) {
      const link = chart.getByRole('link', { name: file.text });
      await expect(link).toHaveAttribute('href', `/charts/markets/wti.${file.ext}?range=5y&compare=brent`);
      const [download] = await Promise.all([reader.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename(), file.text).toMatch(new RegExp(`\\.${file.ext}$`));
      expect(await download.failure(), file.text).toBeNull();
      const res = await context.request.get((await link.getAttribute('href'))!);
      expect(res.status(), file.text).toBe(200);
      expect(res.headers()['content-type'], file.text).toMatch(file.type);
      expect(file.looks(await res.body()), `${file.text}: ${(await res.body()).subarray(0, 200).toString()}`).toBe(true);
    }

    // The permalink (Share menu) opens the same view on the series page; so does "Open the chart".
    await chart.getByText('Share', { exact: true }).click();
    const permalink = new URL(await chart.getByLabel('Link', { exact: true }).inputValue());
    expect(`${permalink.pathname}${permalink.search}`).toBe('/markets/wti?range=5y&compare=brent');
    await expect(chart.getByRole('link', { name: 'Open the chart' })).toHaveAttribute('href', '/markets/wti?range=5y&compare=brent');
    const opened = await reader.goto(`${permalink.pathname}${permalink.search}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['content-type']).toMatch(/^text\/html/);
    await expect(reader.getByRole('heading', { level: 1 })).toContainText('WTI');
    await expect(reader.locator('[data-chart-figure] svg[role="img"]').first()).toBeAttached();
  } finally {
    await context.close();
  }
});
