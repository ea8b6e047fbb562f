import { describe, expect, it } from 'vitest';
import { articles, subscribers } from '@db/schema';
import { openDatabase } from '@db/client';
import { seedDatabase } from '@db/seed';
import { briefingReader, MAIL_SITE_ENV, publishedStory, useMailProcess } from '../helpers/mail-process.ts';

// The mail briefing draws a story's chart block of the data desk too (#33): a state's or a grid
// region's chart, as its chart file draws it, is a PNG inside the message with its alt text;
// a report view's is left to the story's page (its figures are text beside it either way).
const { db, url, deliver } = await useMailProcess('briefing-story-charts', MAIL_SITE_ENV);
const { sendEdition } = await import('@/server/services/newsletter/briefing');

// Monday, November 23, 2026, 06:30 in New York.
const BRIEFING_AT = new Date('2026-11-23T11:30:00Z');

describe('the mail briefing and its stories’ data desk charts', () => {
  it('sends a state’s and a grid region’s chart block as images inside the message, not a report’s', async () => {
    // The sample site (states' prices, the grid's week), seeded as a fresh install is.
    const seeding = await openDatabase({ url });
    await seedDatabase(seeding.db, BRIEFING_AT);
    seeding.close();
    const story = (title: string, chart: string, minutesBefore: number) =>
      publishedStory(title, `<p>Prices moved.</p>${chart}`, new Date(BRIEFING_AT.getTime() - minutesBefore * 60_000));
    await db
      .insert(articles)
      .values([
        story('Texas power bills climb', '<data-chart kind="states" key="TX" caption="Texas homes pay more"></data-chart>', 10),
        story('Texas grid runs hot', '<data-chart kind="grid" key="TEX" chart="generation"></data-chart>', 20),
        story('Prices across regions', '<data-chart kind="reports" key="price" range="1y"></data-chart>', 30),
      ]);
    await db.insert(subscribers).values(briefingReader());

    expect(await sendEdition('briefing', { now: BRIEFING_AT })).toMatch(/^Queued the daily briefing/);
    const [mail] = await deliver(() => new Date(BRIEFING_AT.getTime() + 60_000));
    const html = mail?.html || '';
    const entry = (title: string) => html.slice(html.indexOf(`>${title}</a>`), html.indexOf('</li>', html.indexOf(`>${title}</a>`)));
    // The parser puts each inline part's bytes where the HTML names its cid: an image in the entry is one the message carries.
    expect(entry('Texas power bills climb')).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="Chart: Texas[^"]*Caption: Texas homes pay more"/);
    expect(entry('Texas grid runs hot')).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="Chart: [^"]*Texas/);
    expect(entry('Prices across regions')).not.toContain('<img');
    const inline = (mail?.attachments ?? []).filter((a) => a.contentType === 'image/png' && a.contentDisposition === 'inline');
    // The edition's market chart and the two story charts.
    expect(inline).toHaveLength(3);
  });
});
