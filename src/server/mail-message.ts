import type { MailLinkKind } from '@db/constants';

// What a mail is, as every domain queues it (`services/mail/outbox.ts`) and as the mail job
// composes the links it carries (`services/staff/link-mail.ts`, `services/newsletter/reader-links.ts`):
// under the domains, so the outbox, which calls those composers, and they, which make messages,
// import it without importing each other in a loop.

/** A message to send; `dedupeKey` makes it once-only (one briefing per subscriber and day). */
export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  dedupeKey?: string;
  /** A link the mail job makes (or fills in) when it sends the message (`text`, `html` and `headers` are then the copy without it). */
  link?: { kind: MailLinkKind; ref: number | null };
  /** Images the HTML shows by `cid:` (a chart), stored in the media storage and attached when the message is sent. */
  inlineImages?: readonly InlineImage[];
}

/** An image sent inside a message: its Content-ID, where its PNG is stored, and its file name. */
export interface InlineImage {
  cid: string;
  key: string;
  filename: string;
}

/** A message's subject and bodies (and its headers, as stored JSON, when the link rides in one too). */
export interface MailBodies {
  subject: string;
  text: string;
  html: string | null;
  headers?: string;
}

/**
 * What the mail job does with a message carrying a link, as its composer says: send `sent` (null
 * without SMTP: nothing is made, the kept copy stays) and store `kept`; give it up, saying why;
 * or drop it (a staff reset asked for an address no active account has: there is no message to send).
 */
export type LinkComposition =
  { action: 'send'; sent: MailBodies | null; kept: MailBodies } | { action: 'give-up'; reason: string } | { action: 'drop' };
