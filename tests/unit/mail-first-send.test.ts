import type * as Nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { useMailProcess } from '../helpers/mail-process.ts';

// A web process loads nodemailer with the first message it sends, not at start (c9147be). On a
// busy machine that load takes seconds: deliveries that meet it (the mail job's run and a prompt
// delivery of a password reset) wait for it and send every message they claimed once it is
// loaded, none failed for the wait. The load here is held until the test lets it finish.
const load = vi.hoisted(() => {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish, started: 0, transports: 0, sending: false };
});
vi.mock('nodemailer', async (importOriginal) => {
  if (!load.sending) throw new Error('nodemailer was loaded before a message was sent');
  load.started++;
  await load.done;
  const real = await importOriginal<typeof Nodemailer>();
  return {
    ...real,
    createTransport: (...options: Parameters<typeof real.createTransport>) => {
      load.transports++;
      return real.createTransport(...options);
    },
  };
});

const { received, other } = await useMailProcess('mail-first-send', { MAIL_FROM: 'EnergyPulse <briefing@energypulse.test>' });
const { writeTransaction, db } = await import('@/server/db');
const { enqueueMail, deliverDueMail } = await import('@/server/services/mail/outbox');
const { outbox } = await import('@db/schema');
const { eq } = await import('drizzle-orm');

const AT = new Date(Date.UTC(2026, 10, 23));
const now = () => new Date(AT.getTime() + 1_000);

/** Queues one message to `to`, due at AT. */
const queue = (to: string) =>
  writeTransaction((tx) => enqueueMail({ kind: 'test', to, subject: `For ${to}`, text: 'Plain text', html: '<p>HTML</p>', headers: {} }, tx, AT));

/** The holder of the lease on the message to `to`, once a delivery claimed it. */
const holderOf = async (to: string) => (await db.select({ holder: outbox.leaseHolder }).from(outbox).where(eq(outbox.toAddress, to)))[0]?.holder;

describe('the first messages a process sends, while nodemailer loads', () => {
  it('are sent once it has loaded, by both deliveries that waited for it', async () => {
    // The mail job's run claims the first message and waits for the load; a prompt delivery (another
    // handle on the file, as the other process's would be) claims the second and meets the same load.
    load.sending = true;
    await queue('first@example.com');
    const job = deliverDueMail({ holder: 'mail-job', now });
    await vi.waitFor(async () => expect(await holderOf('first@example.com')).toBe('mail-job'), { timeout: 30_000, interval: 20 });
    await queue('second@example.com');
    const prompt = deliverDueMail({ holder: 'prompt', now, executor: other.db });
    await vi.waitFor(async () => expect(await holderOf('second@example.com')).toBe('prompt'), { timeout: 30_000, interval: 20 });
    // Nothing is sent before the load finishes.
    expect(load.started).toBe(1);
    expect(received).toHaveLength(0);
    load.finish();
    const [a, b] = await Promise.all([job, prompt]);
    expect({ job: a.sent, prompt: b.sent, failed: a.failed + b.failed }).toEqual({ job: 1, prompt: 1, failed: 0 });
    expect(received.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual(['first@example.com', 'second@example.com']);
    // Both sent through the one transport made once nodemailer had loaded.
    expect(load.transports).toBe(1);
  }, 60_000);
});
