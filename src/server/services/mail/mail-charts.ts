// A chart inside a mail: a PNG attached to the message and shown by its Content-ID (`cid:`), not
// an address on the site: mail clients block remote images by default, an attached one shows at
// once (and offline). The PNG is stored once in the media storage, by a hash of its bytes, and
// every reader's message names it (the outbox keeps the key, not the bytes); the mail job attaches
// it when it sends each message.
import { createHash } from 'node:crypto';
import { appConfig } from '@/server/config';
import type { ChartCard } from '@/server/charts/chart-card';
import type { MailImage } from '@/server/services/mail/layout';
import type { InlineImage } from '@/server/mail-message';
import { inlineImagesOf } from '@/server/services/mail/outbox';
import { clearInlineImages, listImageNamingMessages } from '@/server/queries/outbox';
import { forgetMailChartsStoredBefore, listMailChartsStoredSince, recordMailChartStored } from '@/server/queries/mail-charts';
import { writeTransaction } from '@/server/db';
import { mediaStorage } from '@/server/media-storage';

/** Where mail charts are stored in the media storage. */
const MAIL_CHART_FOLDER = 'mail/charts/';
/**
 * How long a mail chart is kept for a message that is neither sent nor given up: one kept in
 * the outbox (no SMTP server) or one still retried (about five hours at most).
 */
export const MAIL_CHART_RETENTION_MS = 7 * 24 * 3_600_000;
/**
 * How long a chart just stored is kept whatever the outbox says: a mailing stores its charts
 * before it queues the messages naming them, and a chart is one file for every mailing that
 * draws it alike (its key is its content's hash), so one that only sent messages name may be
 * about to be named again.
 */
export const MAIL_CHART_FRESH_MS = 3_600_000;

/** A chart ready for a message: what the HTML shows (`image`) and what the message attaches (`inline`). */
export interface MailChart {
  image: MailImage;
  inline: InlineImage;
}

/**
 * Stores a mail chart's PNG under its content's hash, recording when (before the file is written,
 * so the cleanup that reads the record leaves the file alone from then on).
 */
export async function storeMailChart(png: Buffer, now: Date): Promise<{ hash: string; key: string }> {
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 24);
  const key = `${MAIL_CHART_FOLDER}${hash}.png`;
  await recordMailChartStored(key, now);
  await mediaStorage().put(key, png, 'image/png');
  return { hash, key };
}

/**
 * Draws a card's chart for mail and stores it (the same chart twice is one file); its alt text
 * names the chart, its latest figure and date, and its source, so a reader whose client blocks
 * images, or who listens to the message, gets what it shows.
 */
export async function mailChart(card: ChartCard, name: string): Promise<MailChart> {
  // The drawing (sharp, the fonts) is loaded with the first chart a mailing draws, not by every
  // process that runs the mail jobs.
  const { MAIL_CHART, chartCardAlt, renderMailChart } = await import('@/server/charts/chart-card');
  const png = await renderMailChart(card.spec);
  const { hash, key } = await storeMailChart(png, new Date());
  const host = new URL(appConfig().siteUrl).hostname || 'localhost';
  const cid = `chart-${hash}@${host}`;
  const filename = `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase() || 'chart'}.png`;
  return {
    image: { cid, alt: chartCardAlt(card), width: MAIL_CHART.width, height: MAIL_CHART.height },
    inline: { cid, key, filename },
  };
}

/**
 * Deletes the mail charts no message needs any more: each once the last message that shows it was
 * sent or given up, or after MAIL_CHART_RETENTION_MS, but never one stored within
 * MAIL_CHART_FRESH_MS (a mailing may be about to queue messages naming it). The messages done with
 * their images are read once, and only those read are emptied (one sent meanwhile keeps its list
 * for the next run), except one naming a chart kept as just stored, which is looked at again next
 * time. Answers how many files were deleted.
 */
export async function deleteSpentMailCharts(now: Date): Promise<number> {
  const messages = await listImageNamingMessages(new Date(now.getTime() - MAIL_CHART_RETENTION_MS));
  const keysOf = (message: (typeof messages)[number]) => inlineImagesOf(message).map((image) => image.key);
  const waiting = new Set(messages.filter((m) => !m.done).flatMap(keysOf));
  const done = messages.filter((m) => m.done);
  // Only mail charts: an inline image is never one of the library's own files.
  const candidates = [...new Set(done.flatMap(keysOf))].filter((key) => key.startsWith(MAIL_CHART_FOLDER) && !waiting.has(key));
  const freshSince = new Date(now.getTime() - MAIL_CHART_FRESH_MS);
  const fresh = new Set(
    await writeTransaction(async (tx) => {
      const kept = await listMailChartsStoredSince(candidates, freshSince, tx);
      await forgetMailChartsStoredBefore(candidates, freshSince, tx);
      return kept;
    }),
  );
  const spent = candidates.filter((key) => !fresh.has(key));
  if (spent.length > 0) await mediaStorage().delete(spent);
  await clearInlineImages(done.filter((m) => !keysOf(m).some((key) => fresh.has(key))).map((m) => m.id));
  return spent.length;
}
