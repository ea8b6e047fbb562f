import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@db/schema';
import type { AdminPage } from '@/lib/wire/common';
import type { BriefingPreview, OutboxItem, OutboxMessage } from '@/lib/wire/newsletter';
import { apiClient } from '../helpers/api-client.ts';
import { planRecorder, sortedPages } from '../helpers/query-plans.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';
import { startTestSmtp } from '../fakes/smtp.ts';
import { expectNewestFirst } from '../helpers/expect-order.ts';

const PASSWORD = 'newsletter-admin-password';
const smtp = useFake(startTestSmtp);
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', SMTP_URL: smtp.url }));
const api = apiClient(server, PASSWORD);
let cookie: string;
const KINDS = ['briefing', 'alert', 'editors'] as const;
const STATUSES = ['sent', 'failed', 'kept'] as const;

beforeAll(async () => {
  const now = Date.now();
  // Old, already delivered or given up: the mail job leaves them alone.
  await server.database.db.insert(outbox).values(
    Array.from({ length: 120 }, (_, i) => ({
      kind: KINDS[i % 3] ?? 'briefing',
      toAddress: `reader${i % 10}@example.com`,
      subject: `Message ${i}`,
      textBody: `The text of message ${i}`,
      htmlBody: `<p>Message ${i}</p>`,
      status: STATUSES[i % 3] ?? 'sent',
      attempts: i % 3 === 1 ? 10 : 1,
      lastError: i % 3 === 1 ? '550 Mailbox unavailable' : '',
      messageId: `<m${i}@example.com>`,
      nextAttemptAt: new Date(now - 86_400_000),
      createdAt: new Date(now - 86_400_000 - i * 60_000),
      sentAt: i % 3 === 0 ? new Date(now - 86_400_000 - i * 60_000 + 1000) : null,
    })),
  );
  cookie = await api.signIn();
}, 180_000);

async function page(path: string): Promise<AdminPage<OutboxItem>> {
  const res = await api.call('GET', path, { cookie });
  expect(res.status, path).toBe(200);
  return res.json as unknown as AdminPage<OutboxItem>;
}

const waitFor = (condition: () => boolean) => smtp.waitFor(condition);

describe("the admin's Newsletter endpoints", () => {
  it('require the admin session', async () => {
    await api.expectSignedOutRefused([
      ['GET', '/api/admin/outbox'],
      ['GET', '/api/admin/outbox/1'],
      ['GET', '/api/admin/newsletter/preview'],
      ['POST', '/api/admin/newsletter/test', { email: 'x@example.com' }],
    ]);
  });

  it('page the outbox 50 at a time, newest first, by kind, status and recipient, with each delivery result', async () => {
    const first = await page('/api/admin/outbox');
    expect(first.items).toHaveLength(50);
    expect(first.total).toBe(120);
    expectNewestFirst(first.items, (m) => m.createdAt);
    expect(first.items[0]).not.toHaveProperty('text');
    expect((await page('/api/admin/outbox?page=3')).items).toHaveLength(20);

    const failed = await page('/api/admin/outbox?status=failed');
    expect(failed.total).toBe(40);
    expect(
      failed.items.every((m) => m.status === 'failed' && m.attempts === 10 && m.lastError === '550 Mailbox unavailable' && m.sentAt === null),
    ).toBe(true);
    const alerts = await page('/api/admin/outbox?kind=alert');
    expect(alerts.items.every((m) => m.kind === 'alert')).toBe(true);
    const one = await page('/api/admin/outbox?q=Reader3@example.com');
    expect(one.total).toBe(12);
    expect(one.items.every((m) => m.to === 'reader3@example.com')).toBe(true);

    const message = await api.call('GET', `/api/admin/outbox/${first.items[0]?.id}`, { cookie });
    expect((message.json as unknown as OutboxMessage).text).toMatch(/^The text of message \d+$/);
    expect((await api.call('GET', '/api/admin/outbox/999999', { cookie })).status).toBe(404);
    const bad = await api.call('GET', '/api/admin/outbox?kind=everything', { cookie });
    expect(bad.status).toBe(400);
  });

  it('serve each filtered page from an index, never sorting the outbox', async () => {
    const { db, plans } = planRecorder(server);
    const { listOutboxMessages, countOutboxMessages } = await import('@/server/queries/outbox');
    for (const filter of [{}, { kind: 'alert' }, { status: 'failed' as const }, { to: 'reader3@example.com' }]) {
      await listOutboxMessages(filter, 50, 50, db);
      await countOutboxMessages(filter, 1000, db);
    }
    expect(sortedPages(plans)).toEqual([]);
    const scans = plans.flatMap(({ plan }) => plan.filter((line) => /^SCAN outbox\b/.test(line) && !/USING (COVERING )?INDEX/.test(line)));
    expect(scans).toEqual([]);
  });

  it('preview the next briefing and send it as a test to one address, limited per admin', async () => {
    const preview = await api.call('GET', '/api/admin/newsletter/preview', { cookie });
    expect(preview.status).toBe(200);
    const body = preview.json as unknown as BriefingPreview;
    expect(body.html).toContain('<h1');
    expect(body.text).toContain('MARKETS');
    // The lead figure's chart, in the page's preview by its bytes (no page shows a `cid:` image).
    expect(body.html).toMatch(/<img src="data:image\/png;base64,[\w+/=]{1000,}" alt="Chart: [^"]+Latest: [^"]+"/);
    expect(body.html).not.toContain('cid:');

    expect((await api.call('POST', '/api/admin/newsletter/test', { cookie, body: { email: 'not an address' } })).status).toBe(400);
    const sent = await api.call('POST', '/api/admin/newsletter/test', { cookie, body: { email: 'editor@example.com' } });
    expect(sent.status).toBe(202);
    const again = await api.call('POST', '/api/admin/newsletter/test', { cookie, body: { email: 'editor@example.com' } });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    await waitFor(() => smtp.received.some((m) => m.subject?.startsWith('[Test] ')));
    const mail = smtp.received.find((m) => m.subject?.startsWith('[Test] '));
    expect(mail?.text).toContain('MARKETS');
    expect(mail?.html).toContain('<h1');
    expect(mail?.attachments.filter((a) => a.contentType === 'image/png' && a.contentDisposition === 'inline')).toHaveLength(1);
    // The message a reader gets: the footer's links and the one-click unsubscribe headers, with
    // a test token whose pages say where the link came from and change nothing.
    const header = (name: string) => mail?.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    const unsubscribe = /^List-Unsubscribe: <(\S+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe).toMatch(/^http:\/\/localhost:4321\/newsletter\/unsubscribe\?token=[\w-]{20,}$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const preferences = /Change what you get: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(preferences).toMatch(/\/newsletter\/preferences\?token=[\w-]{20,}$/);
    const local = (link: string) => link.replace('http://localhost:4321', server.url);
    const opened = await fetch(local(preferences));
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('a test message sent from the Newsletter tab');
    const oneClick = await fetch(local(unsubscribe), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('a test message sent from the Newsletter tab');
    const tests = await page('/api/admin/outbox?kind=test');
    expect(tests.items.map((m) => m.to)).toEqual(['editor@example.com']);
  });
});
