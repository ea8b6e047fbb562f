// The revision watch: when an import revises a figure a published story cites, the story's
// editors hear of it once, in the panel and in a batched mail (as the editors' notice), naming
// the story, the figure, the old and the new value; from the panel one click opens a dated
// correction draft for the story, and publishing it is an ordinary correction. The audit trail
// records each notice and each correction drafted from one.
//
// Exactly once across processes: the import records its run's watch (`revision_watches`) in the
// transaction that commits its figures; the notices are written in the transaction that claims
// that row. The importing process watches the run right after the import; the notices job of
// any process watches whatever is still pending (a crash between the import's commit and its
// watch loses nothing, and two processes never write a run's notices twice).
//
// Chart blocks are not watched: a chart cites a view of the data, redrawn with every revision
// (its pages re-render by their series tags), not a value the story states; docs/newsroom.md.
import { REVISION_NOTICE_WATERMARK } from '@db/constants';
import { formatAsOf, formatSeriesValue } from '@/lib/market-format';
import { ADMIN_PAGE_SIZE } from '@/lib/validation/admin-lists';
import type { CorrectionInput } from '@/lib/validation/correction';
import { can } from '@/lib/staff/permissions';
import type { AdminPage } from '@/lib/wire/common';
import type { Correction } from '@/lib/wire/corrections';
import type { RevisionNotice } from '@/lib/wire/staff';
import type { SessionUser } from '@/server/auth/session';
import { appConfig } from '@/server/config';
import { sharedDatabase, writeTransaction, type DatabaseAccess, type Executor } from '@/server/db';
import { ConflictError, NotFoundError, messages } from '@/server/errors';
import { listRevisedCitationsOfRun } from '@/server/queries/citations';
import {
  claimCorrectionDraft,
  claimRevisionWatch,
  countRevisionNotices,
  countRevisionWatchAttempt,
  getRevisionNotice,
  giveUpRevisionWatch,
  insertRevisionNotices,
  insertRevisionWatch,
  listPendingRevisionWatches,
  listRevisionNoticesAfter,
  listRevisionNoticesById,
  listRevisionNoticesPage,
  listStoryEditorAddresses,
  setRevisionNoticeCorrection,
  setRevisionWatchNotices,
  type NoticeScope,
  type RevisionNoticeDetail,
  type RevisionNoticeValues,
} from '@/server/queries/revision-notices';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { requestJobRun } from '@/server/queries/jobs';
import { addCorrection } from '@/server/services/articles/corrections';
import { enqueueStaffNotice } from '@/server/services/mail/editor-notices';
import type { MailDocument, MailSection } from '@/server/services/mail/layout';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import { audit } from '@/server/services/staff/audit';

/** The job that mails the notices (`src/server/jobs/revision-watch.ts`); an import that revised a cited figure asks for a run. */
export const REVISION_NOTICE_JOB = 'revision-notices';
/** Who records the notices in the audit trail. */
const WATCH = { userId: null, username: 'Revision watch' } as const;
/** Notices per mail run; the rest go in the next one. */
const BATCH = 200;

/** The figure in words: "US Commercial Crude Oil Inventories, week of Nov 20, 2026". */
const figureName = (n: Pick<RevisionNoticeDetail, 'seriesName' | 'period'>) => `${n.seriesName}, ${formatAsOf(n.period, 'daily')}`;
const valueOf = (n: Pick<RevisionNoticeDetail, 'unit' | 'decimals'>, value: number) => formatSeriesValue(value, n);

/** The dated correction a notice drafts: what the story said, and what EIA's figure is now. */
export function correctionDraftOf(n: RevisionNoticeDetail): string {
  return (
    `An earlier version of this story gave ${n.seriesName} for ${formatAsOf(n.period, 'daily')} as ${valueOf(n, n.valueAsPublished)}, ` +
    `the figure the U.S. Energy Information Administration had published. EIA has since revised it to ${valueOf(n, n.value)} ` +
    `(seen ${formatAsOf(n.revisedAt.toISOString().slice(0, 10), 'daily')}).`
  );
}

