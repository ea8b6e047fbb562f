import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleCitations, marketObservations, marketSeries } from '@db/schema';
import { parseFeed } from '../helpers/feed-reader.ts';
import { latestFigures } from '../helpers/market-figures.ts';
import { writeSeriesFigures } from '../helpers/market-revisions.ts';
import { publishStoryPage, useNewsroomServer } from '../helpers/newsroom.ts';
import { listArticleCitations } from '@/server/queries/citations';

// Figures and charts in stories (#33): a body's figure and chart references survive the save
// exactly (nothing else new does), each figure must be one the data holds, and the citations
// are written with the article.
const PASSWORD = 'story-figures-admin-password';
const { server, admin, call, currentPage } = useNewsroomServer(PASSWORD);

/** A stored figure of a series: its latest period and value. */
async function latestFigure(slug: string): Promise<{ period: string; value: number }> {
  const [row] = await latestFigures(server.database, slug, 1);
  if (!row) throw new Error(`No figure of ${slug}`);
  return row;
}

let stories = 0;
async function save(content: string, id?: number) {
  const n = ++stories;
  return id === undefined
    ? call('POST', '/api/articles', {
        cookie: admin.cookie,
        body: {
          title: `Crude settles higher ${n}`,
          slug: `story-figures-${n}-${Date.now()}`,
          excerpt: 'Futures rose on supply worries.',
          content,
          author: 'Markets Desk',
          categoryId: 1,
          status: 'draft',
        },
      })
    : call('PATCH', `/api/articles/${id}`, { cookie: admin.cookie, body: { content } });
}

const citationsOf = (articleId: number) => listArticleCitations(articleId, server.database.db);

describe('figure and chart references in an article body', () => {
  it('keeps exactly the figure and chart references, drops anything else new, and records the citations with the save', async () => {
    const wti = await latestFigure('wti');
    const figure = `<data-figure series="wti" date="${wti.period}" value="${wti.value}"></data-figure>`;
    const chart = '<data-chart kind="markets" key="wti" range="5y" compare="brent,wti-brent-spread" caption="WTI and Brent"></data-chart>';
    const grid = '<data-chart kind="grid" key="TEX" chart="demand"></data-chart>';
    const res = await save(
      `<p>WTI settled at <data-figure series="wti" value="${wti.value}" date="${wti.period}" onmouseover="alert(1)" style="x"></data-figure> on the day.</p>` +
        `${chart}<data-chart kind="iframe" key="wti"></data-chart><data-chart kind="markets" key="wti" range="javascript:alert(1)"></data-chart>` +
        `<data-embed src="https://evil.example"></data-embed><iframe src="https://evil.example"></iframe>${grid}`,
    );
    expect(res.status, res.text).toBe(201);
    const article = res.json as { id: number; content: string };
    expect(article.content).toBe(`<p>WTI settled at ${figure} on the day.</p>${chart}${grid}`);
    // The editor reads the same body back.
    const read = await call('GET', `/api/admin/articles/${article.id}`, { cookie: admin.cookie });
    expect((read.json as { content: string }).content).toBe(article.content);
    expect(await citationsOf(article.id)).toEqual([
      { position: 0, element: 'figure', kind: 'markets', key: 'wti', period: wti.period, valueAsPublished: wti.value },
      // The chart's own series and those it compares (the spread is drawn from WTI and Brent).
      { position: 1, element: 'chart', kind: 'markets', key: 'brent', period: null, valueAsPublished: null },
      { position: 1, element: 'chart', kind: 'markets', key: 'wti', period: null, valueAsPublished: null },
      { position: 2, element: 'chart', kind: 'grid', key: 'TEX', period: null, valueAsPublished: null },
    ]);

    // An edit rewrites them; a body without references leaves none.
    const edited = await save(`<p>Now only a chart.</p>${grid}`, article.id);
    expect(edited.status, edited.text).toBe(200);
    expect(await citationsOf(article.id)).toEqual([
      { position: 0, element: 'chart', kind: 'grid', key: 'TEX', period: null, valueAsPublished: null },
    ]);
    expect((await save('<p>No data.</p>', article.id)).status).toBe(200);
    expect(await citationsOf(article.id)).toEqual([]);
    // Deleting the story deletes its citations.
    await save(`<p>${figure}</p>`, article.id);
    expect(await citationsOf(article.id)).toHaveLength(1);
    expect((await call('DELETE', `/api/articles/${article.id}`, { cookie: admin.cookie })).status).toBe(204);
    expect(await server.database.db.select().from(articleCitations).where(eq(articleCitations.articleId, article.id))).toEqual([]);
  });

  it('refuses a figure the data does not hold (typed or edited by hand) and writes nothing', async () => {
    const wti = await latestFigure('wti');
    const typed = `<p><data-figure series="wti" date="${wti.period}" value="${(wti.value + 1).toFixed(2)}"></data-figure></p>`;
    const res = await save(typed);
    expect(res.status, res.text).toBe(400);
    expect((res.json as { errors: Record<string, string[]> }).errors['content']?.[0]).toMatch(/is not one the data holds/);
    const noDay = await save(`<p><data-figure series="wti" date="1990-01-01" value="${wti.value}"></data-figure></p>`);
    expect(noDay.status).toBe(400);

    // A figure the story states already stays, whatever became of the data; a new wrong one is refused.
    const created = await save(`<p><data-figure series="wti" date="${wti.period}" value="${wti.value}"></data-figure></p>`);
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { id: number }).id;
    const [series] = await server.database.db.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, 'wti'));
    await server.database.db
      .update(marketObservations)
      .set({ value: wti.value + 5 })
      .where(and(eq(marketObservations.seriesId, series!.id), eq(marketObservations.period, wti.period)));
    try {
      const kept = await save(`<p>Edited. <data-figure series="wti" date="${wti.period}" value="${wti.value}"></data-figure></p>`, id);
      expect(kept.status, kept.text).toBe(200);
      expect((await save(`<p>${typed}</p>`, id)).status).toBe(400);
      expect(await citationsOf(id)).toEqual([
        { position: 0, element: 'figure', kind: 'markets', key: 'wti', period: wti.period, valueAsPublished: wti.value },
      ]);
    } finally {
      await server.database.db
        .update(marketObservations)
        .set({ value: wti.value })
        .where(and(eq(marketObservations.seriesId, series!.id), eq(marketObservations.period, wti.period)));
    }
  });
});

