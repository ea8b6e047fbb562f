import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn, toasts, openNewArticle } from './admin-session.ts';
import { uniqueClientAddress } from './db.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
});

/** A real small image (a gradient with noise, so every test's file differs). */
async function testImage(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .toFormat(format)
    .toBuffer();
}

/** Opens Add Article with a draft's fields filled (drafts only: other tests page through the public lists). */
async function newDraft(page: Page, title: string): Promise<Locator> {
  const dialog = await openNewArticle(page);
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Excerpt', { exact: true }).fill('Wind output set a record.');
  await dialog.getByLabel('Author', { exact: true }).fill('Newsroom');
  await dialog.getByLabel('Status', { exact: true }).selectOption('draft');
  return dialog;
}

/** Drops or pastes a file onto an element, as the browser does with a file from the desktop or the clipboard. */
async function sendFile(target: Locator, kind: 'drop' | 'paste', file: { name: string; type: string; bytes: Buffer }): Promise<void> {
  await target.evaluate(
    (element, { kind, name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      const box = element.getBoundingClientRect();
      const at = { clientX: box.left + 20, clientY: box.top + 20 };
      if (kind === 'paste') element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      else {
        element.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
        element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
      }
    },
    { kind, name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
}

test('an image uploaded through the picker is placed with alt text, caption and credit, and the draft’s preview shows it as a responsive picture', async ({
  page,
}) => {
  await signIn(page);
  const title = `Wind record pictured ${Date.now()}`;
  const dialog = await newDraft(page, title);
  const content = dialog.getByRole('textbox', { name: 'Content' });
  await content.fill('Turbines turned all night.');
  await dialog.getByRole('button', { name: 'Image', exact: true }).click();

  const picker = page.getByRole('dialog', { name: 'Insert image' });
  await picker
    .getByLabel('Image file to upload')
    .setInputFiles({ name: 'ridge-turbines.png', mimeType: 'image/png', buffer: await testImage(1000, 600, 'png') });
  await expect(picker.getByTestId('media-selected')).toHaveText('ridge-turbines.png, 1000×600');
  // Alt text is required before the image goes in.
  await picker.getByRole('button', { name: 'Insert image' }).click();
  await expect(picker.getByText('Describe the image for readers who cannot see it (alt text).')).toBeVisible();
  await expect(picker.getByLabel('Alt text')).toBeFocused();
  await picker.getByLabel('Alt text').fill('Turbines on a ridge at night');
  await picker.getByLabel('Caption').fill('The ridge farm at 2 a.m.');
  await picker.getByLabel('Credit').fill('Photo: Ana Ruiz');
  await picker.getByRole('button', { name: 'Insert image' }).click();
  await expect(picker).toBeHidden();
  await expect(content.locator('figure img[alt="Turbines on a ridge at night"]')).toBeVisible();
  await expect(content.locator('figcaption')).toHaveText('The ridge farm at 2 a.m. Photo: Ana Ruiz');

  // The same image as the lead image: the library now describes it with the alt text given.
  await dialog.getByRole('button', { name: 'Choose image' }).click();
  const lead = page.getByRole('dialog', { name: 'Lead image' });
  await lead
    .getByRole('button', { name: /^ridge-turbines\.png: Turbines on a ridge at night/ })
    .first()
    .click();
  await expect(lead.getByLabel('Alt text')).toHaveValue('Turbines on a ridge at night');
  await lead.getByRole('button', { name: 'Use as lead image' }).click();
  await expect(dialog.getByLabel('Image URL', { exact: true })).toHaveValue(/^\/media\/\d{4}\/\d{2}\/[a-z0-9]{12}\/original\.png$/);
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toasts(page).getByText('Article created successfully')).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Article' });
  await expect(edit.getByRole('textbox', { name: 'Content' }).locator('figure img')).toHaveAttribute('alt', 'Turbines on a ridge at night');
  await edit.getByRole('button', { name: 'Preview link' }).click();
  const href = await edit.getByTestId('preview-link').getByRole('link').getAttribute('href');
  // The link names the configured site; the test server answers on its own port.
  const preview = new URL(href ?? '');
  await page.goto(preview.pathname + preview.search);
  const body = page.locator('.article-body picture');
  await expect(body.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/480\.avif 480w, .*\/960\.avif 960w$/);
  await expect(body.locator('img')).toHaveAttribute('width', '1000');
  await expect(body.locator('img')).toHaveAttribute('height', '600');
  await expect(body.locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('.article-body figcaption')).toHaveText('The ridge farm at 2 a.m. Photo: Ana Ruiz');
  const leadImage = page.getByTestId('lead-image').locator('picture img');
  await expect(leadImage).toHaveAttribute('alt', 'Turbines on a ridge at night');
  await expect(leadImage).toHaveAttribute('fetchpriority', 'high');
  // The browser picked a resized copy and drew it.
  await expect
    .poll(() => leadImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
    .toMatch(/\/(480|960)\.avif$/);
});

test('an image pasted into the text uploads while the details are typed, even when the upload is slow', async ({ page }) => {
  await signIn(page);
  const dialog = await newDraft(page, `Pasted chart ${Date.now()}`);
  const content = dialog.getByRole('textbox', { name: 'Content' });
  await content.fill('Load peaked at dusk.');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let uploads = 0;
  await page.route('**/api/admin/media', async (route) => {
    if (route.request().method() === 'POST') {
      uploads += 1;
      await held;
    }
    await route.continue();
  });

  await sendFile(content, 'paste', { name: 'chart.jpg', type: 'image/jpeg', bytes: await testImage(640, 360, 'jpeg') });
  const picker = page.getByRole('dialog', { name: 'Insert image' });
  await expect(picker.getByTestId('media-upload')).toContainText('chart.jpg');
  await expect(picker.getByRole('button', { name: /^Uploading…/ })).toBeDisabled();
  // The upload is held: the editor keeps typing the details meanwhile.
  await expect(picker.getByLabel('Alt text')).toBeFocused();
  await page.keyboard.type('Load curve for the day');
  await picker.getByLabel('Caption').fill('Hourly load');
  expect(uploads).toBe(1);
  release();
  await expect(picker.getByTestId('media-selected')).toHaveText('chart.jpg, 640×360');
  await expect(picker.getByLabel('Alt text')).toHaveValue('Load curve for the day');
  await picker.getByRole('button', { name: 'Insert image' }).click();
  await expect(content.locator('figure img[alt="Load curve for the day"]')).toHaveAttribute('width', '640');
  await expect(content.locator('figcaption')).toHaveText('Hourly load');
  await expect(content).toContainText('Load peaked at dusk.');
});

test('a file dropped on the text that is no image the library takes is refused with the server’s message; one dropped on the picker goes in', async ({
  page,
}) => {
  await signIn(page);
  const dialog = await newDraft(page, `Dropped file ${Date.now()}`);
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Grid note.');
  await sendFile(dialog.getByRole('textbox', { name: 'Content' }), 'drop', {
    name: 'not-really.png',
    type: 'image/png',
    bytes: Buffer.from('<svg onload="alert(1)"></svg>'),
  });
  const picker = page.getByRole('dialog', { name: 'Insert image' });
  await expect(picker.getByRole('alert')).toContainText('Only JPEG, PNG, WebP and AVIF images can be uploaded');
  await expect(picker.getByRole('button', { name: 'Insert image' })).toBeDisabled();

  // A real image dropped on the dialog next goes in.
  await sendFile(picker.getByTestId('media-picker'), 'drop', { name: 'dropped.png', type: 'image/png', bytes: await testImage(300, 200, 'png') });
  await expect(picker.getByTestId('media-selected')).toHaveText('dropped.png, 300×200');
  await picker.getByLabel('Alt text').fill('A small test card');
  await picker.getByRole('button', { name: 'Insert image' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Content' }).locator('figure img[alt="A small test card"]')).toHaveAttribute('height', '200');
});

test('the media picker has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page);
  await newDraft(page, `Accessible picker ${Date.now()}`);
  await page.getByRole('dialog', { name: 'Add Article' }).getByRole('button', { name: 'Image', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Insert image' });
  await expect(picker.getByRole('list', { name: 'Images in the library' }).or(picker.getByText('The library is empty'))).toBeVisible();
  await picker.getByLabel('Image file to upload').setInputFiles({ name: 'axe.png', mimeType: 'image/png', buffer: await testImage(200, 120, 'png') });
  await expect(picker.getByTestId('media-selected')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Add Article' })).toBeVisible();
});
