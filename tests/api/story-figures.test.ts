import { and, asc, desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articleCitations, marketObservations, marketSeries, rateLimitEvents } from '@db/schema';
import { apiClient } from '../helpers/api-client.ts';
import { useTestServer } from '../helpers/test-server.ts';

// Figures and charts in stories (#33): a body's figure and chart references survive the save
// exactly (nothing else new does), each figure must be one the data holds, and the citations
// are written with the article.
const PASSWORD = 'story-figures-admin-password';
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' }));
const { call, signIn } = apiClient(server, PASSWORD);
let cookie: string;
beforeAll(async () => (cookie = await signIn()));
beforeEach(async () => {
  await server.database.db.delete(rateLimitEvents);
});

/** A stored figure of a series: its latest period and value. */
async function latestFigure(slug: string): Promise<{ period: string; value: number }> {
  const [row] = await server.database.db
    .select({ period: marketObservations.period, value: marketObservations.value })
    .from(marketObservations)
    .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId))
    .where(eq(marketSeries.slug, slug))
    .orderBy(desc(marketObservations.period))
    .limit(1);
  if (!row) throw new Error(`No figure of ${slug}`);
  return row;
}

let stories = 0;
async function save(content: string, id?: number) {
  const n = ++stories;
  return id === undefined
    ? call('POST', '/api/articles', {
        cookie,
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
    : call('PATCH', `/api/articles/${id}`, { cookie, body: { content } });
}

const citationsOf = (articleId: number) =>
  server.database.db
    .select({
      position: articleCitations.position,
      element: articleCitations.element,
      kind: articleCitations.kind,
      key: articleCitations.key,
      period: articleCitations.period,
      valueAsPublished: articleCitations.valueAsPublished,
    })
    .from(articleCitations)
    .where(eq(articleCitations.articleId, articleId))
    .orderBy(asc(articleCitations.position), asc(articleCitations.key));

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
    const read = await call('GET', `/api/admin/articles/${article.id}`, { cookie });
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
    expect((await call('DELETE', `/api/articles/${article.id}`, { cookie })).status).toBe(204);
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
