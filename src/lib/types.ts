/** JSON shapes of the public API. Dates are ISO strings. */

export interface Category {
  id: number;
  name: string;
  slug: string;
}

/** An article as listed (cards, feeds): everything but the HTML body. */
export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  /** The lead image's alt text (empty: decorative, or none given for an image typed by address), caption and credit. */
  imageAlt: string;
  imageCaption: string;
  imageCredit: string;
  /** The lead image's resized copies, when it is from the media library (lists pick a small one). */
  image?: ResponsiveImage;
  author: string;
  /** The author's page is /author/{authorSlug}; null for an article without an author record. */
  authorSlug: string | null;
  categoryId: number;
  category: Category;
  featured: boolean;
  publishedAt: string;
  updatedAt: string;
}

/** A media library image as pages serve it: the original and its AVIF and WebP copies for `srcset`. */
export interface ResponsiveImage {
  src: string;
  width: number;
  height: number;
  /** `/media/…/480.avif 480w, /media/…/960.avif 960w`, narrowest first. */
  avifSrcset: string;
  webpSrcset: string;
  /** The copy nearest 960 pixels wide (WebP): what a card shows without `srcset`. */
  cardSrc: string;
}

/** An article with its sanitized HTML body. */
export interface Article extends ArticleSummary {
  content: string;
}

/** A category with the description its topic page (/category/{slug}) shows. */
export interface CategoryDetail extends Category {
  description: string;
}

/** An author's record: the byline name and what the author page (/author/{slug}) shows. */
export interface Author {
  id: number;
  slug: string;
  name: string;
  title: string;
  bio: string;
  photoUrl: string | null;
  links: { label: string; url: string }[];
  createdAt: string;
  updatedAt: string;
}

export type ChangeType = 'positive' | 'negative' | 'neutral';

export interface MarketDataItem {
  id: number;
  slug: string;
  name: string;
  value: string;
  change?: string;
  changeType: ChangeType;
  unit: string;
  asOf: string;
  /** How often the series is observed: a monthly `asOf` names a month, not a day. */
  frequency: 'daily' | 'weekly' | 'monthly';
  /** Sample history (seeded), not yet replaced by EIA data. */
  sample: boolean;
  /** The EIA series the figures come from ("RWTC"), once imported. */
  series?: string;
  /** What the change is measured against: "vs previous day". */
  changePeriod: string;
  /** The latest observation is older than the series' cadence and EIA's publication lag allow. */
  stale: boolean;
  /** "Source: U.S. Energy Information Administration, series RWTC", or "Illustrative sample". */
  source: string;
}

export interface CategoryStat {
  category: string;
  count: number;
}

export interface EnergyMixEntry {
  source: string;
  percentage: number;
}

export interface AnalyticsContentItem {
  id: number;
  title: string;
  type: 'chart' | 'dashboard' | 'report' | 'insight';
  content: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** The API's error body: a message, and field messages for invalid input. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** A comment as readers see it: never the author's e-mail. */
export interface PublicComment {
  id: number;
  articleId: number;
  authorName: string;
  content: string;
  approved: boolean;
  createdAt: string;
}

/** An article as the admin sees it: drafts and scheduled ones included, with status and search fields. */
export interface AdminArticle extends Article, ArticleSeo {
  status: 'draft' | 'published';
}

/** What search results and link previews show of an article; each falls back to title, excerpt, image. */
export interface ArticleSeo {
  metaTitle: string | null;
  metaDescription: string | null;
  socialImageUrl: string | null;
}

/** An article's editable fields as one save left them (a revision's content). */
export interface ArticleSnapshot extends ArticleSeo {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string | null;
  /** Absent in revisions kept before the lead image had them. */
  imageAlt?: string;
  imageCaption?: string;
  imageCredit?: string;
  author: string;
  categoryId: number;
  featured: boolean;
  status: 'draft' | 'published';
  publishedAt: string;
}

/** One saved state of an article, as its history lists it. */
export interface ArticleRevisionRow {
  id: number;
  articleId: number;
  /** Who saved it. */
  username: string;
  /** `baseline`: the article as it was before its history began. */
  action: 'created' | 'updated' | 'restored' | 'baseline';
  /** The fields this save changed. */
  changedFields: (keyof ArticleSnapshot)[];
  title: string;
  createdAt: string;
}

/** A revision against the article as it is now: the fields that differ, and the text line by line. */
export interface ArticleRevisionDiff {
  revision: ArticleRevisionRow & { snapshot: ArticleSnapshot };
  fields: { field: keyof ArticleSnapshot; revision: string; current: string }[];
  content: { op: 'same' | 'add' | 'del'; text: string }[];
}

/** The open editor's autosave of an article (or of the new article) for the signed-in user. */
export interface ArticleAutosave {
  articleId: number | null;
  /** The saved version the editor started from (`updatedAt`), when it edits an article. */
  baseUpdatedAt: string | null;
  values: Record<string, unknown>;
  savedAt: string;
}

/** A comment as the administrator sees it, with its author's e-mail and article. */
export interface ModerationComment {
  id: number;
  articleId: number;
  articleTitle: string;
  articleSlug: string;
  authorName: string;
  authorEmail: string;
  /** The text; in lists, its first few hundred characters (`truncated` says so). */
  content: string;
  truncated?: boolean;
  approved: boolean;
  createdAt: string;
}

/** An article in the admin's list: no excerpt, no HTML (the editor loads the article itself). */
export interface AdminArticleRow {
  id: number;
  slug: string;
  title: string;
  author: string;
  category: Category;
  featured: boolean;
  status: 'draft' | 'published';
  publishedAt: string;
  updatedAt: string;
}

/** A page of an admin list, and the total of the list it is a page of. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  /** The total is a lower bound: a search found more matches than it counts (`total`+). */
  totalAtLeast?: boolean;
  page: number;
  pageSize: number;
}