const toNotice = (n: RevisionNoticeDetail): RevisionNotice => ({
  id: n.id,
  article: { id: n.articleId, slug: n.articleSlug, title: n.articleTitle },
  series: { slug: n.seriesSlug, name: n.seriesName },
  period: n.period,
  valueAsPublished: n.valueAsPublished,
  previousValue: n.previousValue,
  value: n.value,
  text: {
    asPublished: valueOf(n, n.valueAsPublished),
    previous: valueOf(n, n.previousValue),
    value: valueOf(n, n.value),
  },
  revisedAt: n.revisedAt.toISOString(),
  correctionId: n.correctionId,
  draft: n.draftText ?? correctionDraftOf(n),
  drafting: n.draftedAt && n.draftedByName ? { by: n.draftedByName, at: n.draftedAt.toISOString() } : null,
});

/**
 * The published stories citing a figure a run revised, each stating another figure than the new
 * one, as the notices to write: one statement (`listRevisedCitationsOfRun`: the run's index
 * joined to the citations' index, each story's visibility by key), one notice per story, figure
 * and revision (the notices' own key, which keeps one of two figures a story states for it),
 * by series, period and story.
 */
export async function revisedCitations(runId: number, now: Date, tx?: Executor): Promise<RevisionNoticeValues[]> {
  const notices = new Map<string, RevisionNoticeValues>();
  for (const row of await listRevisedCitationsOfRun(runId, now, tx)) {
    const key = `${row.articleId} ${row.seriesSlug} ${row.period} ${row.seenAt}`;
    if (notices.has(key)) continue;
    notices.set(key, {
      articleId: row.articleId,
      seriesSlug: row.seriesSlug,
      period: row.period,
      valueAsPublished: row.valueAsPublished,
      previousValue: row.previousValue,
      value: row.value,
      runId,
      revisedAt: new Date(row.seenAt),
    });
  }
  return [...notices.values()].sort(
    (a, b) => a.seriesSlug.localeCompare(b.seriesSlug) || a.period.localeCompare(b.period) || a.articleId - b.articleId,
  );
}

/**
 * Watches one import run, exactly once across processes: its revisions (the run's index) joined
 * to the published stories citing each revised figure (the citations' index), each story stating
 * another figure than the new one noticed once (story, figure, revision), each in the audit
 * trail; written in the transaction that claims the run's watch (`revision_watches`, recorded by
 * the import in the commit of its figures). Answers how many notices it wrote, or undefined when
 * the run was not this call's to watch (watched already, by another process or an earlier pass,
 * or no watch was recorded for it). `access` is the database (the process's; a test's own).
 */
export async function watchRun(runId: number, now: Date = new Date(), access: DatabaseAccess = sharedDatabase): Promise<number | undefined> {
  const notices = await revisedCitations(runId, now, access.read);
  return access.write(async (tx) => {
    if (!(await claimRevisionWatch(runId, now, tx))) return undefined;
    // The notices' own key (story, figure, revision) keeps a revision seen by two runs to one notice.
    const written = await insertRevisionNotices(notices, tx);
    for (const n of await listRevisionNoticesById(written, tx)) {
      await audit(
        WATCH,
        'figure_revised',
        {
          type: 'article',
          id: n.articleId,
          summary: `${n.articleTitle}: ${figureName(n)} revised from ${valueOf(n, n.previousValue)} to ${valueOf(n, n.value)} (the story states ${valueOf(n, n.valueAsPublished)})`,
        },
        undefined,
        tx,
      );
    }
    await setRevisionWatchNotices(runId, written.length, tx);
    return written.length;
  });
}

/**
 * Records, in the import's transaction that commits a run's figures, that the run is to be
 * watched, and asks for the notices job: should the process stop before it watches the run
 * itself, the job of any process (at its next poll, or the next start) does it.
 */
export async function recordRevisionWatch(runId: number, at: Date, tx: Executor): Promise<void> {
  await insertRevisionWatch(runId, at, tx);
  await requestJobRun(REVISION_NOTICE_JOB, at, tx);
}

/** Runs a pass of the notices job takes on at most: the least tried first, then the oldest. */
const PENDING_PER_PASS = 20;
/** Attempts of the notices job at a run's watch before it gives the run up (at its five minutes' cadence, about half an hour). */
export const REVISION_WATCH_ATTEMPTS = 6;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The runs whose watch is still to do (the process that imported them stopped first, or its
 * watch failed), each watched once whoever gets there first. Each attempt is counted before it
 * is made; a run whose watch failed `REVISION_WATCH_ATTEMPTS` times is given up (an error in the
 * log), and runs not tried yet come before those that failed, so failing runs never hold newer
 * ones back. Answers what it did, the runs that failed (left pending for the next pass) and the
 * runs given up.
 */
