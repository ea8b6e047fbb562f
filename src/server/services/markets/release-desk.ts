// The release desk: when an import brings the figures of a new weekly release (the Weekly
// Petroleum Status Report's crude stocks, the natural-gas storage report) or a new Short-Term
// Energy Outlook, a draft brief written from the figures goes into the editors' review queue
// (a draft submitted for review, never published without a person). The desk is whoever may
// manage market data (owners and editors, by the capability table): the editors' notice tells
// them, and the draft's note says so. One brief per release across every process and import:
// the release's row in `release_briefs` is claimed in the transaction that writes the draft.
import { marketSeriesFacts, type MarketSeriesFacts } from '@db/catalog/market-series';
import { formatLongCalendarDay } from '@/lib/calendar-format';
import { RELEASE_RULES, type ReleaseKind } from '@/lib/release-calendar';
import { outlookBrief, weeklyBrief, type BriefDraft, type BriefRelease, type OutlookLine } from '@/lib/release-brief';
import { fiveYearRange } from '@/lib/series-stats';
import { isEiaSource } from '@/lib/energy';
import { addDays } from '@/lib/zoned-time';
import { articleFacts } from '@/server/cache/tags';
import { writeTransaction } from '@/server/db';
import { sanitizeArticleHtml } from '@/server/html';
import { insertArticleNote } from '@/server/queries/article-notes';
import { getArticleIdBySlug } from '@/server/queries/articles';
import { getCategoryBySlug } from '@/server/queries/categories';
import { listObservationsBetween, listRecentObservations, listSeriesBySlugs, type MarketSeriesRow } from '@/server/queries/market';
import {
  claimReleaseBrief,
  hasReleaseBrief,
  seriesExtremesBefore,
  seriesUpdatedSince,
  setReleaseBriefArticle,
  vintageBefore,
} from '@/server/queries/release-briefs';
import { authorForByline } from '@/server/services/articles/authors';
import { storeNewArticle } from '@/server/services/articles/new-article';
import { easternDay, getCalendar, type CalendarEntry } from '@/server/services/calendar/releases';
import { contentChanged } from '@/server/content-changes';
import { audit } from '@/server/services/staff/audit';

/** The job that drafts the briefs (`src/server/jobs/release-desk.ts`); an import that stored figures asks for a run. */
export const RELEASE_DESK_JOB = 'release-desk';

/** Who drafts: the audit trail's actor, the revision's and the note's author. */
export const RELEASE_DESK = { userId: null, username: 'Release desk', displayName: 'Release desk' } as const;
/** The draft's byline, which the editor who publishes it may change. */
export const RELEASE_DESK_BYLINE = 'Data Desk';
/** The topic the briefs are filed under. */
const BRIEF_TOPIC = 'oil-gas';
/** The releases the desk drafts. */
const WEEKLY: readonly ReleaseKind[] = ['wpsr', 'storage'];
/** How long after a release the desk still drafts it (an import that comes late, a server that was down). */
const DRAFT_WITHIN_DAYS = 7;
/** At least this many earlier weeks before a figure may be called a record in the figures held. */
const RECORD_MIN_WEEKS = 52;

/** The release a calendar entry is, as a brief names it. */
const briefRelease = (entry: CalendarEntry): BriefRelease => ({ id: entry.id, title: entry.title, day: entry.day });

const factsOf = (row: MarketSeriesRow): MarketSeriesFacts | undefined => marketSeriesFacts(row.slug);

/** The brief of a weekly release whose headline figure is stored: the week, the week before, its five-year range and a record. */
async function weeklyDraft(entry: CalendarEntry, row: MarketSeriesRow): Promise<BriefDraft | undefined> {
  const period = entry.figure?.period;
  const facts = factsOf(row);
  if (!period || !facts) return undefined;
  // Five years and a week of history give the week's band; the two latest up to the period, the change.
  const history = await listObservationsBetween(row.id, { start: addDays(period, -(5 * 366 + 14)), end: period }, 400);
  const latest = history.at(-1);
  if (!latest || latest.period !== period) return undefined;
  const previous = history.at(-2);
  const band = fiveYearRange([period], history)[0];
  const extremes = await seriesExtremesBefore(row.id, period);
  const longEnough = extremes && Date.parse(period) - Date.parse(extremes.first) >= RECORD_MIN_WEEKS * 7 * 86_400_000;
  const record =
    extremes && longEnough && (latest.value > extremes.high || latest.value < extremes.low)
      ? { kind: latest.value > extremes.high ? ('high' as const) : ('low' as const), since: extremes.first }
      : undefined;
  return weeklyBrief({
    release: briefRelease(entry),
    series: { slug: row.slug, shortName: facts.shortName, plural: facts.plural, unit: row.unit, decimals: row.decimals },
    latest,
    previous,
    band,
    record,
  });
}

