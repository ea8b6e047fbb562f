import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@db/client';
import { migrateDatabase } from '@db/migrate';
import { articles, comments, contactMessages } from '@db/schema';
import { seedDatabase } from '@db/seed';

// A real SMTP server in this process: what it accepts is what the editors' mailbox receives.
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));

const dir = mkdtempSync(join(tmpdir(), 'energy-editors-'));
const url = `file:${join(dir, 'editors.db')}`;
process.env['DATABASE_URL'] = url;
process.env['SMTP_URL'] = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
process.env['SITE_URL'] = 'https://energypulse.test';
process.env['EDITORS_EMAIL'] = 'desk@energypulse.test';
process.env['APP_SECRET'] = 'a-test-secret-that-is-at-least-32-characters-long';
const { closeDatabase } = await import('@/server/db');
const { deliverDueMail } = await import('@/server/services/mail');
const { notifyEditors } = await import('@/server/services/editor-notices');
const { scheduledJobs } = await import('@/server/jobs');

let setup: Database;
let articleId = 0;

beforeAll(async () => {
  setup = await openDatabase({ url });
  await migrateDatabase(setup.db);
  await seedDatabase(setup.db);
  const [article] = await setup.db.select({ id: articles.id }).from(articles).limit(1);
  articleId = article?.id ?? 0;
});

afterAll(async () => {
  setup.close();
  await closeDatabase();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const comment = (authorName: string, approved = false) =>
  setup.db.insert(comments).values({ articleId, authorName, authorEmail: 'r@example.com', content: `A comment by ${authorName}.`, approved });
const message = (name: string) =>
  setup.db
    .insert(contactMessages)
    .values({ name, email: 'ceo@example.com', subject: 'Story tip', category: 'general', message: 'A tip about a pipeline.' });

describe('the editors are told of new comments and messages', () => {
  it('runs as a job only when EDITORS_EMAIL is set', () => {
    expect(scheduledJobs().map((job) => job.name)).toContain('editor-notices');
  });

  it('starts from what is there (no backlog), then tells each arrival once, in one message with links to the panel', async () => {
    await comment('Before the address was set');
    expect(await notifyEditors()).toEqual({ comments: 0, messages: 0 });

    await comment('Ada Reader');
    await comment('Already Approved', true);
    await comment('Bo Reader');
    await message('Cy Sender');
    // Two processes at once (the job's lease normally prevents it): still one notice.
    const told = await Promise.all([notifyEditors(), notifyEditors()]);
    expect(told).toContainEqual({ comments: 2, messages: 1 });
    expect(told).toContainEqual({ comments: 0, messages: 0 });
    await deliverDueMail({ holder: 'test' });

    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('desk@energypulse.test');
    expect(mail?.subject).toBe('[EnergyPulse] 2 comments to moderate and 1 new message');
    expect(mail?.text).toContain('https://energypulse.test/admin#comments');
    expect(mail?.text).toContain('https://energypulse.test/admin#messages');
    expect(mail?.text).toContain('Ada Reader');
    expect(mail?.text).toContain('Bo Reader');
    expect(mail?.text).toContain('Cy Sender <ceo@example.com>: Story tip');
    expect(mail?.text).not.toContain('Already Approved');
    expect(mail?.text).not.toContain('Before the address was set');

    expect(await notifyEditors()).toEqual({ comments: 0, messages: 0 });
    await message('Di Sender');
    expect(await notifyEditors()).toEqual({ comments: 0, messages: 1 });
    await deliverDueMail({ holder: 'test' });
    expect(received.map((m) => m.subject)).toEqual(['[EnergyPulse] 2 comments to moderate and 1 new message', '[EnergyPulse] 1 new message']);
  });
});
