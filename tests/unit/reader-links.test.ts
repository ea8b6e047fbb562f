import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '@db/schema';
import { headerLine, MAIL_SITE_ENV, useMailProcess } from '../helpers/mail-process.ts';

// A reader's confirmation, preferences and unsubscribe links are put in their mail by the mail
// job when it sends it: the outbox (its admin view, every backup) keeps the message without them.
const { smtp, url, db } = await useMailProcess('reader-links', MAIL_SITE_ENV);
const { deliverDueMail, enqueueMail } = await import('@/server/services/mail/outbox');
const { subscribeToNewsletter, confirmSubscription, getSubscriberByManageToken, unsubscribeByToken } =
  await import('@/server/services/newsletter/subscriptions');
const { editionMessage } = await import('@/server/services/newsletter/briefing');
const { backupDatabase } = await import('@db/backup');

const { outbox, subscribers } = schema;
const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** Every value of every row of every table, as one string: where a token would be if one were stored. */
async function everythingStored(): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) for (const row of await db.select().from(table)) parts.push(JSON.stringify(row, (_k, v: unknown) => v));
  return parts.join('\n');
}

/** Whether a copy of the database file (a backup) holds `token`. */
function backupHolds(token: string): boolean {
  const copy = join(tmpdir(), `reader-links-backup-${Date.now()}-${Math.random()}.db`);
  backupDatabase(url.replace(/^file:/, ''), copy);
  return readFileSync(copy).includes(token);
}

const tokenIn = (text: string | undefined, page: string) => new RegExp(`/newsletter/${page}\\?token=([\\w-]+)`).exec(text ?? '')?.[1];
const input = {
  email: 'reader@example.com',
  dailyBriefing: true,
  weeklyRoundup: false,
  priceAlerts: false,
  gridWeekly: false,
  topics: [],
  website: '',
};

describe('reader links made at sending', () => {
  it('queues a confirmation without a token; the job sends a working link, and nothing stored (nor a backup) holds it', async () => {
    await subscribeToNewsletter(input, '203.0.113.1');
    const [queued] = await db.select().from(outbox);
    expect(queued).toMatchObject({ kind: 'confirmation', link: 'newsletter-confirm', status: 'pending' });
    expect(tokenIn(queued?.textBody, 'confirm')).toBe('made-at-sending');
    expect((await confirmSubscription('made-at-sending')).state).toBe('unknown');

    await deliverDueMail({ holder: 'test' });
    const mail = smtp.received.at(-1);
    const token = tokenIn(mail?.text, 'confirm');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(tokenIn(typeof mail?.html === 'string' ? mail.html : '', 'confirm')).toBe(token);
    const [sent] = await db.select().from(outbox);
    expect(sent?.status).toBe('sent');
    expect(tokenIn(sent?.textBody, 'confirm')).toBe('made-at-sending');
    expect(await everythingStored()).not.toContain(token);
    expect(backupHolds(token!)).toBe(false);
    expect((await confirmSubscription(token!)).state).toBe('confirmed');
  });

  it('sends an edition with the reader’s own preferences and unsubscribe links (text, HTML, List-Unsubscribe); the outbox keeps none', async () => {
    const [reader] = await db.select().from(subscribers).where(eq(subscribers.email, 'reader@example.com'));
    if (!reader) throw new Error('No reader');
    const content = { subject: 'Briefing', document: { title: 'Briefing', intro: 'Today', sections: [] }, inlineImages: [] };
    await enqueueMail(editionMessage('briefing', content, reader, '2026-11-28'));
    await deliverDueMail({ holder: 'test' });
    const mail = smtp.received.at(-1);
    const token = tokenIn(mail?.text, 'preferences');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(tokenIn(mail?.text, 'unsubscribe')).toBe(token);
    expect(tokenIn(typeof mail?.html === 'string' ? mail.html : '', 'unsubscribe')).toBe(token);
    expect(headerLine(mail, 'list-unsubscribe')).toContain(`/newsletter/unsubscribe?token=${token}>`);
    expect((await getSubscriberByManageToken(token!))?.id).toBe(reader.id);
    const [stored] = await db.select().from(outbox).where(eq(outbox.kind, 'briefing'));
    expect(stored).toMatchObject({ status: 'sent', link: 'newsletter-manage', linkRef: reader.id });
    expect(stored?.headers).toContain('unsubscribe?token=made-at-sending');
    expect(await everythingStored()).not.toContain(token);
    expect(backupHolds(token!)).toBe(false);

    // A reader who unsubscribes before the next one leaves gets nothing more: the message is given up, saying why.
    await enqueueMail(editionMessage('briefing', content, reader, '2026-11-29'));
    expect(await unsubscribeByToken(token!)).toBe(true);
    const before = smtp.received.length;
    await deliverDueMail({ holder: 'test' });
    expect(smtp.received.length).toBe(before);
    const [givenUp] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `briefing:2026-11-29:${reader.id}`));
    expect(givenUp).toMatchObject({ status: 'failed', lastError: 'The reader unsubscribed before this message was sent.' });
  });
});
