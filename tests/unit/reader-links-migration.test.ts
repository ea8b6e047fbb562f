import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, subscribers } from '@db/schema';
import { migrationFile, runMigrationFile, useMigratedDatabase } from '../helpers/database.ts';

/** The migration that puts readers' links in at sending and scrubs the links stored before. */
const migration = migrationFile('_reader_links_made_at_sending.sql');

describe('the reader links migration', () => {
  const database = useMigratedDatabase('reader-links-migration');

  it('leaves no usable token in any stored reader mail, and has those not yet sent get their link at sending', async () => {
    const { db, client } = database;
    const at = new Date(Date.UTC(2026, 10, 20));
    await db.insert(subscribers).values({ email: 'waiting@x.example', tokenSalt: 'salt', manageTokenHash: 'hash', createdAt: at });
    const [reader] = await db.select({ id: subscribers.id }).from(subscribers);
    const token = (c: string) => c.repeat(43);
    const site = 'https://site.example';
    const rows: [kind: string, to: string, status: string, path: string, t: string][] = [
      ['confirmation', 'sent@x.example', 'sent', '/newsletter/confirm', token('a')],
      ['confirmation', 'Waiting@x.example', 'pending', '/newsletter/confirm', token('b')],
      ['briefing', 'kept@x.example', 'kept', '/newsletter/preferences', token('c')],
      ['alert', 'waiting@x.example', 'pending', '/newsletter/preferences', token('d')],
      ['test', 'owner@x.example', 'sent', '/newsletter/preferences', 'test-send-from-the-newsletter-tab'],
    ];
    for (const [kind, to, status, path, t] of rows) {
      const unsubscribe = `${site}/newsletter/unsubscribe?token=${t}`;
      await client.execute({
        sql: 'INSERT INTO outbox (kind, to_address, subject, text_body, html_body, headers, status, next_attempt_at, created_at, message_id) VALUES (?,?,?,?,?,?,?,?,?,?)',
        args: [
          kind,
          to,
          's',
          `Open ${site}${path}?token=${t}\n${path === '/newsletter/confirm' ? '' : `Unsubscribe ${unsubscribe}\n`}`,
          `<a href="${site}${path}?token=${t}">Open</a>`,
          JSON.stringify(path === '/newsletter/confirm' ? {} : { 'List-Unsubscribe': `<${unsubscribe}>` }),
          status,
          at.getTime(),
          at.getTime(),
          `<${kind}-${to}>`,
        ],
      });
    }

    await runMigrationFile(client, migration);
    const stored = await db.select().from(outbox).orderBy(asc(outbox.id));
    expect(stored.map((r) => [r.kind, r.status, r.link, r.linkRef])).toEqual([
      ['confirmation', 'sent', null, null],
      ['confirmation', 'pending', 'newsletter-confirm', reader?.id],
      ['briefing', 'kept', null, null],
      ['alert', 'pending', 'newsletter-manage', reader?.id],
      ['test', 'sent', null, null],
    ]);
    const everything = JSON.stringify(stored);
    for (const c of 'abcd') expect(everything).not.toContain(token(c));
    expect(stored[3]?.textBody).toBe(
      `Open ${site}/newsletter/preferences?token=made-at-sending\nUnsubscribe ${site}/newsletter/unsubscribe?token=made-at-sending\n`,
    );
    expect(stored[3]?.headers).toContain('unsubscribe?token=made-at-sending');
    expect(stored[1]?.htmlBody).toBe(`<a href="${site}/newsletter/confirm?token=made-at-sending">Open</a>`);
    // The test send's links are no secret: kept as sent.
    expect(stored[4]?.textBody).toContain('token=test-send-from-the-newsletter-tab');
    // Run again: nothing more changes.
    await runMigrationFile(client, migration);
    expect(await db.select().from(outbox).orderBy(asc(outbox.id))).toEqual(stored);
  });
});