/** A series' stored figures, newest first. */
const figuresOf = (slug: string, limit: number) => latestFigures(server.database, slug, limit);

describe('a story citing figures and charts, as readers see it', () => {
  it('shows the figure as published with its source and date, the chart from the data, and later what it is now and EIA’s revision', async () => {
    const [latest, , cited] = await figuresOf('henry-hub', 3);
    const figure = `<data-figure series="henry-hub" date="${cited!.period}" value="${cited!.value}"></data-figure>`;
    const { slug, page } = await publishStoryPage({ call, currentPage }, admin.cookie, {
      title: 'Henry Hub slips as storage builds',
      slug: `henry-hub-figure-${Date.now()}`,
      excerpt: 'Gas prices eased.',
      content: `<p>Henry Hub settled at ${figure} that day.</p><data-chart kind="markets" key="henry-hub" range="6m" compare="wti" caption="Gas and crude, six months"></data-chart><p>After the chart.</p><data-chart kind="grid" key="TEX" chart="generation"></data-chart>`,
    });
    expect(page.status).toBe(200);
    const body = page.text;
    // The figure as published: its value (linking to its series), the series, its source and date.
    const figureHtml = /<span class="story-figure"[^]*?(?= that day)/.exec(body)?.[0] ?? '';
    expect(figureHtml).toContain(
      `<a class="story-figure-value" href="/markets/henry-hub"><data value="${cited!.value}">$${cited!.value.toFixed(2)}/MMBtu</data></a>`,
    );
    expect(figureHtml).toMatch(/Henry Hub Natural Gas, illustrative sample for EIA RNGWHHD, <time datetime="[\d-]+">/);
    // The series moved on since (a later figure is stored): "now …".
    expect(figureHtml).toContain(`now $${latest!.value.toFixed(2)}`);
    expect(figureHtml).not.toContain('story-figure-revised');
    expect(body).not.toContain('<data-figure');
    expect(body).not.toContain('<data-chart');
    // The market chart: drawn on the server from the stored figures, with its caption, source and files.
    expect(body).toMatch(/data-story-chart="markets"/);
    expect(body).toContain('Gas and crude, six months');
    expect(body).toContain('/charts/markets/henry-hub.csv?range=6m&amp;compare=wti');
    // The grid chart: its image and page.
    expect(body).toContain('src="/charts/grid/TEX.png?chart=generation"');
    expect(body).toContain('href="/grid/TEX?chart=generation"');
    // Its caption says where its figures come from as the chart does: the seeded grid week is a sample, not EIA's.
    const gridCaption = /<figure class="story-chart[^]*?data-story-chart="grid"[^]*?<\/figcaption>/.exec(body)?.[0] ?? '';
    expect(gridCaption).toContain('Illustrative sample: a seeded week, not EIA figures.');
    expect(gridCaption).not.toContain('Energy Information Administration');
    // A link preview shows the story's first chart, drawn from the data (the story has no image of its own).
    expect(body).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/charts\/markets\/henry-hub\.png\?range=6m&amp;compare=wti"/);
    // …and says the figure it cites as text, as published, after its excerpt.
    expect(body).toContain(
      `<meta property="og:description" content="Gas prices eased. $${cited!.value.toFixed(2)}/MMBtu (Henry Hub Natural Gas, illustrative sample for EIA RNGWHHD, `,
    );
    // Tagged with the series it shows, not with every market figure.
    const tags = page.headers.get('Surrogate-Key')?.split(' ') ?? [];
    expect(tags).toEqual(expect.arrayContaining(['s:henry-hub', 's:wti', 's:*']));
    expect(tags).not.toContain('market');

    // The feed item: the figure as published, as text with its source and date; each chart as its image linking to it.
    const feed = await parseFeed((await currentPage('/rss.xml')).text, `${server.url}/rss.xml`);
    expect(feed.errors).toEqual([]);
    const item = feed.items.find((i) => i.link.endsWith(`/article/${slug}`))?.description ?? '';
    expect(item).toContain(`Henry Hub settled at $${cited!.value.toFixed(2)}/MMBtu (Henry Hub Natural Gas, illustrative sample for EIA RNGWHHD, `);
    expect(item).toMatch(
      /<a href="http:\/\/[^"]+\/markets\/henry-hub\?range=6m&amp;compare=wti"><img src="http:\/\/[^"]+\/charts\/markets\/henry-hub\.png\?range=6m&amp;compare=wti" alt="Chart: Henry Hub Natural Gas and WTI Crude Oil, six months\. Gas and crude, six months"/,
    );
    expect(item).not.toContain('<data-');
    expect(item).toContain('Texas: electricity generation by source, hourly. Illustrative sample: a seeded week, not EIA figures.');
    expect(item).not.toContain('Energy Information Administration');

    // EIA revises the cited figure: the page says so, linking to the revision, and keeps the figure as published.
    const revisedValue = Number((cited!.value + 0.13).toFixed(2));
    await writeSeriesFigures(server.database, 'henry-hub', [{ period: cited!.period, value: revisedValue }]);
    const after = await currentPage(`/article/${slug}`);
    expect(after.text).toContain(`<data value="${cited!.value}">$${cited!.value.toFixed(2)}/MMBtu</data>`);
    expect(after.text).toMatch(
      new RegExp(
        `<a class="story-figure-revised" data-testid="figure-revised" href="/api/series/henry-hub/revisions">EIA revised this figure to \\$${revisedValue.toFixed(2)}/MMBtu on [A-Z][a-z]{2} \\d{1,2}, \\d{4}</a>`,
      ),
    );
  });
});

