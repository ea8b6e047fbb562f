import sharp from 'sharp';
import { createClient } from '@libsql/client';
import { describe, expect, it, vi } from 'vitest';
import { useMailProcess } from '../helpers/mail-process.ts';

// A real SMTP server in this process, and a second handle on the database (another web process).
const { smtp, received, other, url } = await useMailProcess('mail', { MAIL_FROM: 'EnergyPulse <briefing@energypulse.test>' });
const { writeTransaction } = await import('@/server/db');
const { enqueueMail, deliverDueMail, inlineImagesOf, MAX_ATTEMPTS } = await import('@/server/services/mail/outbox');
const { claimDueOutboxMessages, listImageNamingMessages, listOutboxMessages } = await import('@/server/queries/outbox');
const { db } = await import('@/server/db');
const { outbox } = await import('@db/schema');
const { eq } = await import('drizzle-orm');
const { mediaStorage } = await import('@/server/media-storage');
const { deleteSpentMailCharts, storeMailChart, MAIL_CHART_FRESH_MS, MAIL_CHART_RETENTION_MS } = await import('@/server/services/mail/mail-charts');

/** A message's stored row, its image list included. */
const readMessage = async (id: number) => {
  const [row] = await db.select({ inlineImages: outbox.inlineImages }).from(outbox).where(eq(outbox.id, id));
  return row ?? { inlineImages: 'missing' };
};

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23) + ms);
const MINUTE = 60_000;

