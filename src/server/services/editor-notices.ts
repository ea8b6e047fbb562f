import { truncateAtWord } from '@/lib/format';
import { SITE_NAME } from '@/lib/site';
import { appConfig } from '@/server/config';
import { writeTransaction } from '@/server/db';
import { getLastCommentId, listPendingCommentsAfter } from '@/server/queries/comments';
import { getLastContactMessageId, listContactMessagesAfter } from '@/server/queries/contact-messages';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { enqueueMail } from '@/server/services/mail';

/** The newest comment and message the editors were told of. */
const TOLD_THROUGH = 'editors_told_through';
/** Items one notice lists; more wait for the next one (a few minutes later). */
export const NOTICE_ITEMS = 50;

interface Watermark {
  comment: number;
  message: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Tells the editors (`EDITORS_EMAIL`) in one message of the pending comments and contact
 * messages that arrived since the last notice, with links to them in the panel. The notice
 * is queued in the same transaction that moves the watermark, so each arrival is told once;
 * the job's lease makes one process do it. The first run only sets the watermark: a new
 * install (or a newly set address) is not sent its whole backlog. Answers how many were told.
 */
export async function notifyEditors(now: Date = new Date()): Promise<{ comments: number; messages: number } | undefined> {
  const to = appConfig().editorsEmail;
  if (!to) return undefined;
  return writeTransaction(async (tx) => {
    const stored = await getSiteState(TOLD_THROUGH, tx);
    if (stored === undefined) {
      const [comment, message] = await Promise.all([getLastCommentId(tx), getLastContactMessageId(tx)]);
      await setSiteState(TOLD_THROUGH, JSON.stringify({ comment, message } satisfies Watermark), tx);
      return { comments: 0, messages: 0 };
    }
    const through = JSON.parse(stored) as Watermark;
    const [comments, messages] = await Promise.all([
      listPendingCommentsAfter(through.comment, NOTICE_ITEMS, tx),
      listContactMessagesAfter(through.message, NOTICE_ITEMS, tx),
    ]);
    if (comments.length === 0 && messages.length === 0) return { comments: 0, messages: 0 };
    const next: Watermark = { comment: comments.at(-1)?.id ?? through.comment, message: messages.at(-1)?.id ?? through.message };
    const site = appConfig().siteUrl;
    const parts = [
      comments.length > 0 && plural(comments.length, 'comment to moderate', 'comments to moderate'),
      messages.length > 0 && plural(messages.length, 'new message', 'new messages'),
    ].filter(Boolean);
    const text = [
      `${parts.join(' and ')} at ${SITE_NAME}.`,
      ...(comments.length > 0
        ? [
            '',
            `Comments waiting for moderation (${site}/admin#comments):`,
            ...comments.map((c) => `- ${c.authorName} on "${c.articleTitle}": ${truncateAtWord(c.content, 160)}`),
          ]
        : []),
      ...(messages.length > 0
        ? [
            '',
            `Messages (${site}/admin#messages):`,
            ...messages.map((m) => `- ${m.name} <${m.email}>: ${m.subject}. ${truncateAtWord(m.message, 160)}`),
          ]
        : []),
      '',
      `You get this because EDITORS_EMAIL is set to ${to}. New arrivals are gathered for a few minutes into one message.`,
    ].join('\n');
    await enqueueMail(
      {
        kind: 'editors',
        to,
        subject: `[${SITE_NAME}] ${parts.join(' and ')}`,
        text,
        dedupeKey: `editors:${through.comment}-${next.comment}:${through.message}-${next.message}`,
      },
      tx,
      now,
    );
    await setSiteState(TOLD_THROUGH, JSON.stringify(next), tx);
    return { comments: comments.length, messages: messages.length };
  });
}
