import type { ParsedMail } from 'mailparser';
import { afterAll, beforeEach } from 'vitest';
import { createDatabase } from '@db/client';
import { startTestSmtp } from '../fakes/smtp.ts';
import { useServerDatabase } from './database.ts';

/** The site's address and secret that mail suites sign their links with. */
export const MAIL_SITE_ENV = { SITE_URL: 'https://energypulse.test', APP_SECRET: 'a-test-secret-of-at-least-thirty-two-characters' };

/**
 * A web process's mail, as a suite runs it: a real SMTP server in this process (what it accepts
 * is what a mailbox would receive) named by SMTP_URL, the site's database on a file of the
 * suite's own (`useServerDatabase`), `env` set besides, and a second handle on that file
 * (`other`: another web process). Mail received is forgotten and refusals cleared before each
 * test; the handle and the server are closed after the suite. Call it before importing the
 * server modules, which read the environment as they load; it answers the database (`db`) and the
 * job runner's calls every mail suite uses.
 */
export async function useMailProcess(name: string, env: Record<string, string> = {}) {
  const smtp = await startTestSmtp();
  const url = useServerDatabase(name);
  Object.assign(process.env, { SMTP_URL: smtp.url, ...env });
  // A second, independent handle on the same file: another web process.
  const other = createDatabase(() => ({ url }));
  afterAll(async () => {
    await other.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuseNext(0);
  });
  /** Delivers the mail due at `now()` through the outbox, and answers what the SMTP server received of it. */
  const deliver = async (now: () => Date): Promise<ParsedMail[]> => {
    const before = smtp.received.length;
    const { deliverDueMail } = await import('@/server/services/mail/outbox');
    await deliverDueMail({ holder: 'test', now });
    return smtp.received.slice(before);
  };
  // The server modules every mail suite drives, loaded once the environment names the database and SMTP.
  const { db } = await import('@/server/db');
  const { runDueJobs } = await import('@/server/jobs/runner');
  const { ensureScheduledJob } = await import('@/server/queries/jobs');
  return { smtp, received: smtp.received, url, other, deliver, db, runDueJobs, ensureScheduledJob };
}

/** A header's line as sent, unfolded. */
export const headerLine = (mail: ParsedMail | undefined, name: string) =>
  mail?.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, ' ');

/** A published story of the Energy Desk in category 1, its slug made of its title, for a mail suite to insert as it is. */
export const publishedStory = (title: string, content: string, publishedAt: Date) => ({
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  excerpt: `What ${title} means for the market.`,
  content,
  author: 'Energy Desk',
  categoryId: 1,
  status: 'published' as const,
  publishedAt,
});

/** A subscriber of the daily briefing (active), for a mail suite to insert as it is. */
export const briefingReader = () => ({
  email: 'reader@example.com',
  status: 'active' as const,
  dailyBriefing: true,
  tokenSalt: 'salt',
  manageTokenHash: 'hash',
  createdAt: new Date(0),
});
