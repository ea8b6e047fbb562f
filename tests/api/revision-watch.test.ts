import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, figureRevisionNotices } from '@db/schema';
import { FAKE_EIA_KEY, startFakeEia } from '../fakes/eia.ts';
import { startTestSmtp } from '../fakes/smtp.ts';
import { apiClient } from '../helpers/api-client.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';

// The revision watch (#33): an import that revises a figure a published story cites tells the
// story's editors once, in the panel and by mail (the in-process SMTP server receives it), naming
// the story, the figure, the old and the new value; from the notice one call publishes the
// dated correction it drafts; the audit trail records both. Drafts and stories stating the
// new figure hear nothing.
const PASSWORD = 'revision-watch-password';
const EDITOR = 'desk.editor@example.com';
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const eia = useFake(() => startFakeEia());
const server = useTestServer(() => ({
  ADMIN_PASSWORD: PASSWORD,
  ADMIN_EMAIL: EDITOR,
  TRUST_PROXY: 'true',
  SMTP_URL: smtp.url,
  EIA_API_KEY: FAKE_EIA_KEY,
  EIA_API_URL: `${eia.url}/v2`,
}));
const api = apiClient(server, PASSWORD);
let cookie: string;

interface Notice {
  id: number;
  article: { id: number; slug: string; title: string };
  series: { slug: string; name: string };
  period: string;
  valueAsPublished: number;
  previousValue: number;
  value: number;
  text: { asPublished: string; previous: string; value: string };
  correctionId: number | null;
  draft: string;
}

const refresh = async () => {
  const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie });
  expect(res.status, res.text).toBe(200);
};

let stories = 0;
async function story(figure: { period: string; value: number }, extra: Record<string, unknown> = {}) {
  const n = ++stories;
  const res = await api.call('POST', '/api/articles', {
    cookie,
    body: {
      title: `Crude stocks draw down again ${n}`,
      slug: `crude-stocks-draw-${n}-${Date.now()}`,
      excerpt: 'Refiners ran hard.',
      content: `<p>Commercial crude stocks stood at <data-figure series="crude-inventories" date="${figure.period}" value="${figure.value}"></data-figure>.</p>`,
      author: 'Markets Desk',
      categoryId: 1,
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; slug: string; title: string };
}

const notices = async (status = 'open'): Promise<Notice[]> => {
  const res = await api.call('GET', `/api/admin/revision-notices?status=${status}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json['items'] as Notice[];
};

describe('the revision watch', () => {
  let cited: { id: number; slug: string; title: string };
  let latest: { period: string; value: number };

  beforeAll(async () => {
    cookie = await api.signIn();
    await refresh();
    const history = (await api.call('GET', '/api/series/crude-inventories')).json['observations'] as { period: string; value: number }[];
    latest = history.at(-1)!;
    const earlier = history.at(-2)!;
    cited = await story(latest);
    // Not told: a story citing a week EIA does not revise, a draft citing the revised week.
    await story(earlier);
    await story(latest, { status: 'draft' });
  });

  it('notices nothing while no cited figure is revised', async () => {
    await refresh();
    expect(await notices('all')).toEqual([]);
  });

  it('tells the story’s editors once, in the panel and by mail, with the story, the figure, the old and the new value', async () => {
    const row = eia.routes.get('petroleum/stoc/wstk')!.find((r) => r['series'] === 'WCESTUS1' && r['period'] === latest.period)!;
    row['value'] = String(latest.value + 1500);
    await refresh();
    const listed = await notices();
    expect(listed).toEqual([
      expect.objectContaining({
        article: { id: cited.id, slug: cited.slug, title: cited.title },
        series: { slug: 'crude-inventories', name: 'US Commercial Crude Oil Inventories' },
        period: latest.period,
        valueAsPublished: latest.value,
        previousValue: latest.value,
        value: latest.value + 1500,
        correctionId: null,
      }),
    ]);
    const notice = listed[0]!;
    expect(notice.draft).toContain(`as ${notice.text.asPublished}`);
    expect(notice.draft).toContain(`revised it to ${notice.text.value}`);
    const trail = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'figure_revised'), eq(auditLog.subjectId, String(cited.id))));
    expect(trail).toEqual([expect.objectContaining({ actorName: 'Revision watch', actorId: null })]);
    expect(trail[0]?.summary).toContain(`revised from ${notice.text.previous} to ${notice.text.value}`);

    // By mail, to the owner who saved the story (its editor), once.
    await smtp.waitFor(() => smtp.received.some((m) => m.subject?.startsWith('EIA revised a figure your story cites')), 150_000);
    const mails = smtp.received.filter((m) => m.subject?.startsWith('EIA revised'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(EDITOR);
    expect(mail.text).toContain(cited.title.toUpperCase());
    expect(mail.html).toContain(cited.title);
    expect(mail.text).toContain(`US Commercial Crude Oil Inventories`);
    expect(mail.text).toContain(`EIA revised ${notice.text.previous} to ${notice.text.value}`);
    expect(mail.text).toContain(`The story states ${notice.text.asPublished}`);

    // The same figures again: nothing new.
    await refresh();
    expect(await server.database.db.select().from(figureRevisionNotices)).toHaveLength(1);
  });

  it('publishes the dated correction drafted from the notice, once; the story shows it', async () => {
    const [notice] = await notices();
    const res = await api.call('POST', `/api/admin/revision-notices/${notice!.id}/correction`, { cookie, body: { text: notice!.draft } });
    expect(res.status, res.text).toBe(201);
    expect(res.json['text']).toBe(notice!.draft);
    expect((await api.call('POST', `/api/admin/revision-notices/${notice!.id}/correction`, { cookie, body: { text: 'Again' } })).status).toBe(409);
    expect((await api.call('POST', '/api/admin/revision-notices/999999/correction', { cookie, body: { text: 'x' } })).status).toBe(404);
    expect(await notices()).toEqual([]);
    expect(await notices('all')).toEqual([expect.objectContaining({ id: notice!.id, correctionId: res.json['id'] })]);
    const page = (await api.currentPage(`/article/${cited.slug}`)).text;
    expect(page).toContain('data-testid="article-correction"');
    expect(page).toContain(`revised it to ${notice!.text.value}`);
    const added = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'correction_added'), eq(auditLog.subjectId, String(cited.id))));
    expect(added).toHaveLength(1);
  });
});
