import { categoryBadgeClass } from '@/lib/categories';
import { formatLongDate } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { snippetParts } from '@/lib/snippet';
import type { ArticleSummary } from '@/lib/wire/articles';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';

/** How wide a card shows, for `sizes` (the grids hold up to three cards in a row of at most 80rem). */
const CARD_IMAGE_SIZES = '(min-width: 80rem) 24rem, (min-width: 48rem) 33vw, calc(100vw - 2rem)';

interface ArticleCardProps {
  article: ArticleSummary;
  /** Heading level of the title within the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** Loads the image eagerly (for cards above the fold). */
  priority?: boolean;
  /** A search result's passage around the matched words, shown instead of the excerpt. */
  snippet?: string | undefined;
  /** Says "By {author}": not on the author's own page, where every card would repeat it. */
  byline?: boolean;
  /**
   * Shows the headline only (image, topic, date, title): a related story. Its page records the
   * headline's tag rather than the article's (`showsHeadlines`), so it renders again only
   * when one of these changes.
   */
  headline?: boolean;
  /** A lead card's classes from `leadCardClasses`: its span in the grid, and where it lays out wide. */
  lead?: { span: string; wide: string; image: string } | undefined;
}

/**
 * The list card: image, category badge, relative time, linked title,
 * excerpt, author and a Read More link (the headline alone for a related story).
 */
export function ArticleCard({ article, headingLevel = 'h3', priority = false, snippet, byline = true, headline = false, lead }: ArticleCardProps) {
  const Heading = headingLevel;
  const href = `/article/${article.slug}`;
  return (
    <article
      className={cn(
        'bg-card flex h-full flex-col overflow-hidden rounded-lg border shadow-sm transition-shadow hover:shadow-md',
        lead?.span,
        lead?.wide,
      )}
    >
      {article.image ? (
        <img
          src={article.image.cardSrc}
          srcSet={article.image.webpSrcset}
          sizes={CARD_IMAGE_SIZES}
          alt=""
          width={article.image.width}
          height={article.image.height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className={cn('bg-muted aspect-video w-full object-cover', lead?.image)}
        />
      ) : (
        article.imageUrl && (
          <img
            src={article.imageUrl}
            alt=""
            width={800}
            height={450}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className={cn('bg-muted aspect-video w-full object-cover', lead?.image)}
          />
        )
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="text-muted-foreground flex flex-wrap items-center gap-2 text-xs">
          <Badge variant="plain" className={cn(categoryBadgeClass(article.category.slug))}>
            {article.category.name}
          </Badge>
          {/* The server writes the date (a cached page stays true); the browser says it relative to now. */}
          <time dateTime={article.publishedAt} title={formatLongDate(article.publishedAt)} data-relative suppressHydrationWarning>
            {typeof window === 'undefined' ? formatLongDate(article.publishedAt) : formatRelativeTime(article.publishedAt)}
          </time>
        </div>
        <Heading className="text-lg leading-snug font-semibold">
          <a href={href} className="hover:text-primary hover:underline">
            {article.title}
          </a>
        </Heading>
        {!headline && (
          <>
            {snippet ? (
              <p className="text-muted-foreground line-clamp-3 text-sm" data-snippet>
                {snippetParts(snippet).map((part, i) =>
                  part.match ? (
                    <mark key={i} className="rounded-sm bg-amber-200/70 px-0.5 text-slate-950 dark:bg-amber-300">
                      {part.text}
                    </mark>
                  ) : (
                    part.text
                  ),
                )}
              </p>
            ) : (
              <p className="text-muted-foreground line-clamp-3 text-sm">{article.excerpt}</p>
            )}
            <div className="mt-auto flex items-center justify-between gap-3 pt-2 text-sm">
              {byline ? (
                <span className="text-muted-foreground">
                  By{' '}
                  {article.authorSlug ? (
                    <a href={`/author/${article.authorSlug}`} className="hover:text-primary underline-offset-2 hover:underline">
                      {article.author}
                    </a>
                  ) : (
                    article.author
                  )}
                </span>
              ) : (
                <span />
              )}
              <a href={href} className="text-primary font-medium hover:underline">
                Read More<span className="sr-only">: {article.title}</span>
              </a>
            </div>
          </>
        )}
      </div>
    </article>
  );
}
