import { createRequire } from 'node:module';
import { RELATED_KEPT, RELATED_PASS_CURSOR } from '../constants.ts';
import { htmlToText } from '../text.ts';
import { mulberry32 } from './random.ts';
import { GRID_HOUR_FIGURES } from '../catalog/figures.ts';
import { GRID_FUEL_CODES, GRID_REGION_CODES } from '../catalog/grid.ts';
import { seedArticles, seedImages, seedImageUrl } from './articles-data.ts';

const DAY_MS = 86_400_000;

/** A native libSQL connection (better-sqlite3's API), used directly for bulk writes. */
interface NativeDatabase {
  prepare(sql: string): {
    run(...params: unknown[]): { lastInsertRowid: number | bigint };
    all(...params: unknown[]): unknown[];
    get(...params: unknown[]): unknown;
  };
  exec(sql: string): void;
  close(): void;
}

const REGIONS = [
  'Texas',
  'the Gulf Coast',
  'PJM',
  'ERCOT',
  'California',
  'the Midwest',
  'New England',
  'the Southeast',
  'the Rockies',
  'Appalachia',
  'the Bakken',
  'MISO',
  'SPP',
  'New York',
  'the Pacific Northwest',
];
const ANGLES = [
  'What It Means for Prices',
  'A Closer Look',
  'Five Numbers to Watch',
  'Traders React',
  'The Week Ahead',
  'Analysts Weigh In',
  'Regulators Respond',
  'Investors Take Note',
  'By the Numbers',
  'Inside the Deal',
];
const AUTHORS = [
  'Dana Whitfield',
  'Marcus Ortega',
  'Priya Raman',
  'Tom Kessler',
  'Elena Park',
  'James Okafor',
  'Laura Chen',
  'Sam Delgado',
  'Rachel Stein',
  'Owen Brooks',
];
const FIRST_NAMES = [
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Drew',
  'Hayden',
  'Reese',
  'Skyler',
  'Parker',
  'Rowan',
];
const LAST_NAMES = [
  'Miller',
  'Nguyen',
  'Garcia',
  'Smith',
  'Johnson',
  'Patel',
  'Brown',
  'Lopez',
  'Kim',
  'Davis',
  'Wilson',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
];
const COMMENT_TEXTS = [
  'Good summary. The storage numbers will matter more than the headline price this winter.',
  'Interesting that the rig count keeps falling while output holds. Efficiency gains are real.',
  'I would like to see how this compares with the same month last year.',
  'The interconnection queue is the real bottleneck here, not the capital.',
  'Curious how the new rules affect smaller co-ops in rural areas.',
  'This matches what we are seeing on the ground in our service territory.',
  'Any idea when the final EIA numbers for the quarter come out?',
  'Great reporting. The chart on regional prices would be a useful addition.',
  'Transmission is the story nobody wants to fund, and this shows why.',
  'Prices will not stay this low once the export terminals come online.',
];

const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)] as T;

/** The series a grown story cites a figure of (the price benchmarks newsrooms quote). */
const CITED_SERIES = ['wti', 'brent', 'henry-hub', 'gasoline', 'electricity'] as const;

/**
 * The figure a grown story states, as the editor writes it (`src/lib/data-refs.ts`): one of
 * the benchmarks on the day before it was published, at a value of its own. Its paragraph
 * closes the story's body, and `article_citations` holds it as the save would.
 */
function citedFigure(n: number, publishedAt: number) {
  const series = CITED_SERIES[n % CITED_SERIES.length] ?? 'wti';
  const period = new Date(publishedAt - DAY_MS).toISOString().slice(0, 10);
  const value = (40 + (n % 6_000) / 100).toFixed(2);
  return {
    series,
    period,
    value: Number(value),
    html: `<p>The benchmark stood at <data-figure series="${series}" date="${period}" value="${value}"></data-figure> the day before.</p>`,
  };
}

/** A grown story's body: its seeded story's, and the figure it cites (`citedFigure`). */
export const grownBody = (body: string, figureHtml: string) => `${body}${figureHtml}`;

