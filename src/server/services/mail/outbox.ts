import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { STAFF_LINK_KINDS, type MailLinkKind, type StaffLinkKind } from '@db/constants';
import { appConfig } from '@/server/config';
import type { Executor } from '@/server/db';
import { claimDueOutboxMessages, deleteOutboxMessage, finishOutboxMessage, insertOutboxMessage, type OutboxRow } from '@/server/queries/outbox';
import { mediaStorage } from '@/server/media-storage';
import type { InlineImage, LinkComposition, MailBodies, MailMessage } from '@/server/mail-message';
import { composeLinkMail } from '@/server/services/staff/link-mail';
import { composeReaderMail } from '@/server/services/newsletter/reader-links';

/** A stored message's inline images (`[]` for a row of before they existed, or one whose list cannot be read). */
export function inlineImagesOf(row: Pick<OutboxRow, 'inlineImages'>): InlineImage[] {
  try {
    const parsed: unknown = JSON.parse(row.inlineImages);
    if (!Array.isArray(parsed)) return [];
    return (parsed as unknown[]).filter((i): i is InlineImage => {
      const image = i as Partial<Record<keyof InlineImage, unknown>> | null;
      return (
        typeof image === 'object' && image !== null && ['cid', 'key', 'filename'].every((k) => typeof image[k as keyof InlineImage] === 'string')
      );
    });
  } catch {
    return [];
  }
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
      link: message.link?.kind ?? null,
      linkRef: message.link?.ref ?? null,
      inlineImages: JSON.stringify(message.inlineImages ?? []),
      messageId: `<${randomUUID()}@${host}>`,
      nextAttemptAt: now,
      createdAt: now,
    },
    tx,
  );
}

const isStaffLink = (link: MailLinkKind): link is StaffLinkKind => (STAFF_LINK_KINDS as readonly string[]).includes(link);

/** Sends one stored message; resolves when the SMTP server accepted it. */
export type SendFunction = (row: OutboxRow) => Promise<void>;

let transporter: Promise<Transporter> | undefined;

