/**
 * What a cached page shows, as tags, and which tags a change purges: the one place that
 * knows both sides. A page collects its tags while it renders (`render-scope.ts`); a change
 * names what it touched (`ContentChange`) and `tagsToPurge` turns that into tags, so only
 * the pages that show it render again, in every process and in shared caches in front.
 *
 * Tags are short (they travel in `Surrogate-Key` headers): `a:12` an article, `h:12` its headline, `c:12` its
 * corrections, `s:wti` one market series' figures in a story, `au:3` an author's name and page, `t:oil-gas` a topic's page, `l:…` a list whose membership or
 * order can change.
 */
export const tag = {
  /** A page showing this article (its own page, a card in a list, a feed item). */
  article: (id: number) => `a:${id}`,
  /**
   * A page showing this article's headline only: its address, title, topic, date and image
   * (a related story). Kept apart from `a:` so an edit of the excerpt, text or byline renders
   * the pages that link to it under its headline no more.
   */
  headline: (id: number) => `h:${id}`,
  /** This article's own page, for its list of related stories (kept apart from `a:` so a changed list purges that page only). */
  related: (id: number) => `r:${id}`,
  /** A page showing this article's corrections (its own page, its feed items), kept apart from `a:` so a correction purges no card. */
  corrections: (id: number) => `c:${id}`,
  /** The corrections page: every public article's corrections, newest first. */
  correctionList: 'l:corrections',
  /** A page showing this author's name or page (bylines included), by the author's slug. */
  author: (slug: string) => `au:${slug}`,
  /** A topic's own facts (name, description) on its page. */
  topic: (slug: string) => `t:${slug}`,
  /** The newest-first list of every public article (home, /news, the site feed, the sitemap, category counts). */
  everyArticle: 'l:all',
  /** The list of one topic's articles. */
  topicArticles: (slug: string) => `l:t:${slug}`,
  /** The list of one author's articles. */
  authorArticles: (slug: string) => `l:au:${slug}`,
  /** The featured stories. */
  featured: 'l:featured',
  /** Search results: any change to a public article's text may change them. */
  search: 'l:search',
  /** Market figures and series (home strip, /markets, series pages, topic figures, reports). */
  market: 'market',
  /**
   * A page showing this market series, by its slug: its page, its embed and chart files, its
   * figures in the data API, the figures and charts of stories (so an import or revision of it,
   * or an annotation of it, renders those alone, not every story).
   */
  series: (slug: string) => `s:${slug}`,
  /** Every page showing some market series' figures by `series`: a change to market data that names no series purges them all. */
  anySeries: 's:*',
  /** A story's own page, for its list of the series its newsroom annotations mark (kept apart from `a:`: no card shows it). */
  annotatedSeries: (articleId: number) => `sa:${articleId}`,
  /** The release calendar and its feed. */
  calendar: 'calendar',
  /** One grid region's hourly figures, by EIA's code (`g:TEX`, `g:US48`): its page, its row on /grid, its figures in the data API. */
  gridRegion: (code: string) => `g:${code}`,
  /** Retail electricity prices and generation by state (/states and every state's page: each ranks a state among all of them). */
  states: 'states',
  /** The analysis items list. */
  analysisList: 'l:analysis',
  /** One analysis item's page. */
  analysis: (id: number) => `an:${id}`,
  /** The energy mix and dashboards configured from Zoho. */
  zoho: 'zoho',
  /** The article sitemap files: every article's address and last change. */
  sitemap: 'sitemap',
  /** The list of authors (the sitemap's author pages). */
  authorIndex: 'l:authors',
  /** Every cached page carries it: purging it renews the whole site (a deploy's new sample images, an operator's purge). */
  everyPage: 'site',
  /** A page that recorded nothing it shows: any change may concern it. */
  untagged: 'any',
  /** A page no content change concerns (the API docs, a form): only a deploy renews it. */
  unchanging: 'static',
} as const;

/**
 * Marks a tag whose pages must not be served stale even for a moment: they are dropped, and
 * the next reader waits for the new render. For an article taken off the site (unpublished,
 * deleted), which must not linger on its page or in lists.
 */
export const HARD_PURGE = '!';

/** A tag and whether its purge is hard (`!a:12`), from a logged purge tag. */
export function purgeTarget(logged: string): { tag: string; hard: boolean } {
  return logged.startsWith(HARD_PURGE) ? { tag: logged.slice(HARD_PURGE.length), hard: true } : { tag: logged, hard: false };
}

/** An article as far as its pages care: whether readers see it, where it is listed, and by whom. */
export interface ArticleFacts {
  id: number;
  /** Published and due: readers see it. */
  public: boolean;
  publishedAt: string;
  categorySlug: string;
  authorSlug: string | null;
  featured: boolean;
  slug: string;
  /** The headline's own facts beside the address, topic and date above (`tag.headline`). */
  title: string;
  imageUrl: string | null;
}

