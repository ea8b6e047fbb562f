// A chart inside a mail: a PNG attached to the message and shown by its Content-ID (`cid:`), not
// an address on the site: mail clients block remote images by default, an attached one shows at
// once (and offline). The PNG is stored once in the media storage, by a hash of its bytes, and
// every reader's message names it (the outbox keeps the key, not the bytes); the mail job attaches
// it when it sends each message.
import { createHash } from 'node:crypto';
import { appConfig } from '@/server/config';
import type { ChartCard } from '@/server/charts/chart-card';
import type { MailImage } from '@/server/services/mail/layout';
import type { InlineImage } from '@/server/services/mail/outbox';
import { clearSpentInlineImages, listSpentInlineImageKeys } from '@/server/queries/outbox';
import { mediaStorage } from '@/server/media-storage';

/** Where mail charts are stored in the media storage. */
const MAIL_CHART_FOLDER = 'mail/charts/';
/**
 * How long a mail chart is kept for a message that is neither sent nor given up: one kept in
 * the outbox (no SMTP server) or one still retried (about five hours at most).
 */
export const MAIL_CHART_RETENTION_MS = 7 * 24 * 3_600_000;

/** A chart ready for a message: what the HTML shows (`image`) and what the message attaches (`inline`). */
export interface MailChart {
  image: MailImage;
  inline: InlineImage;
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
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 24);
  const key = `${MAIL_CHART_FOLDER}${hash}.png`;
  await mediaStorage().put(key, png, 'image/png');
  const host = new URL(appConfig().siteUrl).hostname || 'localhost';
  const cid = `chart-${hash}@${host}`;
  const filename = `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase() || 'chart'}.png`;
  return {
    image: { cid, alt: chartCardAlt(card), width: MAIL_CHART.width, height: MAIL_CHART.height },
    inline: { cid, key, filename },
  };
}

/**
 * Deletes the mail charts no message needs any more (see `listSpentInlineImageKeys`): each once
 * the last message that shows it was sent or given up, or after MAIL_CHART_RETENTION_MS. The
 * messages done with them keep no list of images. Answers how many files were deleted.
 */
export async function deleteSpentMailCharts(now: Date): Promise<number> {
  const before = new Date(now.getTime() - MAIL_CHART_RETENTION_MS);
  // Only mail charts: an inline image is never one of the library's own files.
  const keys = (await listSpentInlineImageKeys(before)).filter((key) => key.startsWith(MAIL_CHART_FOLDER));
  if (keys.length > 0) await mediaStorage().delete(keys);
  await clearSpentInlineImages(before);
  return keys.length;
}
