// The data of the stories a mail edition lists, as the message shows it away from the site:
// each figure a story cites as published, as text with its source and date, and its first
// chart block (a market series view, a grid region's or a state's chart) as a PNG inside the
// message (`cid:`, as the edition's market chart), so a reader
// whose client blocks images, or who reads the plain-text part, still has the figures.
import { chartRefPath, type ChartRef } from '@/lib/data-refs';
import { appConfig } from '@/server/config';
import { getArticlesByIds } from '@/server/queries/articles';
import { chartBlockCard } from '@/server/services/articles/chart-blocks';
import { storyDataForMail } from '@/server/services/articles/story-data';
import { mailChart, type MailChart } from '@/server/services/mail/mail-charts';

/** Story charts drawn into one edition (each a PNG every reader's message carries); later stories keep their figures in text. */
export const EDITION_STORY_CHARTS = 5;

/** What an edition shows of a story's data under its headline. */
export interface StoryMailData {
  /** Each cited figure as published: "$78.31/bbl (WTI Crude Oil, EIA RWTC, Nov 25, 2026)". */
  figures: string[];
  /** Its first chart block, drawn for mail. */
  chart?: MailChart | undefined;
}

/**
 * A story's chart block drawn for mail, its caption in the alt text. A report view, and a chart
 * that cannot be drawn, are left out (the story's page has them): an edition goes out without a
 * chart rather than not at all.
 */
async function storyMailChart(ref: ChartRef, site: string): Promise<MailChart | undefined> {
  try {
    const card = ref.kind === 'reports' ? undefined : await chartBlockCard(ref, site);
    const chart = card && (await mailChart(card, `${ref.kind}-${ref.key}`));
    return chart && ref.caption ? { ...chart, image: { ...chart.image, alt: `${chart.image.alt} Caption: ${ref.caption}` } } : chart;
  } catch (error) {
    console.error(
      JSON.stringify({
        event: 'mail_chart_failed',
        chart: chartRefPath(ref, 'png'),
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    return undefined;
  }
}

/** The data of each story of an edition that cites any, by id; charts for the first EDITION_STORY_CHARTS stories in `ids`' order that have one. */
export async function storiesMailData(ids: readonly number[]): Promise<Map<number, StoryMailData>> {
  const stories = await getArticlesByIds([...ids], true);
  const found = new Map<number, StoryMailData>();
  let charts = 0;
  for (const story of stories) {
    if (!('content' in story)) continue;
    const data = await storyDataForMail(story.content);
    const ref = data.charts[0];
    const chart = ref && charts < EDITION_STORY_CHARTS ? await storyMailChart(ref, appConfig().siteUrl) : undefined;
    if (chart) charts++;
    if (data.figures.length > 0 || chart) found.set(story.id, { figures: data.figures, chart });
  }
  return found;
}
