import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '@db/schema';
import { migrationFile, runMigrationFile, useMigratedDatabase } from '../helpers/database.ts';

/** The migration that makes staff links at sending and scrubs the links stored before. */
const migration = migrationFile('_staff_links_made_at_sending.sql');

describe('the staff links migration', () => {
  const database = useMigratedDatabase('staff-links-migration');

  it('leaves no usable link in any stored staff mail, and has those not yet sent made again with a fresh link', async () => {
    const { db, client } = database;
    // The outbox as it was before: no link columns; mails stored whole, token and all.
    await client.execute('ALTER TABLE `outbox` DROP COLUMN `link`');
    await client.execute('ALTER TABLE `outbox` DROP COLUMN `link_ref`');
    const token = (c: string) => c.repeat(32);
    const body = (path: string, t: string) => `Choose\n  https://site.example${path}#token=${t}\n`;
    const html = (path: string, t: string) => `<a href="https://site.example${path}#token=${t}">Choose</a>`;
    const at = new Date(Date.UTC(2026, 10, 20));
    const row = (to: string, status: 'sent' | 'pending' | 'kept' | 'failed', path: string, t: string, dedupeKey: string | null, kind = 'staff') => ({
      kind,
      toAddress: to,
      subject: 's',
      textBody: body(path, t),
      htmlBody: html(path, t),
      status,
      nextAttemptAt: at,
      createdAt: at,
      messageId: `<${to}>`,
      dedupeKey,
    });
    for (const values of [
      row('sent@x.example', 'sent', '/admin/reset-password', token('a'), null),
      row('kept@x.example', 'kept', '/admin/invitation', token('b'), 'invitation:7'),
      row('waiting@x.example', 'pending', '/admin/reset-password', token('c'), null),
      row('invited@x.example', 'pending', '/admin/invitation', token('d'), 'invitation:12'),
      row('reader@x.example', 'sent', '/newsletter/preferences', token('e'), null, 'briefing'),
    ])
      await client.execute({
        sql: 'INSERT INTO outbox (kind, to_address, subject, text_body, html_body, status, next_attempt_at, created_at, message_id, dedupe_key) VALUES (?,?,?,?,?,?,?,?,?,?)',
        args: [
          values.kind,
          values.toAddress,
          values.subject,
          values.textBody,
          values.htmlBody,
          values.status,
          at.getTime(),
          at.getTime(),
          values.messageId,
          values.dedupeKey,
        ],
      });

    await runMigrationFile(client, migration);
    const rows = await db.select().from(outbox).orderBy(asc(outbox.id));
    expect(rows.map((r) => [r.toAddress, r.status, r.link, r.linkRef])).toEqual([
      ['sent@x.example', 'sent', null, null],
      ['kept@x.example', 'kept', null, null],
      ['waiting@x.example', 'pending', 'password-reset', null],
      ['invited@x.example', 'pending', 'invitation', 12],
      ['reader@x.example', 'sent', null, null],
    ]);
    const staff = rows.filter((r) => r.kind === 'staff');
    expect(staff.map((r) => `${r.textBody}${r.htmlBody ?? ''}`).join('')).not.toMatch(/#token=[a-z2-7]{20,}/);
    expect(staff[0]?.textBody).toBe(body('/admin/reset-password', 'removed'));
    expect(staff[1]?.htmlBody).toBe(html('/admin/invitation', 'removed'));
    // A reader's mail is not a staff link's: untouched.
    expect(rows[4]?.textBody).toBe(body('/newsletter/preferences', token('e')));
  });
});