export interface ScaleOptions {
  /** Path of the embedded database file (already migrated and seeded). */
  path: string;
  /** Articles the database should hold in all (the seeded ones count). */
  articles: number;
  /** Comments the database should hold in all. */
  comments: number;
  /** Publish dates spread over this many years back from `now`. */
  years?: number;
  /**
   * Stores each added article's related stories and marks the background pass done, the state
   * a live site settles in (off: the pass relates them later, a batch a minute, as after a bulk
   * import). A copy's stories are the copies of the same story written before it, newest
   * first: same topic and nearly every word, what the full-text search ranks first for it.
   */
  related?: boolean;
  /**
   * Days of EIA vintages each market series gets (its first published figures, one period in 20
   * revised a week later and one in 60 again a month later), each seen by a daily import run, as
   * years of daily imports leave them; none by default.
   */
  vintageDays?: number;
  /**
   * Days of hourly grid imports' vintages (every region's four figures and every fuel, each hour
   * first seen by the next hour's run, one in 20 revised by the run after), as they build up to
   * the grid's two years; none by default.
   */
  gridVintageDays?: number;
  /** Refresh the query planner's statistics afterwards (as a live site's hourly upkeep would); on by default. */
  analyze?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

/**
 * Years of daily imports' vintages for every market series (see `ScaleOptions.vintageDays`):
 * one import run a day, each period first seen the day after it, one in 20 revised a week
 * later, one in 60 again a month later. Adds only to a database without runs yet.
 */
function growVintages(db: NativeDatabase, days: number, now: Date): void {
  if (Number((db.prepare('SELECT count(*) AS n FROM import_runs').get() as { n: number }).n) > 0) return;
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const first = today - days * DAY_MS;
  db.exec('BEGIN IMMEDIATE');
  const insertRun = db.prepare(`INSERT INTO import_runs (started_at, finished_at, status, trigger, rows) VALUES (?, ?, 'succeeded', 'scheduled', 0)`);
  const runOf = new Map<number, number>();
  for (let day = first; day <= today + 40 * DAY_MS; day += DAY_MS) {
    const at = day + 15 * 3_600_000;
    runOf.set(day, Number(insertRun.run(at, at + 60_000).lastInsertRowid));
  }
  const series = db.prepare('SELECT id FROM market_series').all() as { id: number }[];
  const insert = db.prepare(
    `INSERT INTO figure_revisions (dataset, figure, period, seen_at, value, run_id, revised) VALUES ('market', ?, ?, ?, ?, ?, ?)`,
  );
  const r = mulberry32(23);
  for (const { id } of series) {
    for (let n = 0; n < days; n++) {
      const day = first + n * DAY_MS;
      const period = new Date(day).toISOString().slice(0, 10);
      const value = Math.round((50 + r() * 50) * 100) / 100;
      // Seen `later` days after its period by that day's run; a figure after the first is a revision.
      const vintage = (later: number, figure: number) =>
        insert.run(String(id), period, day + later * DAY_MS + 15 * 3_600_000, figure, runOf.get(day + later * DAY_MS) ?? null, later > 1 ? 1 : 0);
      vintage(1, value);
      if (n % 20 === 0) vintage(8, value + 1);
      if (n % 60 === 0) vintage(30, value + 2);
    }
  }
  // The states' monthly figures over the same span, each as the seed stores them: a month first
  // seen by the run 55 days after it starts, one in six revised by the run a month later.
  const insertFigure = db.prepare(
    'INSERT INTO figure_revisions (dataset, figure, period, seen_at, value, run_id, revised) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const stateFigures = (
    [
      ['generation', "location || '|' || fuel", 'generation'],
      ['retail', "state || '|' || sector", 'retail_prices'],
      ['retail-sales', "state || '|' || sector", 'retail_sales'],
    ] as const
  ).flatMap(
    ([dataset, figure, table]) =>
      db.prepare(`SELECT DISTINCT '${dataset}' AS dataset, ${figure} AS figure FROM ${table}`).all() as { dataset: string; figure: string }[],
  );
  const months = Math.floor(days / 30);
  const lastMonth = new Date(today);
  for (const { dataset, figure } of stateFigures) {
    for (let m = 1; m <= months; m++) {
      const start = Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() - m, 1);
      const period = new Date(start).toISOString().slice(0, 7);
      const value = Math.round((5 + r() * 50) * 1000) / 1000;
      const vintage = (later: number, figureValue: number, revised: number) => {
        const day = start + later * DAY_MS;
        insertFigure.run(dataset, figure, period, day + 15 * 3_600_000, figureValue, runOf.get(day) ?? null, revised);
      };
      vintage(55, value, 0);
      if (m % 6 === 0) vintage(85, value + 0.5, 1);
    }
  }
  db.exec('COMMIT');
}