describe('the data catalog the editor cites from', () => {
  it('finds series by name, EIA id or keyword, and regions, states and reports; a series’ figure of a day; refuses bad input', async () => {
    const search = async (q: string, figures = false) => {
      const res = await call('GET', `/api/admin/catalog?${new URLSearchParams({ q, ...(figures && { figures: '1' }) })}`, { cookie: admin.cookie });
      expect(res.status, res.text).toBe(200);
      return res.json as unknown as {
        kind: string;
        key: string;
        name: string;
        figure: boolean;
        latest: { period: string; value: number; text: string } | null;
      }[];
    };
    const [byId] = await search('RWTC');
    const [latest] = await figuresOf('wti', 1);
    expect(byId).toMatchObject({ kind: 'markets', key: 'wti', name: 'WTI Crude Oil', figure: true });
    expect(byId?.latest).toMatchObject({ period: latest!.period, value: latest!.value });
    expect((await search('gas storage')).map((e) => e.key)).toContain('gas-storage');
    expect((await search('texas')).map((e) => `${e.kind}:${e.key}`)).toEqual(expect.arrayContaining(['grid:TEX', 'states:TX']));
    expect((await search('texas', true)).every((e) => e.kind === 'markets')).toBe(true);
    expect((await search('price analysis'))[0]).toMatchObject({ kind: 'reports', key: 'price', latest: null });

    const [, before] = await figuresOf('wti', 2);
    const figure = await call('GET', `/api/admin/catalog/figure?series=wti&date=${before!.period}`, { cookie: admin.cookie });
    expect(figure.status, figure.text).toBe(200);
    expect(figure.json).toMatchObject({ series: 'wti', period: before!.period, value: before!.value });
    expect(String(figure.json['text'])).toMatch(
      /^\$[\d.]+\/bbl \(WTI Crude Oil, (illustrative sample for )?EIA RWTC, [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/,
    );
    expect((await call('GET', '/api/admin/catalog/figure?series=wti', { cookie: admin.cookie })).json).toMatchObject({ period: latest!.period });
    expect((await call('GET', '/api/admin/catalog/figure?series=wti&date=1990-01-01', { cookie: admin.cookie })).status).toBe(404);
    for (const bad of ['series=nope', 'series=wti&date=2026-02-30', `q=${'x'.repeat(101)}`]) {
      const path = bad.startsWith('q=') ? `/api/admin/catalog?${bad}` : `/api/admin/catalog/figure?${bad}`;
      const res = await call('GET', path, { cookie: admin.cookie });
      expect(res.status, path).toBe(400);
      expect(res.json['message'], path).toBeTypeOf('string');
    }
    expect((await call('GET', '/api/admin/catalog?q=wti')).status).toBe(401);
  });
});
