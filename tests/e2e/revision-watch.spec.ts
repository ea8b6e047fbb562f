// Stories that watch their data (#33), in the browser, on a server of its own that imports from
// a fake EIA and sends mail to a real SMTP server in this process: a weekly release import puts
// a draft brief with the week's change and five-year range into the review queue, where an
// editor finds it (never published by itself); and an import that revises a figure a published
// story cites marks the story, tells its editor in the panel and by mail, and from the notice
// one click opens the dated correction, which the editor publishes and readers see. Axe checks
// the notices, the catalog dialog and the correction draft at a desktop's and a phone's width.
import { expect, test, type Page } from '@playwright/test';
import { FAKE_EIA_KEY, startFakeEia, type FakeEia } from '../fakes/eia.ts';
import { startTestSmtp, type TestSmtp } from '../fakes/smtp.ts';
import { storageRelease } from '../helpers/storage-release.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { openNewArticle, toasts } from './admin-session.ts';
import { seriousViolations } from './axe.ts';
import { waitForIslands } from './hydration.ts';

const PASSWORD = 'revision-watch-e2e-password';
const EDITOR = 'desk.editor@newsroom.example';
const storage = storageRelease();
let smtp: TestSmtp;
let eia: FakeEia;
let server: TestServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startTestSmtp();
  eia = await startFakeEia({ routes: storage.routes });
  server = await startTestServer({
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_EMAIL: EDITOR,
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    EIA_API_KEY: FAKE_EIA_KEY,
    EIA_API_URL: `${eia.url}/v2`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await eia?.close();
  await smtp?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/admin/login`);
  await waitForIslands(page);
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(1);
  await waitForIslands(page);
}

/** Imports from EIA as an editor does, with the Market Data tab's button, and waits for its answer. */
async function importFromEia(page: Page): Promise<void> {
  await page.goto(`${server.url}/admin#market`);
  await waitForIslands(page);
  const tab = page.getByRole('tabpanel', { name: 'Market Data' });
  await tab.getByRole('button', { name: 'Refresh from EIA' }).click();
  await expect(toasts(page).getByText('Market data refreshed')).toBeVisible({ timeout: 60_000 });
  await expect(tab.getByRole('button', { name: 'Refresh from EIA' })).toBeEnabled();
}

/** Axe's serious findings in `selector` at a desktop's and at a phone's width. */
async function violationsAtBothWidths(page: Page, selector: string): Promise<string[]> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 900 };
  await expect(page.locator(selector)).toHaveCount(1);
  const found = await seriousViolations(page, selector);
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    found.push(...(await seriousViolations(page, selector)).map((v) => `phone: ${v}`));
  } finally {
    await page.setViewportSize(desktop);
  }
  return found;
}

