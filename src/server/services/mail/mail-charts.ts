// A chart inside a mail: a PNG attached to the message and shown by its Content-ID (`cid:`), not
// an address on the site: mail clients block remote images by default, an attached one shows at
// once (and offline). The PNG is stored once in the media storage, by a hash of its bytes, and
// every reader's message names it (the outbox keeps the key, not the bytes); the mail job attaches
// it when it sends each message.
import { createHash } from 'node:crypto';
import { appConfig } from '@/server/config';
import { MAIL_CHART, chartCardAlt, renderMailChart, type ChartCard } from '@/server/charts/chart-card';
import type { MailImage } from '@/server/services/mail/layout';
import type { InlineImage } from '@/server/services/mail/outbox';
import { mediaStorage } from '@/server/services/media/library';

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
  const png = await renderMailChart(card.spec);
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 24);
  const key = `mail/charts/${hash}.png`;
  await mediaStorage().put(key, png, 'image/png');
  const host = new URL(appConfig().siteUrl).hostname || 'localhost';
  const cid = `chart-${hash}@${host}`;
  const filename = `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase() || 'chart'}.png`;
  return {
    image: { cid, alt: chartCardAlt(card), width: MAIL_CHART.width, height: MAIL_CHART.height },
    inline: { cid, key, filename },
  };
}