/** A change to content readers see, as the services name it. */
export type ContentChange =
  /** An article created, edited, restored, published when due, unpublished or deleted: its facts before and after. */
  | { kind: 'article'; before?: ArticleFacts | undefined; after?: ArticleFacts | undefined; textChanged?: boolean }
  /** An author's name, title, bio or photo changed (slugs: before and after, when it moved). */
  | { kind: 'author'; slugs: string[] }
  | { kind: 'topic'; slug: string }
  | { kind: 'analysis'; id: number }
  /** Market figures changed: these series' (each one written, new or revised), or when `series` is absent any of them. */
  | { kind: 'market'; series?: readonly string[] | undefined }
  /** The hourly import changed these grid regions' figures (EIA codes). */
  | { kind: 'grid'; regions: readonly string[] }
  /** Retail prices or monthly generation by state changed. */
  | { kind: 'states' }
  | { kind: 'calendar' }
  /** An annotation of these series added, changed or removed; the stories it linked before and after list the series they annotate. */
  | { kind: 'annotation'; series: readonly string[]; articleIds: readonly number[] }
  | { kind: 'zoho' }
  /** The related stories these articles' pages show changed (a story like them was published, moved or withdrawn). */
  | { kind: 'related'; ids: readonly number[] }
  /** A correction of this article added, edited or removed. */
  | { kind: 'correction'; articleId: number }
  /** Something every page may show (the sample images replacing the seed's plain files). */
  | { kind: 'everything' };

/** The tags of the pages a change makes stale (pages that did not say what they show among them). */
export function tagsToPurge(change: ContentChange): string[] {
  return [...changeTags(change), tag.untagged];
}

function changeTags(change: ContentChange): string[] {
  switch (change.kind) {
    case 'article':
      return articleTags(change.before, change.after, change.textChanged ?? true);
    case 'author':
      return [tag.authorIndex, ...change.slugs.flatMap((slug) => [tag.author(slug), tag.authorArticles(slug)])];
    case 'topic':
      return [tag.topic(change.slug)];
    case 'analysis':
      return [tag.analysis(change.id), tag.analysisList];
    case 'market':
      // Pages showing one series' figures (stories) are purged by that series; an unnamed change purges them all.
      return [tag.market, ...(change.series ? change.series.map(tag.series) : [tag.anySeries])];
    case 'grid':
      return change.regions.map(tag.gridRegion);
    case 'states':
      return [tag.states];
    case 'calendar':
      return [tag.calendar];
    case 'annotation':
      return [...change.series.map(tag.series), ...change.articleIds.map(tag.annotatedSeries)];
    case 'zoho':
      return [tag.zoho];
    case 'related':
      return change.ids.map(tag.related);
    case 'correction':
      return [tag.corrections(change.articleId), tag.correctionList];
    case 'everything':
      return [tag.everyPage];
  }
}

/**
 * An article's change: its own tag always (every page showing it), its headline's when that
 * changed, and the lists it joins, leaves or moves in when readers' view of it changes (public
 * or not, publish time, featured, topic, author, address); search results when the text of a
 * public article changed.
 */
function articleTags(before: ArticleFacts | undefined, after: ArticleFacts | undefined, textChanged: boolean): string[] {
  const id = after?.id ?? before?.id;
  if (id === undefined) return [];
  // Taken off the site: every page showing it is dropped, never served stale.
  const withdrawn = before?.public === true && after?.public !== true;
  const purge = (t: string) => (withdrawn ? `${HARD_PURGE}${t}` : t);
  const tags = new Set([purge(tag.article(id))]);
  const headline = (f: ArticleFacts | undefined) =>
    f?.public ? `${f.slug}|${f.title}|${f.categorySlug}|${f.publishedAt}|${f.imageUrl ?? ''}` : 'hidden';
  if (headline(before) !== headline(after)) tags.add(purge(tag.headline(id)));
  const seen = [before, after].filter((f): f is ArticleFacts => f !== undefined && f.public);
  if (seen.length === 0) return [...tags];
  tags.add(tag.sitemap);
  const listed = (f: ArticleFacts | undefined) =>
    f?.public ? `${f.publishedAt}|${f.categorySlug}|${f.authorSlug ?? ''}|${f.featured}|${f.slug}` : 'hidden';
  if (listed(before) !== listed(after)) {
    tags.add(tag.everyArticle);
    tags.add(tag.search);
    for (const facts of seen) {
      tags.add(tag.topicArticles(facts.categorySlug));
      if (facts.authorSlug !== null) tags.add(tag.authorArticles(facts.authorSlug));
      if (facts.featured) tags.add(tag.featured);
    }
  } else if (textChanged) tags.add(tag.search);
  return [...tags];
}

/** What an article's pages care about, from the article as the newsroom sees it. */
export function articleFacts(
  article: {
    id: number;
    slug: string;
    status: string;
    publishedAt: string;
    category: { slug: string };
    authorSlug: string | null;
    featured: boolean;
    title: string;
    imageUrl: string | null;
  },
  now: Date = new Date(),
): ArticleFacts {
  return {
    id: article.id,
    public: article.status === 'published' && new Date(article.publishedAt).getTime() <= now.getTime(),
    publishedAt: article.publishedAt,
    categorySlug: article.category.slug,
    authorSlug: article.authorSlug,
    featured: article.featured,
    slug: article.slug,
    title: article.title,
    imageUrl: article.imageUrl,
  };
}