describe('mail delivery through the outbox', () => {
  it('sends each queued message exactly once when two processes deliver at the same moment, with its headers and both parts', async () => {
    await writeTransaction(async (tx) => {
      for (let i = 1; i <= 5; i++) {
        await enqueueMail(
          {
            kind: 'test',
            to: `reader${i}@example.com`,
            subject: `Briefing ${i}`,
            text: `Plain text ${i}`,
            html: `<p>HTML ${i}</p>`,
            headers: { 'List-Unsubscribe': `<https://energypulse.test/unsubscribe/${i}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
          tx,
          at(0),
        );
      }
    });
    const now = () => at(1000);
    const [a, b] = await Promise.all([
      deliverDueMail({ holder: 'process-a', now }),
      deliverDueMail({ holder: 'process-b', now, executor: other.db }),
    ]);
    expect(a.sent + b.sent).toBe(5);
    expect(received.map((m) => m.subject).sort()).toEqual(['Briefing 1', 'Briefing 2', 'Briefing 3', 'Briefing 4', 'Briefing 5']);
    const first = received.find((m) => m.subject === 'Briefing 1');
    expect(first?.text?.trim()).toBe('Plain text 1');
    expect(first?.html).toContain('<p>HTML 1</p>');
    expect(first?.from?.value[0]).toMatchObject({ name: 'EnergyPulse', address: 'briefing@energypulse.test' });
    const header = (name: string) => first?.headerLines.find((h) => h.key === name)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe('List-Unsubscribe: <https://energypulse.test/unsubscribe/1>');
    const rows = await listOutboxMessages({}, 10, 0);
    expect(rows.filter((r) => r.kind === 'test').every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    // Nothing is sent twice on the next run.
    expect(await deliverDueMail({ holder: 'process-a', now: () => at(2000) })).toEqual({ sent: 0, failed: 0, kept: 0 });
    expect(received).toHaveLength(5);
  });

  it('attaches a message’s inline images from the media storage by their Content-ID, and sends without one that is no longer stored', async () => {
    const png = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await mediaStorage().put('mail/charts/test-chart.png', png, 'image/png');
    const html = '<p><img src="cid:kept@energypulse.test" alt="A chart"><img src="cid:gone@energypulse.test" alt="Another chart"></p>';
    const inlineImages = [
      { cid: 'kept@energypulse.test', key: 'mail/charts/test-chart.png', filename: 'wti.png' },
      { cid: 'gone@energypulse.test', key: 'mail/charts/never-stored.png', filename: 'gone.png' },
    ];
    await enqueueMail(
      { kind: 'test', to: 'charts@example.com', subject: 'With a chart', text: 'Figures in text', html, inlineImages },
      undefined,
      at(0),
    );
    expect(await deliverDueMail({ holder: 'process-a', now: () => at(1000) })).toMatchObject({ sent: 1, failed: 0 });
    const mail = received.find((m) => m.subject === 'With a chart');
    expect(mail?.attachments.map((a) => [a.contentType, a.cid, a.contentDisposition, a.filename])).toEqual([
      ['image/png', 'kept@energypulse.test', 'inline', 'wti.png'],
    ]);
    expect(mail?.attachments[0]?.content.equals(png)).toBe(true);
  });

  it('queues a message with a dedupe key once only', async () => {
    const message = { kind: 'briefing', to: 'once@example.com', subject: 'Once', text: 'Once', dedupeKey: 'briefing:2026-11-23:once@example.com' };
    expect(await enqueueMail(message, undefined, at(0))).toBe(true);
    expect(await enqueueMail(message, undefined, at(0))).toBe(false);
    await deliverDueMail({ holder: 'process-a', now: () => at(1000) });
    expect(received.filter((m) => m.subject === 'Once')).toHaveLength(1);
  });

  it('retries a refused message after a backoff and records the failure meanwhile', async () => {
    await enqueueMail({ kind: 'test', to: 'retry@example.com', subject: 'Retry me', text: 'Retry' }, undefined, at(10 * MINUTE));
    smtp.refuseNext(1);
    const first = await deliverDueMail({ holder: 'process-a', now: () => at(10 * MINUTE) });
    expect(first.failed).toBe(1);
    const [row] = (await listOutboxMessages({}, 50, 0)).filter((r) => r.subject === 'Retry me');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('Mailbox busy');
    expect(row?.nextAttemptAt.getTime()).toBe(at(11 * MINUTE).getTime());
    // Not before its time.
    expect((await deliverDueMail({ holder: 'process-a', now: () => at(10 * MINUTE + 30_000) })).sent).toBe(0);
    expect((await deliverDueMail({ holder: 'process-a', now: () => at(11 * MINUTE) })).sent).toBe(1);
    expect(received.filter((m) => m.subject === 'Retry me')).toHaveLength(1);
    expect(MAX_ATTEMPTS).toBeGreaterThan(1);
  });

  it('leaves messages a crashed process had leased alone until the lease ends, then sends each once', async () => {
    await enqueueMail({ kind: 'test', to: 'crash@example.com', subject: 'After a crash', text: 'Crash' }, undefined, at(20 * MINUTE));
    // A process takes the message, then dies before sending or recording anything.
    const taken = await claimDueOutboxMessages('crashed-process', at(20 * MINUTE), 2 * MINUTE, 20);
    expect(taken.map((r) => r.subject)).toEqual(['After a crash']);
    expect((await deliverDueMail({ holder: 'process-b', now: () => at(21 * MINUTE) })).sent).toBe(0);
    expect((await deliverDueMail({ holder: 'process-b', now: () => at(23 * MINUTE) })).sent).toBe(1);
    expect(received.filter((m) => m.subject === 'After a crash')).toHaveLength(1);
  });

  it('deletes a mail chart once the last message that shows it is sent or given up, or after the retention, and never before', async () => {
    const HOUR = 60 * MINUTE;
    const DAY = 24 * HOUR;
    // Whatever the tests above left due is sent first: this test's clock starts a day later.
    await deliverDueMail({ holder: 'process-a', now: () => at(DAY) });
    await deleteSpentMailCharts(at(DAY));
    const chart = (name: string) => `mail/charts/${name}.png`;
    const stored = async (name: string) => (await mediaStorage().get(chart(name))) !== undefined;
    for (const name of ['shared', 'second', 'refused', 'kept']) await mediaStorage().put(chart(name), Buffer.from(name), 'image/png');
    const image = (name: string) => ({ cid: `${name}@energypulse.test`, key: chart(name), filename: `${name}.png` });
    const mail = (to: string, names: string[]) => ({
      kind: 'test',
      to,
      subject: `Charts for ${to}`,
      text: 'Figures',
      inlineImages: names.map(image),
    });
    // Two readers' messages show the shared chart; the second one is due an hour later.
    await enqueueMail(mail('first@example.com', ['shared']), undefined, at(2 * DAY));
    await enqueueMail(mail('second@example.com', ['shared', 'second']), undefined, at(2 * DAY + HOUR));
    await deliverDueMail({ holder: 'process-a', now: () => at(2 * DAY + MINUTE) });
    expect(await deleteSpentMailCharts(at(2 * DAY + 2 * MINUTE))).toBe(0);
    expect([await stored('shared'), await stored('second')]).toEqual([true, true]);
    // Once the second is sent, both charts are gone, and the messages name none.
    await deliverDueMail({ holder: 'process-a', now: () => at(2 * DAY + HOUR) });
    expect(received.filter((m) => m.subject === 'Charts for second@example.com')[0]?.attachments).toHaveLength(2);
    expect(await deleteSpentMailCharts(at(2 * DAY + HOUR + MINUTE))).toBe(2);
    expect([await stored('shared'), await stored('second')]).toEqual([false, false]);
    const sent = (await listOutboxMessages({ kind: 'test' }, 100, 0)).filter((r) => r.subject.startsWith('Charts for'));
    expect(sent).toHaveLength(2);
    for (const row of sent) expect(inlineImagesOf(await readMessage(row.id))).toEqual([]);

    // A message the SMTP server refuses until the outbox gives it up.
    await enqueueMail(mail('refused@example.com', ['refused']), undefined, at(3 * DAY));
    smtp.refuseNext(MAX_ATTEMPTS);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await deleteSpentMailCharts(at(3 * DAY + attempt * 2 * HOUR))).toBe(0);
      expect((await deliverDueMail({ holder: 'process-a', now: () => at(3 * DAY + attempt * 2 * HOUR) })).failed).toBe(1);
    }
    const [refused] = (await listOutboxMessages({ to: 'refused@example.com' }, 10, 0)).filter((r) => r.subject.startsWith('Charts for'));
    expect(refused?.status).toBe('failed');
    expect(await deleteSpentMailCharts(at(5 * DAY))).toBe(1);
    expect(await stored('refused')).toBe(false);

    // A message that stays unsent (kept without an SMTP server, say) keeps its chart for the retention only.
    await enqueueMail(mail('kept@example.com', ['kept']), undefined, at(6 * DAY));
    expect(await deleteSpentMailCharts(at(6 * DAY + MAIL_CHART_RETENTION_MS - MINUTE))).toBe(0);
    expect(await stored('kept')).toBe(true);
    expect(await deleteSpentMailCharts(at(6 * DAY + MAIL_CHART_RETENTION_MS + MINUTE))).toBe(1);
    expect(await stored('kept')).toBe(false);
  });

  it('keeps a chart a mailing has just stored again though only sent messages name it, until the fresh hour is over', async () => {
    const HOUR = 60 * MINUTE;
    const DAY = 24 * HOUR;
    const start = 20 * DAY;
    await deliverDueMail({ holder: 'process-a', now: () => at(start) });
    await deleteSpentMailCharts(at(start));
    // Yesterday's mailing drew this chart and its message was sent.
    const png = Buffer.from('the same chart, drawn twice');
    const { key } = await storeMailChart(png, at(start));
    const image = { cid: 'same@energypulse.test', key, filename: 'same.png' };
    const mail = (to: string) => ({ kind: 'test', to, subject: `Same chart for ${to}`, text: 'Figures', inlineImages: [image] });
    await enqueueMail(mail('yesterday@example.com'), undefined, at(start));
    expect((await deliverDueMail({ holder: 'process-a', now: () => at(start) })).sent).toBe(1);
    // Today's mailing stores the same chart (the same key) and has not queued its messages yet
    // when the hourly cleanup runs: the file stays.
    await storeMailChart(png, at(start + DAY));
    expect(await deleteSpentMailCharts(at(start + DAY + 30 * MINUTE))).toBe(0);
    expect(await mediaStorage().get(key)).toEqual(png);
    // The message naming it is queued and sent with the chart attached.
    await enqueueMail(mail('today@example.com'), undefined, at(start + DAY + 40 * MINUTE));
    expect(await deleteSpentMailCharts(at(start + DAY + 50 * MINUTE))).toBe(0);
    await deliverDueMail({ holder: 'process-a', now: () => at(start + DAY + 40 * MINUTE) });
    expect(received.filter((m) => m.subject === 'Same chart for today@example.com')[0]?.attachments).toHaveLength(1);
    // Once the fresh hour is over and every message naming it is sent, it is deleted and no message names it.
    expect(await deleteSpentMailCharts(at(start + DAY + MAIL_CHART_FRESH_MS - MINUTE))).toBe(0);
    expect(await deleteSpentMailCharts(at(start + DAY + MAIL_CHART_FRESH_MS + MINUTE))).toBe(1);
    expect(await mediaStorage().get(key)).toBeUndefined();
    const named = (await listImageNamingMessages(at(start))).filter((row) => row.inlineImages.includes(key));
    expect(named).toEqual([]);
  });

  it('leaves the image list of a message sent while the cleanup runs for the next run, which deletes its chart', async () => {
    const DAY = 24 * 60 * MINUTE;
    const start = 30 * DAY;
    await deliverDueMail({ holder: 'process-a', now: () => at(start) });
    await deleteSpentMailCharts(at(start));
    const chart = (name: string) => `mail/charts/${name}.png`;
    for (const name of ['before', 'during']) await mediaStorage().put(chart(name), Buffer.from(name), 'image/png');
    const mail = (name: string) => ({
      kind: 'test',
      to: `${name}@example.com`,
      subject: `Race ${name}`,
      text: 'Figures',
      inlineImages: [{ cid: `${name}@energypulse.test`, key: chart(name), filename: `${name}.png` }],
    });
    // One message is sent before the cleanup; the other is pending when the cleanup reads the
    // outbox and is sent while it deletes the first one's chart.
    await enqueueMail(mail('before'), undefined, at(start));
    await deliverDueMail({ holder: 'process-a', now: () => at(start) });
    await enqueueMail(mail('during'), undefined, at(start + MINUTE));
    const storage = mediaStorage();
    const realDelete = storage.delete.bind(storage);
    const spy = vi.spyOn(storage, 'delete').mockImplementation(async (keys) => {
      await deliverDueMail({ holder: 'process-a', now: () => at(start + MINUTE) });
      await realDelete(keys);
    });
    try {
      expect(await deleteSpentMailCharts(at(start + 2 * MINUTE))).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(received.filter((m) => m.subject === 'Race during')).toHaveLength(1);
    expect(await mediaStorage().get(chart('before'))).toBeUndefined();
    // The message sent meanwhile still names its chart, so the next run deletes the file.
    const [during] = (await listOutboxMessages({ to: 'during@example.com' }, 10, 0)).filter((r) => r.subject === 'Race during');
    expect(inlineImagesOf(await readMessage(during?.id ?? 0)).map((image) => image.key)).toEqual([chart('during')]);
    expect(await deleteSpentMailCharts(at(start + 3 * MINUTE))).toBe(1);
    expect(await mediaStorage().get(chart('during'))).toBeUndefined();
    expect(inlineImagesOf(await readMessage(during?.id ?? 0))).toEqual([]);
  });

  it('reads the messages naming images through their partial index, never the whole outbox', async () => {
    const query = listImageNamingMessages(at(0)).toSQL();
    const client = createClient({ url });
    try {
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as (string | number)[] });
      const lines = plan.rows.map((row) => row['detail'] as string);
      expect(lines.filter((line) => /^SCAN outbox\b/.test(line) && !/USING (COVERING )?INDEX outbox_images_idx\b/.test(line))).toEqual([]);
      expect(lines.some((line) => line.includes('outbox_images_idx'))).toBe(true);
    } finally {
      client.close();
    }
  });
});
