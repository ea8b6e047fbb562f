import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, marketSeries, pagePurges, seriesAnnotations } from '@db/schema';
import { ANNOTATIONS_SHOWN } from '@/server/services/markets/annotations';
import { cachedPage, storyMaker, useNewsroomServer } from '../helpers/newsroom.ts';

// The newsroom's annotations of market series (#33): the editors' API with its checks and audit
// trail, the public data API, the series page, its embed and the linked story's page, and which
// cached pages an annotation renders again (that series' and that story's, no other).
const PASSWORD = 'annotations-admin-password';
const newsroom = useNewsroomServer(PASSWORD);
const { server, admin, call, currentPage, expectSignedOutRefused } = newsroom;

type Json = Record<string, unknown>;
interface Annotation {
  id: number;
  series: string;
  seriesName: string;
  from: string;
  to: string | null;
  label: string;
  story: { id: number; slug: string; title: string; published: boolean } | null;
  createdBy: string | null;
}

/** A story by the API: published two hours ago unless told otherwise. */
const story = storyMaker(newsroom, () => admin.cookie, {
  title: 'Refinery outage lifts Gulf Coast crude',
  slug: 'annotated-story',
  excerpt: 'A fire shut the largest unit.',
  content: '<p>Runs fell by a fifth.</p>',
  author: 'Markets Desk',
  categoryId: 1,
});