/**
 * Days of hourly grid imports' vintages (see `ScaleOptions.gridVintageDays`): one grid run an
 * hour, each hour's figures of every region first seen by the next hour's run, one hour in 20
 * revised by the run after. Adds only to a database without grid runs yet.
 */
function growGridVintages(db: NativeDatabase, days: number, now: Date): void {
  if (Number((db.prepare(`SELECT count(*) AS n FROM import_runs WHERE kind = 'grid'`).get() as { n: number }).n) > 0) return;
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const first = hour - days * DAY_MS;
  db.exec('BEGIN IMMEDIATE');
  const insertRun = db.prepare(
    `INSERT INTO import_runs (kind, started_at, finished_at, status, trigger, rows) VALUES ('grid', ?, ?, 'succeeded', 'scheduled', 0)`,
  );
  const runOf = new Map<number, number>();
  for (let at = first; at <= hour + 2 * 3_600_000; at += 3_600_000)
    runOf.set(at, Number(insertRun.run(at + 20 * 60_000, at + 21 * 60_000).lastInsertRowid));
  const insert = db.prepare('INSERT INTO figure_revisions (dataset, figure, period, seen_at, value, run_id, revised) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const figures = GRID_REGION_CODES.flatMap((code) => [
    ...GRID_HOUR_FIGURES.map((name) => ({ dataset: 'grid', figure: `${code}|${name}` })),
    ...GRID_FUEL_CODES.map((fuel) => ({ dataset: 'grid-fuel', figure: `${code}|${fuel}` })),
  ]);
  const r = mulberry32(29);
  for (let at = first, n = 0; at < hour; at += 3_600_000, n++) {
    const period = new Date(at).toISOString().slice(0, 13);
    for (const { dataset, figure } of figures) {
      const value = Math.round(r() * 50_000);
      const vintage = (later: number, figureValue: number, revised: number) =>
        insert.run(dataset, figure, period, at + later * 3_600_000 + 20 * 60_000, figureValue, runOf.get(at + later * 3_600_000) ?? null, revised);
      vintage(1, value, 0);
      if (n % 20 === 0) vintage(2, value + 40, 1);
    }
  }
  db.exec('COMMIT');
}

/**
 * Grows a seeded database to newsroom size with realistic copies of the seeded articles
 * (varied titles and slugs, dates over years in id order, every category and author, a few featured,
 * some drafts and scheduled ones), comments (names, texts, four in five approved) and a correction
 * on one story in a hundred. Bulk
 * inserts in large transactions on one native connection; the full-text index follows
 * through its triggers. Adds only what is missing, so running it again changes nothing.
 */
