import { randomUUID } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { appConfig } from '@/server/config';
import type { Executor } from '@/server/db';
import { claimDueOutboxMessages, finishOutboxMessage, insertOutboxMessage, type OutboxRow } from '@/server/queries/outbox';

/** A message to send; `dedupeKey` makes it once-only (one briefing per subscriber and day). */
export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  dedupeKey?: string;
}

const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** Failed sends wait 1 minute, doubling up to an hour; after this many the message is marked failed (and stays). */
export const MAX_ATTEMPTS = 10;

/** When a message that failed `attempts` times is tried again. */
export function nextAttemptAfter(attempts: number, now: Date): Date {
  return new Date(now.getTime() + Math.min(3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1)));
}

/**
 * Queues a message in the outbox; pass the transaction of what causes it, so both commit or
 * neither. Answers false when a message with the same `dedupeKey` is already there.
 */
export function enqueueMail(message: MailMessage, tx?: Executor, now: Date = new Date()): Promise<boolean> {
  const host = new URL(appConfig().siteUrl).hostname || 'localhost';
  return insertOutboxMessage(
    {
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      headers: JSON.stringify(message.headers ?? {}),
      dedupeKey: message.dedupeKey ?? null,
      messageId: `<${randomUUID()}@${host}>`,
      nextAttemptAt: now,
      createdAt: now,
    },
    tx,
  );
}

/** Sends one stored message; resolves when the SMTP server accepted it. */
export type SendFunction = (row: OutboxRow) => Promise<void>;

let transporter: Transporter | undefined;

/** Sends through the SMTP server of `SMTP_URL`; undefined when none is configured. */
function smtpSender(): SendFunction | undefined {
  const { smtpUrl, mailFrom } = appConfig();
  if (!smtpUrl) return undefined;
  transporter ??= createTransport(smtpUrl);
  const transport = transporter;
  return async (row) => {
    await transport.sendMail({
      from: mailFrom,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
      headers: JSON.parse(row.headers) as Record<string, string>,
      messageId: row.messageId,
    });
  };
}

/**
 * Sends the due messages this process wins the lease of, in batches until none is due or
 * `signal` aborts. Each outcome is recorded at once: sent; failed and due again after a
 * backoff (finally marked failed, never deleted); or, without SMTP, kept in the outbox.
 * A process that dies mid-send leaves its leased rows to be taken over when the lease ends.
 */
export async function deliverDueMail(
  options: { holder: string; now?: () => Date; send?: SendFunction; signal?: AbortSignal; executor?: Executor } = { holder: 'local' },
): Promise<{ sent: number; failed: number; kept: number }> {
  const now = options.now ?? (() => new Date());
  const send = options.send ?? smtpSender();
  const tally = { sent: 0, failed: 0, kept: 0 };
  for (;;) {
    if (options.signal?.aborted) break;
    const rows = await claimDueOutboxMessages(options.holder, now(), LEASE_MS, BATCH, options.executor);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (options.signal?.aborted) break;
      if (!send) {
        await finishOutboxMessage(
          row.id,
          options.holder,
          { status: 'kept', attempts: row.attempts, nextAttemptAt: row.nextAttemptAt, lastError: '', sentAt: null },
          options.executor,
        );
        tally.kept++;
        continue;
      }
      try {
        await send(row);
        await finishOutboxMessage(
          row.id,
          options.holder,
          { status: 'sent', attempts: row.attempts + 1, nextAttemptAt: row.nextAttemptAt, lastError: '', sentAt: now() },
          options.executor,
        );
        tally.sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        console.error(JSON.stringify({ event: 'mail_failed', id: row.id, attempts, message }));
        await finishOutboxMessage(
          row.id,
          options.holder,
          {
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            nextAttemptAt: nextAttemptAfter(attempts, now()),
            lastError: message,
            sentAt: null,
          },
          options.executor,
        );
        tally.failed++;
      }
    }
  }
  return tally;
}