export async function watchPendingRuns(
  now: Date = new Date(),
  access: DatabaseAccess = sharedDatabase,
): Promise<{ runs: number; notices: number; failed: number[]; givenUp: number[] }> {
  const out = { runs: 0, notices: 0, failed: [] as number[], givenUp: [] as number[] };
  const giveUp = async (runId: number, attempts: number, message: string) => {
    if (!(await access.write((tx) => giveUpRevisionWatch(runId, now, tx)))) return;
    out.givenUp.push(runId);
    console.error(JSON.stringify({ event: 'revision_watch_given_up', runId, attempts, message }));
  };
  for (const pending of await listPendingRevisionWatches(PENDING_PER_PASS, access.read)) {
    const { runId } = pending;
    let attempts = pending.attempts;
    try {
      // Attempts all made, the last one never ending (its process stopped): given up unfinished.
      if (attempts >= REVISION_WATCH_ATTEMPTS) {
        await giveUp(runId, attempts, 'the last attempt did not finish');
        continue;
      }
      const counted = await access.write((tx) => countRevisionWatchAttempt(runId, tx));
      if (counted === undefined) continue;
      attempts = counted;
      const written = await watchRun(runId, now, access);
      if (written === undefined) continue;
      out.runs++;
      out.notices += written;
    } catch (error) {
      console.error(JSON.stringify({ event: 'revision_watch_failed', runId, attempts, message: messageOf(error) }));
      try {
        if (attempts >= REVISION_WATCH_ATTEMPTS) await giveUp(runId, attempts, messageOf(error));
      } catch (giveUpError) {
        console.error(JSON.stringify({ event: 'revision_watch_failed', runId, attempts, message: messageOf(giveUpError) }));
      }
      if (!out.givenUp.includes(runId)) out.failed.push(runId);
    }
  }
  return out;
}

/**
 * Right after an import run that wrote figures, in the importing process: watches the run and,
 * when it noticed any, asks for the mail at once. The import has succeeded whatever happens here:
 * a failure is logged, and the run's watch stays pending for the notices job.
 */
export async function watchRevisionsOfRun(runId: number, now: Date = new Date()): Promise<void> {
  try {
    if (((await watchRun(runId, now)) ?? 0) > 0) await requestJobRun(REVISION_NOTICE_JOB, now);
  } catch (error) {
    console.error(JSON.stringify({ event: 'revision_watch_failed', runId, message: messageOf(error) }));
  }
}

/**
 * The notices job: first the runs whose watch is still pending (so nothing an import committed
 * is lost to a crash), then the mail of every notice not yet mailed. A run that failed to be
 * watched makes the pass partial; it is tried again at the next one, until it is given up (which
 * makes that pass partial too).
 */
export async function runRevisionWatch(now: Date = new Date()): Promise<string | { partial: true; message: string }> {
  const pending = await watchPendingRuns(now);
  const mailed = await mailRevisionNotices(now);
  const watched = pending.runs > 0 ? `Watched ${pending.runs} pending import runs (${pending.notices} notices). ` : '';
  const failed = pending.failed.length > 0 ? `Could not watch import runs ${pending.failed.join(', ')}; tried again next time. ` : '';
  const givenUp =
    pending.givenUp.length > 0
      ? `Gave up watching import runs ${pending.givenUp.join(', ')} after ${REVISION_WATCH_ATTEMPTS} failed attempts; their notices are not written. `
      : '';
  if (failed || givenUp) return { partial: true, message: `${watched}${failed}${givenUp}${mailed}` };
  return `${watched}${mailed}`;
}

/**
 * Mails the notices written since the last mail (a watermark of ids, as the editors' notice):
 * each story's editors (its byline's account and everyone who saved it, with an address; else
 * `EDITORS_EMAIL`) get one message listing their stories' revised figures, with the old and the
 * new value and a link to the panel. The messages and the moved watermark commit together.
 */