export function growDatabase(options: ScaleOptions): { articlesAdded: number; commentsAdded: number } {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const years = options.years ?? 8;
  const Database = createRequire(import.meta.url)('libsql') as new (path: string, options: { timeout: number }) => NativeDatabase;
  const db = new Database(options.path, { timeout: 10_000 });
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA foreign_keys = ON');
    const count = (sql: string) => Number((db.prepare(sql).get() as Record<string, unknown>)['n'] ?? 0);
    const categories = new Map((db.prepare('SELECT id, slug FROM categories').all() as { id: number; slug: string }[]).map((c) => [c.slug, c.id]));
    // Copies show the lead images the seeded articles show now (the media library's, once the start has put them there).
    const images = new Map(
      (
        db
          .prepare(`SELECT slug, image_url, image_alt FROM articles WHERE slug IN (${seedArticles.map(() => '?').join(', ')})`)
          .all(...seedArticles.map((a) => a.slug)) as { slug: string; image_url: string | null; image_alt: string }[]
      ).map((a) => [a.slug, a]),
    );
    const base = seedArticles.map((a) => ({
      ...a,
      categoryId: categories.get(a.category),
      text: htmlToText(a.body),
      imageUrl: images.get(a.slug)?.image_url ?? seedImageUrl(a.image),
      imageAlt: images.get(a.slug)?.image_alt ?? seedImages[a.image],
    }));
    if (base.some((a) => a.categoryId === undefined)) throw new Error('Run the normal seed first (npm run db:seed).');

    const existingArticles = count('SELECT count(*) AS n FROM articles');
    const articlesToAdd = Math.max(0, options.articles - existingArticles);
    const r = mulberry32(7 + existingArticles);
    // Each author is a record (the article keeps the name too, as the API shows it).
    const insertAuthor = db.prepare('INSERT INTO authors (slug, name) VALUES (?, ?) ON CONFLICT DO NOTHING');
    for (const name of AUTHORS) insertAuthor.run(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name);
    const authorIds = new Map((db.prepare('SELECT id, name FROM authors').all() as { id: number; name: string }[]).map((a) => [a.name, a.id]));
    const insertArticle = db.prepare(
      `INSERT INTO articles (slug, title, excerpt, content, content_text, image_url, image_alt, author, author_id, category_id, featured, status, published_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const span = years * 365 * DAY_MS;
    const BATCH = 5_000;
    // For `related`: the ids of each seeded story's last copies (the story itself first), oldest first.
    const copies = new Map<string, number[]>(
      options.related
        ? (
            db
              .prepare(`SELECT id, slug FROM articles WHERE slug IN (${base.map(() => '?').join(', ')}) ORDER BY id`)
              .all(...base.map((a) => a.slug)) as {
              id: number;
              slug: string;
            }[]
          ).map((a) => [a.slug, [a.id]])
        : [],
    );
    const insertRelated = db.prepare('INSERT OR IGNORE INTO related_articles (article_id, position, related_id) VALUES (?, ?, ?)');
    const insertCitation = db.prepare(
      `INSERT OR IGNORE INTO article_citations (article_id, position, element, kind, key, period, value_as_published) VALUES (?, 0, 'figure', 'markets', ?, ?, ?)`,
    );
    for (let done = 0; done < articlesToAdd;) {
      db.exec('BEGIN IMMEDIATE');
      const end = Math.min(articlesToAdd, done + BATCH);
      for (; done < end; done++) {
        const n = existingArticles + done;
        const a = base[n % base.length] ?? base[0];
        if (!a) break;
        const region = pick(REGIONS, r);
        const angle = pick(ANGLES, r);
        // Added in the order a newsroom writes them: the archive reaches years into the past,
        // and a higher id is a later story (give or take a day).
        const publishedAt = now.getTime() - Math.floor(((articlesToAdd - done) / articlesToAdd) * span) - Math.floor(r() * DAY_MS) - 3_600_000;
        const year = new Date(publishedAt).getUTCFullYear();
        const roll = r();
        const author = pick(AUTHORS, r);
        const status = roll < 0.005 ? 'draft' : 'published';
        const due = roll > 0.998 ? now.getTime() + Math.floor(r() * 30 * DAY_MS) : publishedAt;
        const figure = citedFigure(n, publishedAt);
        const { lastInsertRowid } = insertArticle.run(
          `${a.slug}-${region
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '')}-${year}-${n}`,
          `${a.title} in ${region}: ${angle}`,
          a.excerpt,
          grownBody(a.body, figure.html),
          `${a.text} ${htmlToText(figure.html)} ${region} ${angle}.`,
          a.imageUrl,
          a.imageAlt,
          author,
          authorIds.get(author) ?? null,
          a.categoryId,
          r() < 0.01 ? 1 : 0,
          status,
          due,
          publishedAt,
          publishedAt + Math.floor(r() * 3) * 3_600_000,
        );
        insertCitation.run(Number(lastInsertRowid), figure.series, figure.period, figure.value);
        if (options.related) {
          const id = Number(lastInsertRowid);
          const before = copies.get(a.slug) ?? [];
          before
            .slice(-RELATED_KEPT)
            .reverse()
            .forEach((relatedId, position) => insertRelated.run(id, position, relatedId));
          copies.set(a.slug, [...before.slice(-RELATED_KEPT + 1), id]);
        }
      }
      db.exec('COMMIT');
      log(`  ${done} of ${articlesToAdd} articles added`);
    }

    const existingComments = count('SELECT count(*) AS n FROM comments');
    const commentsToAdd = Math.max(0, options.comments - existingComments);
    const bounds = db.prepare('SELECT min(id) AS lo, max(id) AS hi FROM articles').get() as { lo: number; hi: number };
    const publishedOf = db.prepare('SELECT published_at FROM articles WHERE id = ?');
    const insertComment = db.prepare(
      'INSERT INTO comments (article_id, author_name, author_email, content, approved, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const rc = mulberry32(11 + existingComments);
    for (let done = 0; done < commentsToAdd;) {
      db.exec('BEGIN IMMEDIATE');
      const end = Math.min(commentsToAdd, done + 20_000);
      for (; done < end; done++) {
        // Busier recent articles: skew toward the newest ids.
        const articleId = Math.max(bounds.lo, bounds.hi - Math.floor(rc() ** 2 * (bounds.hi - bounds.lo + 1)));
        const row = publishedOf.get(articleId) as { published_at: number } | undefined;
        if (!row) continue;
        const first = pick(FIRST_NAMES, rc);
        const last = pick(LAST_NAMES, rc);
        const createdAt = Math.min(now.getTime() - 60_000, row.published_at + Math.floor(rc() * 10 * DAY_MS));
        insertComment.run(
          articleId,
          `${first} ${last}`,
          `${first}.${last}${done % 997}@example.com`.toLowerCase(),
          pick(COMMENT_TEXTS, rc),
          rc() < 0.8 ? 1 : 0,
          createdAt,
        );
      }
      db.exec('COMMIT');
      log(`  ${done} of ${commentsToAdd} comments added`);
    }
    // A correction on one public story in a hundred, a day after its last save (before now), as a
    // newsroom's record of them grows; a story corrected already keeps what it has.
    db.prepare(
      `INSERT INTO corrections (article_id, text, created_at)
       SELECT id, 'An earlier version of this article misstated a figure; it has been corrected.', min(?, updated_at + ?)
       FROM articles WHERE id % 100 = 0 AND status = 'published' AND published_at <= ? AND id NOT IN (SELECT article_id FROM corrections)`,
    ).run(now.getTime() - 60_000, DAY_MS, now.getTime());
    if (options.related) {
      db.prepare(
        `INSERT INTO site_state (key, value) SELECT ?, CAST(max(id) AS TEXT) FROM articles WHERE true
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(RELATED_PASS_CURSOR);
    }
    if (options.vintageDays) growVintages(db, options.vintageDays, now);
    if (options.gridVintageDays) growGridVintages(db, options.gridVintageDays, now);
    // Let the planner see the new sizes.
    if (options.analyze !== false) db.exec('ANALYZE');
    db.exec(`UPDATE site_state SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'`);
    return { articlesAdded: articlesToAdd, commentsAdded: commentsToAdd };
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // Nothing was open.
    }
    throw error;
  } finally {
    db.close();
  }
}