/** What the admin's tab labels count. */
export interface AdminCounts {
  pendingComments: number;
  unhandledMessages: number;
  drafts: number;
  scheduled: number;
  /** Confirmed newsletter subscribers. */
  subscribers: number;
}

/** A newsletter subscriber in the admin's list. */
export interface AdminSubscriber {
  id: number;
  email: string;
  status: 'pending' | 'active' | 'unsubscribed';
  dailyBriefing: boolean;
  weeklyRoundup: boolean;
  priceAlerts: boolean;
  topics: string[];
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** A contact message in the admin's inbox (in lists, `message` is its beginning and `truncated` says so). */
export interface AdminMessage {
  id: number;
  name: string;
  email: string;
  company: string | null;
  subject: string;
  category: string;
  message: string;
  truncated?: boolean;
  handled: boolean;
  createdAt: string;
}

/** The admin's view of the stored market data and the EIA import (`GET /api/admin/market-data`). */
export interface MarketDataStatus {
  eiaKeySet: boolean;
  keyHelp: string;
  series: { slug: string; name: string; frequency: string; fromEia: boolean; latest: string | null; observations: number }[];
  generation: { fromEia: boolean; latest: string | null; rows: number };
  runs: {
    id: number;
    startedAt: string;
    finishedAt: string | null;
    status: string;
    trigger: 'manual' | 'scheduled';
    rows: number;
    message: string;
  }[];
  /** The scheduled import (`EIA_SCHEDULE`): its daily US Eastern times (none when off or without a key) and its job's state. */
  schedule: {
    times: string[];
    nextRunAt: string | null;
    /** Failed tries of the current run; the next one is a retry when above 0. */
    attempts: number;
    lastStatus: 'succeeded' | 'failed' | null;
    lastFinishedAt: string | null;
    lastMessage: string;
  };
}

/** An editor's calendar event as the admin sees it; times are US Eastern `YYYY-MM-DDTHH:MM`. */
export interface CalendarEventItem {
  id: number;
  title: string;
  kind: 'opec' | 'ferc' | 'other';
  startsAt: string;
  /** Empty when it has no end. */
  endsAt: string;
  location: string;
  url: string;
}

/** EIA's change to one of its computed releases, as the admin's Calendar tab lists it (times US Eastern, `YYYY-MM-DDTHH:MM`). */
export interface ReleaseChangeItem {
  releaseId: string;
  title: string;
  /** When the rules put it. */
  scheduledAt: string;
  /** The new time; empty: postponed, new date to come. */
  startsAt: string;
  note: string;
}

/** A release the admin may change: the computed ones from two weeks back to eight ahead. */
export interface ReleaseChoice {
  releaseId: string;
  title: string;
  /** When the rules put it, US Eastern `YYYY-MM-DDTHH:MM`. */
  scheduledAt: string;
}

/** An image of the media library, with the addresses of its files. */
export interface MediaItem {
  id: number;
  filename: string;
  format: 'jpeg' | 'png' | 'webp' | 'avif';
  width: number;
  height: number;
  bytes: number;
  alt: string;
  caption: string;
  credit: string;
  createdAt: string;
  /** The original (re-encoded, without metadata), full size. */
  url: string;
  /** Resized copies, narrowest first, for `srcset`. */
  variants: { width: number; avif: string; webp: string }[];
}

/** An image for a page's head (link previews): its address and what `og:image:*` says of it. */
export interface PageImage {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
  alt?: string | undefined;
}

/** A message in the admin's Newsletter tab: what it is, to whom, and how its delivery went. */
export interface OutboxItem {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: 'pending' | 'sent' | 'kept' | 'failed';
  attempts: number;
  lastError: string;
  createdAt: string;
  sentAt: string | null;
  /** When a pending message is tried (again). */
  nextAttemptAt: string;
}

/** One message in full: its plain text and HTML parts. */
export interface OutboxMessage extends OutboxItem {
  text: string;
  html: string | null;
}

/** The next briefing as it would go out now. */
export interface BriefingPreview {
  subject: string;
  html: string;
  text: string;
}