/** Sends through the SMTP server of `SMTP_URL`; undefined when none is configured. */
function smtpSender(): SendFunction | undefined {
  const { smtpUrl, mailFrom } = appConfig();
  if (!smtpUrl) return undefined;
  return async (row) => {
    // nodemailer is loaded with the first message sent, not by every process at start; messages
    // sent while it loads share the one transport it makes.
    transporter ??= import('nodemailer')
      .then((nodemailer) => nodemailer.createTransport(smtpUrl))
      .catch((error: unknown) => {
        transporter = undefined;
        throw error;
      });
    const [transport, attachments] = await Promise.all([transporter, inlineAttachments(row)]);
    await transport.sendMail({
      from: mailFrom,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
      headers: JSON.parse(row.headers) as Record<string, string>,
      messageId: row.messageId,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  };
}

/** Images read lately, by storage key: a briefing's chart is read once per process, not once per reader. */
const recentImages = new Map<string, Buffer>();
const RECENT_IMAGES = 16;

/**
 * A message's inline images as nodemailer attachments (`cid`, inline): read from the media
 * storage. A storage that fails throws (the send is tried again later); an image that is no
 * longer stored is left out (its alt text stands in the message).
 */
async function inlineAttachments(
  row: OutboxRow,
): Promise<{ filename: string; content: Buffer; contentType: string; cid: string; contentDisposition: 'inline' }[]> {
  const attachments = [];
  for (const image of inlineImagesOf(row)) {
    let content = recentImages.get(image.key);
    if (!content) {
      content = await mediaStorage().get(image.key);
      if (!content) {
        console.error(JSON.stringify({ event: 'mail_image_missing', id: row.id, key: image.key }));
        continue;
      }
      recentImages.set(image.key, content);
      while (recentImages.size > RECENT_IMAGES) recentImages.delete(recentImages.keys().next().value as string);
    }
    attachments.push({ filename: image.filename, content, contentType: 'image/png', cid: image.cid, contentDisposition: 'inline' as const });
  }
  return attachments;
}

/** Where the mail job is: who it is, its clock, how it sends (none: keep in the outbox), its database. */
interface Delivery {
  holder: string;
  now: () => Date;
  send: SendFunction | undefined;
  executor: Executor | undefined;
}

/**
 * Sends one leased message and records what became of it. A message with a link is composed
 * first (a staff link: `composeLinkMail`; a reader's: `composeReaderMail`): the message with its
 * token is sent, and the copy without it is what the row keeps, sent, kept or failed alike.
 */
async function deliverOne(row: OutboxRow, { holder, now, send, executor }: Delivery): Promise<'sent' | 'failed' | 'kept' | 'dropped'> {
  let message = row;
  let kept: MailBodies | undefined;
  if (row.link) {
    const mint = send !== undefined;
    const composed: LinkComposition = isStaffLink(row.link)
      ? await composeLinkMail({ link: row.link, linkRef: row.linkRef, toAddress: row.toAddress }, mint, now(), executor)
      : await composeReaderMail({ ...row, link: row.link }, mint, now(), executor);
    if (composed.action === 'drop') {
      await deleteOutboxMessage(row.id, holder, executor);
      return 'dropped';
    }
    if (composed.action === 'give-up') {
      const outcome = {
        status: 'failed' as const,
        attempts: row.attempts,
        nextAttemptAt: row.nextAttemptAt,
        lastError: composed.reason,
        sentAt: null,
      };
      await finishOutboxMessage(row.id, holder, outcome, executor);
      return 'failed';
    }
    kept = composed.kept;
    if (composed.sent) {
      const { subject, text, html, headers } = composed.sent;
      message = { ...row, subject, textBody: text, htmlBody: html, ...(headers === undefined ? {} : { headers }) };
    }
  }
  const stored = kept && { subject: kept.subject, textBody: kept.text, htmlBody: kept.html };
  if (!send) {
    await finishOutboxMessage(
      row.id,
      holder,
      { status: 'kept', attempts: row.attempts, nextAttemptAt: row.nextAttemptAt, lastError: '', sentAt: null, ...stored },
      executor,
    );
    return 'kept';
  }
  try {
    await send(message);
    await finishOutboxMessage(
      row.id,
      holder,
      { status: 'sent', attempts: row.attempts + 1, nextAttemptAt: row.nextAttemptAt, lastError: '', sentAt: now(), ...stored },
      executor,
    );
    return 'sent';
  } catch (error) {
    const attempts = row.attempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    console.error(JSON.stringify({ event: 'mail_failed', id: row.id, attempts, message: reason }));
    await finishOutboxMessage(
      row.id,
      holder,
      {
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        attempts,
        nextAttemptAt: nextAttemptAfter(attempts, now()),
        lastError: reason,
        sentAt: null,
        ...stored,
      },
      executor,
    );
    return 'failed';
  }
}

/**
 * Sends the due messages this process wins the lease of, in batches until none is due or
 * `signal` aborts. Each outcome is recorded at once: sent; failed and due again after a
 * backoff (finally marked failed, never deleted); or, without SMTP, kept in the outbox.
 * A process that dies mid-send leaves its leased rows to be taken over when the lease ends.
 * A staff link's message is made when it is sent (see `deliverOne`).
 */
export async function deliverDueMail(
  options: { holder: string; now?: () => Date; send?: SendFunction; signal?: AbortSignal; executor?: Executor } = { holder: 'local' },
): Promise<{ sent: number; failed: number; kept: number }> {
  const delivery: Delivery = {
    holder: options.holder,
    now: options.now ?? (() => new Date()),
    send: options.send ?? smtpSender(),
    executor: options.executor,
  };
  const tally = { sent: 0, failed: 0, kept: 0 };
  for (;;) {
    if (options.signal?.aborted) break;
    const rows = await claimDueOutboxMessages(delivery.holder, delivery.now(), LEASE_MS, BATCH, delivery.executor);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (options.signal?.aborted) break;
      const outcome = await deliverOne(row, delivery);
      if (outcome !== 'dropped') tally[outcome]++;
    }
  }
  return tally;
}

/** The hook that sends queued mail at once in this process: set where the process runs the mail job (a web process). */
const PROMPT_DELIVERY = Symbol.for('energy-market-site.prompt-mail-delivery');
const promptGlobal = globalThis as typeof globalThis & { [PROMPT_DELIVERY]?: () => void };

/**
 * Has `sendQueuedMailSoon` run `deliver` (kept to one run at a time, another after it if asked
 * meanwhile). The mail job sets it in the processes that run it; kept on the process, as the
 * server loads this module twice (the front's copy and the built app's).
 */
export function deliverPromptlyWith(deliver: () => Promise<unknown>): void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    deliver()
      .catch((error: unknown) =>
        console.error(JSON.stringify({ event: 'mail_delivery_failed', message: error instanceof Error ? error.message : String(error) })),
      )
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  promptGlobal[PROMPT_DELIVERY] = run;
}

/**
 * Sends what the outbox holds now rather than at the mail job's next run (a link someone waits
 * for: an invitation, a password reset), in the background, after the transaction that queued
 * it committed. Where no process runs the mail job (a script, a unit test) it waits for that.
 */
export function sendQueuedMailSoon(): void {
  promptGlobal[PROMPT_DELIVERY]?.();
}
