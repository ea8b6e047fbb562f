import { EDITORS_NOTICE_WATERMARK } from '@db/constants';
import { truncateAtWord } from '@/lib/format';
import { appConfig } from '@/server/config';
import { writeTransaction, type Executor } from '@/server/db';
import { listCommentsAfter } from '@/server/queries/comments';
import { listContactMessagesAfter } from '@/server/queries/contact-messages';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { listAuditEntriesAfter } from '@/server/queries/audit-log';
import { listEditorAddresses } from '@/server/queries/staff';
import { enqueueMail } from '@/server/services/mail/outbox';
import { renderMailHtml, renderMailText, type MailDocument, type MailSection } from '@/server/services/mail/layout';

/** Queues a notice to one of the staff (`to`): `document` under its title, as text and HTML, once for `dedupeKey`, in the caller's transaction. */
export function enqueueStaffNotice(to: string, document: MailDocument, dedupeKey: string, tx: Executor, now: Date): Promise<boolean> {
  return enqueueMail(
    { kind: 'editors', to, subject: document.title, text: renderMailText(document), html: renderMailHtml(document), dedupeKey },
    tx,
    now,
  );
}

/** The last comment and contact message id the editors were told about: `{comments, messages}` (set at install). */
const WATERMARK = EDITORS_NOTICE_WATERMARK;
/** At most this many of each kind per message; the rest go in the next one. */
const BATCH = 100;

/**
 * Tells the editors (`EDITORS_EMAIL`) in one message what arrived since the last one: new
 * pending comments and new contact messages, each with a link to its tab in the admin panel.
 * New rows are found by a watermark of ids (the primary key), so posting a comment does no
 * extra work; the message and the moved watermark commit together. The watermark starts at
 * install (db/migrate.ts), so the first run tells what arrived before it; without
 * `EDITORS_EMAIL` the watermark just moves on.
 */
export async function notifyEditors(now: Date = new Date()): Promise<string> {
  const mark = JSON.parse((await getSiteState(WATERMARK)) ?? '{"comments":0,"messages":0}') as {
    comments: number;
    messages: number;
    reviews?: number;
  };
  const [comments, messages, reviews, staffEditors] = await Promise.all([
    listCommentsAfter(mark.comments, BATCH),
    listContactMessagesAfter(mark.messages, BATCH),
    listAuditEntriesAfter('article_submitted', mark.reviews ?? 0, BATCH),
    listEditorAddresses(),
  ]);
  if (comments.length === 0 && messages.length === 0 && reviews.length === 0) return 'Nothing new.';
  const next = {
    comments: comments.at(-1)?.id ?? mark.comments,
    messages: messages.at(-1)?.id ?? mark.messages,
    reviews: reviews.at(-1)?.id ?? mark.reviews ?? 0,
  };
  const pending = comments.filter((c) => !c.approved);
  const { siteUrl, editorsEmail } = appConfig();
  // EDITORS_EMAIL, and every active owner and editor with an address of their own.
  const recipients = [...new Set([editorsEmail, ...staffEditors].filter((to): to is string => Boolean(to)))];
  const sections: MailSection[] = [];
  if (reviews.length > 0)
    sections.push({
      heading: `Drafts submitted for review (${reviews.length})`,
      items: reviews.map((r) => ({ title: r.summary, href: `${siteUrl}/admin#articles`, meta: `Submitted by ${r.actorName}` })),
    });
  if (pending.length > 0)
    sections.push({
      heading: `Comments waiting for moderation (${pending.length})`,
      items: pending.map((c) => ({
        title: `${c.authorName} on “${c.articleTitle}”`,
        href: `${siteUrl}/admin#comments`,
        body: truncateAtWord(c.content, 200),
      })),
    });
  if (messages.length > 0)
    sections.push({
      heading: `Contact messages (${messages.length})`,
      items: messages.map((m) => ({ title: m.subject, href: `${siteUrl}/admin#messages`, meta: `${m.name} · ${m.category}` })),
    });
  await writeTransaction(async (tx) => {
    if (recipients.length > 0 && sections.length > 0) {
      const parts = [
        reviews.length > 0 ? `${reviews.length} ${reviews.length === 1 ? 'draft' : 'drafts'} for review` : '',
        pending.length > 0 ? `${pending.length} pending ${pending.length === 1 ? 'comment' : 'comments'}` : '',
        messages.length > 0 ? `${messages.length} new ${messages.length === 1 ? 'message' : 'messages'}` : '',
      ].filter(Boolean);
      const document: MailDocument = {
        title: `New on the site: ${parts.join(' and ')}`,
        intro: 'These arrived since the last notice. Each link opens its tab in the admin panel.',
        sections,
      };
      for (const to of recipients) await enqueueStaffNotice(to, document, `editors:${next.comments}:${next.messages}:${next.reviews}:${to}`, tx, now);
    }
    await setSiteState(WATERMARK, JSON.stringify(next), tx);
  });
  if (recipients.length === 0) return 'EDITORS_EMAIL is not set and no editor has an address; nobody told.';
  return `Told the editors of ${pending.length} comments and ${messages.length} messages${reviews.length > 0 ? ` and ${reviews.length} drafts for review` : ''}.`;
}