test('a weekly storage import puts a draft brief with the change and the five-year range into the review queue', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await importFromEia(page);
  // The release's week comes with the next import.
  eia.routes.get('natural-gas/stor/wkly')!.push(storage.released);
  await importFromEia(page);

  // The desk runs once the import asked for it: the editor finds the draft in the queue.
  const headline = 'Working gas in storage rises 30 Bcf to 3,950 Bcf, a record high in our data';
  await page.goto(`${server.url}/admin#articles`);
  await waitForIslands(page);
  const articles = page.getByRole('tabpanel', { name: /Articles/ });
  await expect(async () => {
    await page.reload();
    await waitForIslands(page);
    await articles.getByLabel('Status').selectOption({ label: 'In review' });
    await expect(articles.getByText(headline)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(articles.getByText(headline)).toHaveCount(1);

  await articles.getByRole('button', { name: `Edit ${headline}` }).click();
  const brief = page.getByRole('dialog', { name: 'Edit Article' });
  await expect(brief.getByLabel('Status', { exact: true })).toHaveValue('draft');
  await expect(brief.getByLabel('Author', { exact: true })).toHaveValue('Data Desk');
  const body = brief.getByRole('textbox', { name: 'Content' });
  // The week's figure as a reference to the data, the range and the average in words, the chart.
  await expect(body.getByRole('img', { name: /^Figure: 3,950 Bcf/ })).toBeVisible();
  await expect(body).toContainText(
    'That is above the range of the same week over the previous five years, 3,500 Bcf to 3,900 Bcf, and 250 Bcf above the five-year average of 3,700 Bcf.',
  );
  await expect(body.getByRole('img', { name: /^Chart: / })).toBeVisible();
  const review = brief.getByRole('region', { name: /Review and notes/ });
  await expect(review).toContainText(
    new RegExp(`Drafted from EIA's figures of the ${storage.release.title} of [A-Z][a-z]+ \\d{1,2}, \\d{4} \\(/calendar#${storage.release.id}\\)`),
  );
  await expect(review).toContainText('nothing goes out until a person does');
  // The note's calendar entry is a link to it, not text to copy.
  await expect(review.getByRole('link', { name: `/calendar#${storage.release.id}` })).toHaveAttribute('href', `/calendar#${storage.release.id}`);

  // Never published without a person: readers do not find it.
  const slug = `brief-${storage.release.id}`;
  expect((await page.request.get(`${server.url}/article/${slug}`)).status()).toBe(404);
});

test('an import revises a figure a story cites: the story marks it, the editor hears in the panel and by mail, and publishes the correction', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await importFromEia(page);
  const history = (await (await page.request.get(`${server.url}/api/series/crude-inventories`)).json()) as {
    observations: { period: string; value: number }[];
  };
  // The story cites the week before the latest, so the series has moved on since ("now").
  const cited = history.observations.at(-2)!;
  const latest = history.observations.at(-1)!;
  // Stored in thousand barrels, shown in millions: 420,800 is "420.80 million bbl".
  const thousands = (v: number) => `${(v / 1000).toFixed(2)} million bbl`;

  // The editor writes the story, the figure from the catalog.
  await page.goto(`${server.url}/admin#articles`);
  await waitForIslands(page);
  const dialog = await openNewArticle(page);
  const title = `Crude stocks build for a second week ${Date.now()}`;
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Excerpt', { exact: true }).fill('Refiners slowed.');
  await dialog.getByLabel('Author', { exact: true }).fill('Markets Desk');
  await dialog.getByLabel('Status', { exact: true }).selectOption('published');
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Commercial crude stocks stood at ');
  await dialog.getByRole('button', { name: 'Figure from the data' }).click();
  const figureDialog = page.getByRole('dialog', { name: 'Insert a figure' });
  await figureDialog.getByRole('searchbox', { name: 'Search the data catalog' }).fill('WCESTUS1');
  await expect(figureDialog.getByRole('group', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
  await figureDialog.getByRole('radio', { name: /^US Commercial Crude Oil Inventories/ }).check();
  await figureDialog.getByLabel('Day (empty: the latest figure)').fill(cited.period);
  await expect(figureDialog.getByTestId('figure-preview')).toContainText(`The story will say: ${thousands(cited.value)}`);
  // The editor's catalog dialog passes axe, on a desktop and on a phone.
  const figureDialogTitle = await figureDialog.getAttribute('aria-labelledby');
  expect(await violationsAtBothWidths(page, `[role="dialog"][aria-labelledby="${figureDialogTitle}"]`)).toEqual([]);
  await figureDialog.getByRole('button', { name: 'Insert figure' }).click();
  await expect(figureDialog).toBeHidden();
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toasts(page).getByText('Article created successfully')).toBeVisible();
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

  // A reader's view before the revision: the figure as published, "now", no mark.
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`${server.url}/article/${slug}`);
  const figure = reader.locator('.story-figure');
  await expect(figure.locator('.story-figure-value')).toHaveText(thousands(cited.value));
  await expect(figure.getByTestId('figure-now')).toHaveText(new RegExp(`^now ${thousands(latest.value)} \\(`));
  await expect(figure.getByTestId('figure-revised')).toHaveCount(0);

  // EIA revises the cited week; the editor imports.
  const revised = cited.value + 1500;
  const row = eia.routes.get('petroleum/stoc/wstk')!.find((r) => r['series'] === 'WCESTUS1' && r['period'] === cited.period)!;
  row['value'] = String(revised);
  await importFromEia(page);

  // The story marks the revision beside the figure as published, and still says "now".
  await expect(async () => {
    await reader.reload();
    await expect(reader.locator('.story-figure').getByTestId('figure-revised')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(figure.getByTestId('figure-revised')).toHaveText(new RegExp(`^EIA revised this figure to ${thousands(revised)} on `));
  await expect(figure.locator('.story-figure-value')).toHaveText(thousands(cited.value));
  await expect(figure.getByTestId('figure-now')).toBeVisible();

  // By mail: one message naming the story, the figure, the old and the new value, linking to the panel.
  await smtp.waitFor(() => smtp.received.some((m) => m.subject?.startsWith('EIA revised a figure your story cites')), 150_000);
  const mails = smtp.received.filter((m) => m.subject?.startsWith('EIA revised'));
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(JSON.stringify(mail.to)).toContain(EDITOR);
  expect(mail.text).toContain(title.toUpperCase());
  expect(mail.text).toContain(`US Commercial Crude Oil Inventories`);
  expect(mail.text).toContain(`EIA revised ${thousands(cited.value)} to ${thousands(revised)}`);
  expect(mail.text).toContain(`The story states ${thousands(cited.value)}`);
  const link = /https?:\/\/\S+\/admin#articles/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();

  // In the panel, opened from the mail's link.
  await page.goto(`${server.url}${new URL(link!).pathname}${new URL(link!).hash}`);
  await waitForIslands(page);
  const notices = page.getByRole('region', { name: 'Figures EIA revised in published stories' });
  await expect(notices.getByTestId('revision-notice')).toHaveText(title);
  await expect(notices).toContainText(`the story states ${thousands(cited.value)}; EIA revised ${thousands(cited.value)} to ${thousands(revised)}.`);
  expect(await violationsAtBothWidths(page, 'section[aria-labelledby="revision-notices-title"]')).toEqual([]);

  // One click opens the dated correction draft; the editor publishes it.
  await notices.getByRole('button', { name: 'Draft a Correction' }).click();
  const draft = page.getByRole('dialog', { name: 'Draft a Correction' });
  const text = draft.getByLabel('Correction');
  await expect(text).toHaveValue(new RegExp(`as ${thousands(cited.value)}, .* revised it to ${thousands(revised)} \\(seen `));
  const correction = await text.inputValue();
  const draftTitle = await draft.getAttribute('aria-labelledby');
  expect(await violationsAtBothWidths(page, `[role="dialog"][aria-labelledby="${draftTitle}"]`)).toEqual([]);
  await draft.getByRole('button', { name: 'Publish Correction' }).click();
  await expect(toasts(page).getByText('Correction published')).toBeVisible();
  await expect(draft).toBeHidden();
  // Corrected: the notice leaves the open list.
  await expect(notices).toHaveCount(0);

  // The reader sees the correction under the story.
  await expect(async () => {
    await reader.reload();
    await expect(reader.getByTestId('article-correction')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(reader.getByTestId('article-correction')).toContainText(correction);
});
