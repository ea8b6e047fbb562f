import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, is } from 'drizzle-orm';
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core';
import * as schema from '@db/schema';
import { MAIL_SITE_ENV, useMailProcess } from '../helpers/mail-process.ts';

// The staff's single-use links are made by the mail job when it sends the message: asking for a
// reset does the same work for any address, and no table (nor a backup) ever holds a usable link.
const { smtp, url, db } = await useMailProcess('staff-links', MAIL_SITE_ENV);
const { deliverDueMail } = await import('@/server/services/mail/outbox');
const { requestPasswordReset, inviteStaff, revokeStaffInvitation } = await import('@/server/services/staff/staff');
const { hashSecret } = await import('@/server/auth/session');
const { backupDatabase } = await import('@db/backup');

const { users, outbox, passwordResets, staffInvitations } = schema;
const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** Every table's row count. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) out[getTableConfig(table).name] = await db.$count(table);
  return out;
}

/** What a request changed: the tables whose counts moved, by how much. */
function delta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after).flatMap((name) => (after[name] !== before[name] ? [[name, (after[name] ?? 0) - (before[name] ?? 0)]] : [])),
  );
}

/** Every text value of every row of every table, as one string: where a token would be if one were stored. */
async function everythingStored(): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) for (const row of await db.select().from(table)) parts.push(JSON.stringify(row));
  return parts.join('\n');
}

const owner = {
  sessionId: 's',
  userId: 0,
  username: 'admin',
  displayName: 'Olive Owner',
  role: 'owner' as const,
  authorId: null,
  expiresAt: new Date(Date.now() + 3_600_000),
};
const tokenOf = (text: string | undefined) => /#token=([a-z2-7]+)/.exec(text ?? '')?.[1];

describe('staff links made at sending', () => {
  it('a reset asked for a staff address does the same database work as one for an unknown address', async () => {
    const [admin] = await db.insert(users).values({ username: 'admin', passwordHash: 'x', displayName: 'Olive Owner' }).returning({ id: users.id });
    owner.userId = admin!.id;
    await db.insert(users).values({ username: 'known@example.com', email: 'known@example.com', passwordHash: 'x', role: 'author' });
    const before = await counts();
    await requestPasswordReset('known@example.com', '203.0.113.1');
    const afterKnown = await counts();
    await requestPasswordReset('unknown@example.com', '203.0.113.2');
    const afterUnknown = await counts();
    expect(delta(before, afterKnown)).toEqual(delta(afterKnown, afterUnknown));
    expect(delta(before, afterKnown)).toEqual({ outbox: 1, rate_limit_events: 2 });
    const queued = await db.select().from(outbox);
    const shape = ({ id: _id, messageId: _m, toAddress: _t, createdAt: _c, nextAttemptAt: _n, ...rest }: typeof outbox.$inferSelect) => rest;
    expect(queued.map(shape)[0]).toEqual(queued.map(shape)[1]);
    expect(queued[0]).toMatchObject({ link: 'password-reset', linkRef: null, status: 'pending' });
  });

  it('the job sends the staff address a working link, drops the unknown one, and nothing stored (nor its backup) holds the token', async () => {
    await deliverDueMail({ holder: 'test' });
    expect(smtp.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual(['known@example.com']);
    const token = tokenOf(smtp.received[0]?.text);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(tokenOf(typeof smtp.received[0]?.html === 'string' ? smtp.received[0].html : '')).toBe(token);
    const [reset] = await db.select().from(passwordResets);
    expect(reset?.tokenHash).toBe(hashSecret(token!));
    const rows = await db.select().from(outbox);
    expect(rows.map((r) => [r.toAddress, r.status])).toEqual([['known@example.com', 'sent']]);
    expect(rows[0]?.textBody).toMatch(/https:\/\/energypulse\.test\/admin\/reset-password\n/);
    expect(rows[0]?.textBody).toMatch(/leaves out the link’s single-use token/);
    expect(await everythingStored()).not.toContain(token);
    const copy = join(tmpdir(), `staff-links-backup-${process.pid}-${Date.now()}.db`);
    backupDatabase(url.replace(/^file:/, ''), copy);
    expect(readFileSync(copy).includes(token!)).toBe(false);
  });

  it('an invitation gets its link when its mail leaves; one revoked before that is given up, saying why', async () => {
    await inviteStaff({ email: 'new.hire@example.com', name: 'New Hire', role: 'author' }, owner, '203.0.113.3');
    const [pending] = await db.select().from(outbox).where(eq(outbox.toAddress, 'new.hire@example.com'));
    expect(pending).toMatchObject({ subject: 'Olive Owner invited you to EnergyPulse', link: 'invitation', status: 'pending' });
    const [invitation] = await db.select().from(staffInvitations);
    await deliverDueMail({ holder: 'test' });
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toBe('Olive Owner invited you to EnergyPulse');
    const token = tokenOf(mail?.text);
    const [sent] = await db.select().from(staffInvitations);
    expect([sent?.tokenHash === invitation?.tokenHash, sent?.tokenHash]).toEqual([false, hashSecret(token!)]);
    expect(await everythingStored()).not.toContain(token);

    const second = await inviteStaff({ email: 'changed.mind@example.com', name: 'Changed Mind', role: 'editor' }, owner, '203.0.113.4');
    await revokeStaffInvitation(second.id, owner);
    const received = smtp.received.length;
    await deliverDueMail({ holder: 'test' });
    expect(smtp.received.length).toBe(received);
    const [given] = await db.select().from(outbox).where(eq(outbox.toAddress, 'changed.mind@example.com'));
    expect(given).toMatchObject({ status: 'failed', lastError: 'The invitation was revoked before this message was sent.' });
  });
});