/** The brief of a new outlook: each forecast series' figure for the month after its base series' latest history, against the previous outlook's. */
async function outlookDraft(entry: CalendarEntry, rows: readonly MarketSeriesRow[]): Promise<BriefDraft | undefined> {
  const lines: OutlookLine[] = [];
  for (const row of rows) {
    const facts = factsOf(row);
    const base = facts?.outlook?.of;
    if (!facts || !base) continue;
    const [baseRow] = await listSeriesBySlugs([base]);
    const baseLatest = baseRow ? (await listRecentObservations(baseRow.id, 1))[0]?.period : undefined;
    const month = `${addDays(`${(baseLatest ?? entry.day).slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
    const [figure] = await listObservationsBetween(row.id, { start: month, end: month }, 1);
    if (!figure) continue;
    const previous = await vintageBefore(row.id, month, entry.startsAt);
    lines.push({
      series: { slug: row.slug, name: row.name, shortName: facts.shortName, unit: row.unit, decimals: row.decimals },
      month,
      value: figure.value,
      previous: previous !== undefined && previous !== figure.value ? previous : undefined,
    });
  }
  return outlookBrief(briefRelease(entry), lines);
}

/** A slug for the brief that no article has: `brief-storage-2026-11-26`, then `-2`, `-3`. */
async function freeSlug(releaseId: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? `brief-${releaseId}` : `brief-${releaseId}-${n}`;
    if ((await getArticleIdBySlug(slug)) === undefined) return slug;
  }
}

/**
 * Writes the draft of a release into the review queue, unless the release has one: the claim of
 * its row, the draft (submitted for review), its citations, its first revision, the note saying
 * who drafted it and for whom, and the audit entry the editors' notice reads, in one transaction.
 */
async function fileBrief(entry: CalendarEntry, seriesSlug: string, period: string, draft: BriefDraft, now: Date): Promise<number | undefined> {
  const [category, author, slug] = await Promise.all([getCategoryBySlug(BRIEF_TOPIC), authorForByline(RELEASE_DESK_BYLINE), freeSlug(entry.id)]);
  if (!category) throw new Error(`The topic ${BRIEF_TOPIC} is missing.`);
  const content = sanitizeArticleHtml(draft.html);
  const id = await writeTransaction(async (tx) => {
    if (!(await claimReleaseBrief({ releaseId: entry.id, kind: entry.kind as ReleaseKind, seriesSlug, period }, tx))) return undefined;
    const fields = {
      slug,
      title: draft.title,
      excerpt: draft.excerpt,
      categoryId: category.id,
      status: 'draft',
      reviewState: 'submitted',
      publishedAt: now,
    } as const;
    const created = await storeNewArticle(RELEASE_DESK, fields, { content, author, now }, tx);
    const articleId = created.id;
    await insertArticleNote(
      {
        articleId,
        userId: null,
        username: RELEASE_DESK.displayName,
        kind: 'submitted',
        body: `Drafted from EIA's figures of the ${entry.title} of ${formatLongCalendarDay(entry.day)} (/calendar#${entry.id}), for the desk's editors (owners and editors, who manage market data). Check the figures and the words, add the why, then publish: nothing goes out until a person does.`,
      },
      tx,
    );
    await setReleaseBriefArticle(entry.id, articleId, tx);
    await audit(RELEASE_DESK, 'article_submitted', { type: 'article', id: articleId, summary: draft.title }, undefined, tx);
    return { articleId, created };
  });
  if (!id) return undefined;
  await contentChanged({ entity: 'article', id: id.articleId, action: 'created' }, { kind: 'article', after: articleFacts(id.created, now) });
  return id.articleId;
}

/**
 * Drafts the brief of each release the desk covers that came out in the last week, whose figures
 * an import has stored, and that has none yet: the newest weekly release of each kind once its
 * headline figure is stored, and the newest outlook once an import after it stored its figures.
 * Answers what it drafted, for the job's record.
 */
export async function draftReleaseBriefs(now: Date = new Date()): Promise<string> {
  const today = easternDay(now);
  const entries = (await getCalendar(addDays(today, -DRAFT_WITHIN_DAYS), today, now))
    .filter((e) => e.type === 'release' && e.startsAt.getTime() <= now.getTime())
    .reverse();
  const drafted: string[] = [];
  for (const kind of WEEKLY) {
    // The newest release of the kind out; drafted once its headline figure (of its period) is stored.
    const entry = entries.find((e) => e.kind === kind);
    const headline = RELEASE_RULES[kind].headline;
    if (!entry || entry.status !== 'published' || !entry.figure || !headline || (await hasReleaseBrief(entry.id))) continue;
    const [row] = await listSeriesBySlugs([headline]);
    if (!row || !isEiaSource(row.source)) continue;
    const draft = await weeklyDraft(entry, row);
    if (draft && (await fileBrief(entry, row.slug, entry.figure.period, draft, now)) !== undefined) drafted.push(draft.title);
  }
  const outlook = entries.find((e) => e.kind === 'steo');
  if (outlook && !(await hasReleaseBrief(outlook.id))) {
    const slugs = RELEASE_RULES.steo.series.map((s) => s.slug);
    const rows = (await listSeriesBySlugs(slugs)).filter((r) => isEiaSource(r.source));
    const ordered = slugs.flatMap((slug) => rows.filter((r) => r.slug === slug));
    // A new outlook: an import after its release stored figures of the forecast series.
    if (
      ordered.length > 0 &&
      (await seriesUpdatedSince(
        ordered.map((r) => r.id),
        outlook.startsAt,
      ))
    ) {
      const draft = await outlookDraft(outlook, ordered);
      const lead = ordered[0];
      if (draft && lead && (await fileBrief(outlook, lead.slug, outlook.day, draft, now)) !== undefined) drafted.push(draft.title);
    }
  }
  return drafted.length > 0 ? `Drafted for review: ${drafted.join('; ')}.` : 'No new release to draft.';
}