async function annotate(body: Json): Promise<Annotation> {
  const res = await call('POST', '/api/admin/annotations', { cookie: admin.cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as Annotation;
}

const cached = (path: string) => cachedPage(newsroom, path);

const lastPurge = async () => (await server.database.db.select().from(pagePurges).orderBy(desc(pagePurges.id)).limit(1))[0]?.tags.split(' ');

describe('the editors’ annotations API', () => {
  it('is for staff with the market-data right: signed out it is a 401', async () => {
    await expectSignedOutRefused([
      ['GET', '/api/admin/annotations'],
      ['POST', '/api/admin/annotations', { series: 'wti', from: '2026-01-05', label: 'x' }],
      ['PATCH', '/api/admin/annotations/1', { series: 'wti', from: '2026-01-05', label: 'x' }],
      ['DELETE', '/api/admin/annotations/1'],
    ]);
  });

  it('refuses bad input with the field that is wrong, and stores nothing', async () => {
    const before = (await call('GET', '/api/admin/annotations', { cookie: admin.cookie })).json['total'];
    const cases: [Json, string][] = [
      [{ series: 'wti', from: '2026-02-30', label: 'A storm' }, 'from'],
      [{ series: 'wti', from: '26-01-05', label: 'A storm' }, 'from'],
      [{ series: 'wti', from: '2026-01-05', to: '2026-01-05', label: 'A storm' }, 'to'],
      [{ series: 'wti', from: '2026-01-05', to: '2026-01-01', label: 'A storm' }, 'to'],
      [{ series: 'wti', from: '2026-01-05', label: '' }, 'label'],
      [{ series: 'wti', from: '2026-01-05', label: 'x'.repeat(81) }, 'label'],
      [{ series: 'wti', from: '2026-01-05', label: 'Two\nlines' }, 'label'],
      [{ series: 'no-such-series', from: '2026-01-05', label: 'A storm' }, 'series'],
      [{ series: 'wti', from: '2026-01-05', label: 'A storm', story: '/article/no-such-story-at-all' }, 'story'],
      [{ series: 'wti', from: '2026-01-05', label: 'A storm', story: 'https://example.com/<script>' }, 'story'],
      [{ series: 'wti', from: 20260105, label: 'A storm' }, 'from'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/admin/annotations', { cookie: admin.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((res.json['errors'] ?? {}) as Json), JSON.stringify(body)).toContain(field);
    }
    expect((await call('GET', '/api/admin/annotations', { cookie: admin.cookie })).json['total']).toBe(before);
    expect(
      (await call('PATCH', '/api/admin/annotations/999999', { cookie: admin.cookie, body: { series: 'wti', from: '2026-01-05', label: 'x' } }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', '/api/admin/annotations/999999', { cookie: admin.cookie })).status).toBe(404);
  });

  it('adds, changes and deletes, each in the audit trail; lists by series', async () => {
    const linked = await story();
    const added = await annotate({
      series: 'henry-hub',
      from: '2026-01-20',
      to: '2026-01-24',
      label: 'Winter Storm Fern',
      story: `${server.url}/article/${linked.slug}`,
    });
    expect(added).toEqual(
      expect.objectContaining({
        series: 'henry-hub',
        from: '2026-01-20',
        to: '2026-01-24',
        label: 'Winter Storm Fern',
        story: { id: linked.id, slug: linked.slug, title: linked.title, published: true },
        createdBy: 'admin',
      }),
    );
    const list = await call('GET', '/api/admin/annotations?series=henry-hub', { cookie: admin.cookie });
    expect((list.json['items'] as Annotation[]).map((a) => a.id)).toContain(added.id);
    expect((await call('GET', '/api/admin/annotations?series=brent', { cookie: admin.cookie })).json['items']).not.toContainEqual(
      expect.objectContaining({ id: added.id }),
    );
    expect((await call('GET', '/api/admin/annotations?series=not-a-series', { cookie: admin.cookie })).json).toEqual(
      expect.objectContaining({ items: [], total: 0 }),
    );

    const changed = await call('PATCH', `/api/admin/annotations/${added.id}`, {
      cookie: admin.cookie,
      body: { series: 'henry-hub', from: '2026-01-21', to: '', label: 'Winter Storm Fern peaks', story: '' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toEqual(expect.objectContaining({ from: '2026-01-21', to: null, label: 'Winter Storm Fern peaks', story: null }));
    expect((await call('DELETE', `/api/admin/annotations/${added.id}`, { cookie: admin.cookie })).status).toBe(204);

    const trail = await server.database.db.select().from(auditLog).where(eq(auditLog.subjectId, 'henry-hub')).orderBy(auditLog.id);
    expect(trail.map((e) => [e.action, e.actorName, e.subjectType, e.summary])).toEqual([
      ['annotation_added', 'admin', 'series', 'Henry Hub Natural Gas, 2026-01-20 to 2026-01-24: Winter Storm Fern'],
      ['annotation_changed', 'admin', 'series', 'Henry Hub Natural Gas, 2026-01-21: Winter Storm Fern peaks'],
      ['annotation_deleted', 'admin', 'series', 'Henry Hub Natural Gas, 2026-01-21: Winter Storm Fern peaks'],
    ]);
  });
});

describe('GET /api/series/{slug}/annotations', () => {
  it('lists a series’ annotations oldest first with the published story they link, paged, the total in X-Total-Count', async () => {
    const published = await story();
    const draft = await story({ status: 'draft' });
    const later = await annotate({ series: 'diesel', from: '2026-03-10', label: 'Refinery fire', story: published.slug });
    const earlier = await annotate({ series: 'diesel', from: '2026-02-01', to: '2026-02-14', label: 'Cold snap', story: `/article/${draft.slug}` });
    const res = await call('GET', '/api/series/diesel/annotations');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect(res.headers.get('Cache-Control')).toBe('private, max-age=0, must-revalidate');
    // A draft is never shown to readers: its annotation has no story until it is published.
    expect(res.json).toEqual([
      { id: earlier.id, from: '2026-02-01', to: '2026-02-14', label: 'Cold snap', story: null },
      { id: later.id, from: '2026-03-10', to: null, label: 'Refinery fire', story: { title: published.title, url: `/article/${published.slug}` } },
    ]);
    const page = await call('GET', '/api/series/diesel/annotations?limit=1&offset=1');
    expect((page.json as unknown as { id: number }[]).map((a) => a.id)).toEqual([later.id]);
    expect((await call('GET', '/api/series/no-such-series/annotations')).status).toBe(404);
    for (const query of ['limit=0', 'limit=501', 'offset=-1', 'limit=abc']) {
      const bad = await call('GET', `/api/series/diesel/annotations?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.json['message'], query).toEqual(expect.any(String));
    }
  });
});

describe('the pages that show an annotation', () => {
  it('the series page and its embed list it, the story lists the series; only their pages render again', async () => {
    const linked = await story();
    const other = await story();
    const showing = ['/markets/gas-storage', '/embed/markets/gas-storage', `/article/${linked.slug}`];
    const unrelated = ['/markets/wti', '/markets', '/', `/article/${other.slug}`, '/embed/markets/wti'];
    const etags = new Map<string, string | null>();
    for (const path of [...showing, ...unrelated]) etags.set(path, (await cached(path)).headers.get('ETag'));
    expect((await cached('/markets/gas-storage')).headers.get('Surrogate-Key')?.split(' ')).toContain('s:gas-storage');

    const added = await annotate({ series: 'gas-storage', from: '2026-11-06', label: 'Storage tops 3,900 Bcf', story: linked.slug });
    expect(await lastPurge()).toEqual(['s:gas-storage', `sa:${linked.id}`, 'any']);
    for (const path of unrelated) {
      const page = await call('GET', path);
      expect(page.headers.get('X-Cache'), path).toBe('HIT');
      expect(page.headers.get('ETag'), path).toBe(etags.get(path));
    }
    for (const path of showing) expect((await currentPage(path)).headers.get('ETag'), path).not.toBe(etags.get(path));
    const seriesPage = (await currentPage('/markets/gas-storage')).text;
    expect(seriesPage).toContain('data-testid="series-annotations"');
    expect(seriesPage).toMatch(/Nov 6, 2026<\/time>:\s*<\/span>\s*Storage tops 3,900 Bcf/);
    expect(seriesPage).toContain(`href="/article/${linked.slug}"`);
    const embed = (await currentPage('/embed/markets/gas-storage')).text;
    expect(embed).toContain('Storage tops 3,900 Bcf');
    expect(embed).toContain(`href="http://localhost:4321/article/${linked.slug}"`);
    const article = (await currentPage(`/article/${linked.slug}`)).text;
    expect(article).toContain('data-testid="annotated-series"');
    expect(article).toContain('href="/markets/gas-storage"');
    expect(article).toContain('Storage tops 3,900 Bcf');

    // Moved to another series and unlinked: both series' pages and the story that lost it.
    const moved = await call('PATCH', `/api/admin/annotations/${added.id}`, {
      cookie: admin.cookie,
      body: { series: 'crude-inventories', from: '2026-11-06', label: 'Stocks build' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await lastPurge()).toEqual(['s:gas-storage', 's:crude-inventories', `sa:${linked.id}`, 'any']);
    expect((await currentPage(`/article/${linked.slug}`)).text).not.toContain('data-testid="annotated-series"');
    expect((await currentPage('/markets/gas-storage')).text).not.toContain('Storage tops 3,900 Bcf');
    expect((await currentPage('/markets/crude-inventories')).text).toContain('Stocks build');
  });

  it('a series with more annotations than a chart marks shows its newest, not its oldest', async () => {
    const db = server.database.db;
    const [wti] = await db.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, 'wti'));
    const day = (i: number) => new Date(Date.UTC(2001, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const old = Array.from({ length: ANNOTATIONS_SHOWN }, (_, i) => ({ seriesId: wti!.id, startsOn: day(i), label: `Old mark ${i}` }));
    await db.insert(seriesAnnotations).values(old);
    try {
      await annotate({ series: 'wti', from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10), label: 'Newest mark' });
      expect((await currentPage('/markets/wti')).text).toContain('Newest mark');
    } finally {
      await db.delete(seriesAnnotations).where(eq(seriesAnnotations.seriesId, wti!.id));
    }
  });
});
