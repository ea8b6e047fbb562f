import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { articles, categories, marketObservations, marketSeries, subscribers } from '@db/schema';
import { briefingReader, MAIL_SITE_ENV, publishedStory, useMailProcess } from '../helpers/mail-process.ts';

// The mail briefing shows the data its stories cite (#33): each figure as published, as text
// with its source and date, in both parts of the message; a story's chart block as a PNG inside
// the message (its `cid:`), its alt text naming the chart and its caption. A story citing
// nothing is listed as before.
const { db, deliver } = await useMailProcess('briefing-story-data', MAIL_SITE_ENV);
const { sendEdition } = await import('@/server/services/newsletter/briefing');

// Monday, November 23, 2026, 06:30 in New York.
const BRIEFING_AT = new Date('2026-11-23T11:30:00Z');
const HOUR = 3_600_000;

async function arrange(): Promise<void> {
  await db.insert(categories).values([{ id: 1, name: 'Oil & Gas', slug: 'oil-gas' }]);
  const series = await db
    .insert(marketSeries)
    .values([
      { slug: 'wti', name: 'WTI Crude', unit: '$/bbl', frequency: 'daily', source: 'eia:petroleum/pri/spt?series=RWTC', decimals: 2 },
      {
        slug: 'henry-hub',
        name: 'Henry Hub Natural Gas',
        unit: '$/MMBtu',
        frequency: 'daily',
        source: 'eia:natural-gas/pri/fut?series=RNGWHHD',
        decimals: 2,
      },
    ])
    .returning({ id: marketSeries.id, slug: marketSeries.slug });
  const id = (slug: string) => series.find((s) => s.slug === slug)?.id ?? 0;
  await db.insert(marketObservations).values([
    { seriesId: id('wti'), period: '2026-11-19', value: 70 },
    { seriesId: id('wti'), period: '2026-11-20', value: 76 },
    ...['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'].map((period, i) => ({
      seriesId: id('henry-hub'),
      period,
      value: 3 + i / 10,
    })),
  ]);
  const story = (title: string, content: string, hoursBefore: number) =>
    publishedStory(title, content, new Date(BRIEFING_AT.getTime() - hoursBefore * HOUR));
  await db
    .insert(articles)
    .values([
      story(
        'Gas climbs on cold',
        '<p>WTI stood at <data-figure series="wti" date="2026-11-19" value="70"></data-figure> and gas rose.</p>' +
          '<data-chart kind="markets" key="henry-hub" range="1m" caption="Henry Hub through the cold snap"></data-chart>',
        2,
      ),
      story('Refiners slow down', '<p>No figure here.</p>', 3),
    ]);
  await db.insert(subscribers).values(briefingReader());
}

/** The inline PNG parts of a message, by Content-ID, and the alt text of the image the HTML shows for each (resolved to its bytes by the parser). */
async function inlineCharts(mail: ParsedMail | undefined) {
  const parts = (mail?.attachments ?? []).filter((a) => a.contentType === 'image/png' && a.contentDisposition === 'inline');
  const html = mail?.html || '';
  return Promise.all(
    parts.map(async (part) => {
      const alt = [...html.matchAll(/<img src="data:image\/png;base64,([^"]+)" alt="([^"]*)"/g)].find((m) =>
        Buffer.from(m[1] ?? '', 'base64').equals(part.content),
      )?.[2];
      return { cid: part.cid, alt: alt?.replace(/&amp;/g, '&'), format: (await sharp(part.content).metadata()).format };
    }),
  );
}

describe('the mail briefing and its stories’ data', () => {
  it('shows each story’s figures as text and its chart as an image inside the message', async () => {
    await arrange();
    expect(await sendEdition('briefing', { now: BRIEFING_AT })).toMatch(/^Queued the daily briefing/);
    const [mail] = await deliver(() => new Date(BRIEFING_AT.getTime() + 60_000));
    const text = mail?.text ?? '';
    // The figure as the story published it, with its source and date, under the story's headline.
    const figure = '$70.00/bbl (WTI Crude, EIA RWTC, Nov 19, 2026)';
    const story = text.slice(text.indexOf('* Gas climbs on cold'), text.indexOf('* Refiners slow down'));
    expect(story).toContain(`Figures in the story:\n  - ${figure}`);
    expect(text.slice(text.indexOf('* Refiners slow down'))).not.toContain('Figures in the story');
    expect(mail?.html).toContain(`<li style="margin:0">${figure.replace('&', '&amp;')}</li>`);

    // Two charts inside the message: the edition's market chart and the story's, each shown by its Content-ID.
    const charts = await inlineCharts(mail);
    expect(charts).toHaveLength(2);
    expect(charts.every((c) => c.format === 'png' && /^chart-[0-9a-f]{24}@energypulse\.test$/.test(c.cid ?? ''))).toBe(true);
    expect(charts.map((c) => c.alt)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Chart: WTI Crude/),
        expect.stringMatching(/^Chart: Henry Hub Natural Gas.*Caption: Henry Hub through the cold snap$/),
      ]),
    );
    // The story's chart sits in the story's entry, after its figures.
    const html = mail?.html || '';
    const entry = html.slice(html.indexOf('Gas climbs on cold'), html.indexOf('Refiners slow down'));
    expect(entry).toMatch(/Figures in the story:.*<img src="data:image\/png;base64,[^"]+" alt="Chart: Henry Hub Natural Gas/s);
  });
});