export async function mailRevisionNotices(now: Date = new Date()): Promise<string> {
  const mark = JSON.parse((await getSiteState(REVISION_NOTICE_WATERMARK)) ?? '{"id":0}') as { id: number };
  const notices = await listRevisionNoticesAfter(mark.id, BATCH);
  if (notices.length === 0) return 'Nothing new.';
  const { siteUrl, editorsEmail } = appConfig();
  const editors = await listStoryEditorAddresses([...new Set(notices.map((n) => n.articleId))]);
  const byRecipient = new Map<string, RevisionNoticeDetail[]>();
  for (const n of notices) {
    const to = editors.get(n.articleId) ?? (editorsEmail ? [editorsEmail] : []);
    for (const address of new Set(to)) byRecipient.set(address, [...(byRecipient.get(address) ?? []), n]);
  }
  const last = notices.at(-1)?.id ?? mark.id;
  await writeTransaction(async (tx) => {
    for (const [to, theirs] of byRecipient) {
      const stories = new Map<number, RevisionNoticeDetail[]>();
      for (const n of theirs) stories.set(n.articleId, [...(stories.get(n.articleId) ?? []), n]);
      const sections: MailSection[] = [...stories.values()].map((figures) => ({
        heading: figures[0]?.articleTitle ?? '',
        items: figures.map((n) => ({
          title: `${figureName(n)}: EIA revised ${valueOf(n, n.previousValue)} to ${valueOf(n, n.value)}`,
          href: `${siteUrl}/admin#articles`,
          meta: `The story states ${valueOf(n, n.valueAsPublished)}. Draft its correction from the Articles tab.`,
        })),
      }));
      const count = theirs.length;
      const document: MailDocument = {
        title: `EIA revised ${count === 1 ? 'a figure' : `${count} figures`} your ${stories.size === 1 ? 'story cites' : 'stories cite'}`,
        intro:
          'These figures changed after your stories were published. Each story’s page already marks the revision; a dated correction is one click away in the panel.',
        sections,
      };
      await enqueueStaffNotice(to, document, `revisions:${last}:${to}`, tx, now);
    }
    await setSiteState(REVISION_NOTICE_WATERMARK, JSON.stringify({ id: last }), tx);
  });
  return byRecipient.size === 0
    ? `${notices.length} revision notices, nobody with an address to tell.`
    : `Told ${byRecipient.size} editors of ${notices.length} revised figures.`;
}

/** Which notices a person sees: editors every story's, others those of the stories under their byline. */
const scopeOf = (user: SessionUser): NoticeScope => (can(user.role, 'editAllArticles') ? { all: true } : { authorId: user.authorId });

/** The panel's list: the notices still without a correction (or all), newest first, 50 a page. */
export async function listRevisionNoticesForAdmin(
  query: { page: number; status: 'open' | 'all' },
  user: SessionUser,
): Promise<AdminPage<RevisionNotice>> {
  const scope = scopeOf(user);
  const open = query.status === 'open';
  const [rows, total] = await Promise.all([
    listRevisionNoticesPage(scope, open, { limit: ADMIN_PAGE_SIZE, offset: adminOffsetOf(query.page) }),
    countRevisionNotices(scope, open),
  ]);
  return adminPage(rows.map(toNotice), query.page, total, false);
}

/** A notice by id, or the 404; a 409 once a correction was published from it. */
async function openNotice(id: number): Promise<RevisionNoticeDetail> {
  const notice = await getRevisionNotice(id);
  if (!notice) throw new NotFoundError(messages.revisionNoticeNotFound);
  if (notice.correctionId !== null) throw new ConflictError(messages.revisionNoticeCorrected);
  return notice;
}

/**
 * Opens the correction's draft of a notice: the first editor to open it writes it (the dated
 * text the notice drafts, theirs from then on), once; every other editor, at the same moment or
 * later, is taken to that draft, which says who started it and when. A 409 once a correction was
 * published from the notice.
 */
export async function openCorrectionDraft(id: number, user: SessionUser): Promise<RevisionNotice> {
  const notice = await openNotice(id);
  if (notice.draftText === null) {
    await writeTransaction((tx) =>
      claimCorrectionDraft(id, { text: correctionDraftOf(notice), at: new Date(), userId: user.userId, name: user.displayName }, tx),
    );
  }
  const drafted = await getRevisionNotice(id);
  if (!drafted) throw new NotFoundError(messages.revisionNoticeNotFound);
  return toNotice(drafted);
}

/**
 * Publishes the correction drafted from a notice (its text as the editor left it), dated now, at
 * most once: the notice keeps the correction in the transaction that adds it, only where it has
 * none, so of two editors publishing at the same moment one does and the other gets the 409
 * (and adds nothing).
 */
export async function correctFromNotice(id: number, input: CorrectionInput, user: SessionUser): Promise<Correction> {
  const notice = await openNotice(id);
  return addCorrection(notice.articleId, input, user, async (correctionId, tx) => {
    if (!(await setRevisionNoticeCorrection(id, correctionId, tx))) throw new ConflictError(messages.revisionNoticeCorrected);
  });
}
