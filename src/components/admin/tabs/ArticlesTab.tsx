import { useState } from 'react';
import { formatZonedDateTime } from '@/lib/format';
import type { AdminArticleRow, Category } from '@/lib/wire/articles';
import { Badge } from '@/components/ui/badge';
import { ArticleDialog } from '@/components/admin/article/ArticleDialog';
import { BY_TIME, ItemRow, PagedList, choices } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';
import { useCan } from '@/components/admin/account';
import { ReviewBadge } from '@/components/admin/article/ReviewBadge';
import { RevisionNotices } from '@/components/admin/article/RevisionNotices';

/** Articles of every status, 50 a page: search, status and category filters, order; the editor opens one article. */
export function ArticlesTab({ categories, onChanged }: { categories: Category[]; onChanged: () => void }) {
  // When the list was opened: enough to tell scheduled articles apart.
  const [now] = useState(Date.now);
  // Contributors delete only their drafts; the server checks the same.
  const canPublish = useCan('publishOwnArticles');
  const list = usePagedList<AdminArticleRow>('/api/admin/articles', { filters: { status: 'all', categoryId: '' }, sort: 'newest', onChanged });
  return (
    <TabSection id="articles-title" title="Articles" action={<ArticleDialog categories={categories} onSaved={list.changed} />}>
      <RevisionNotices />
      <PagedList
        noun="article"
        list={list}
        searchLabel="Search articles"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: choices({ all: 'Every status', published: 'Published', scheduled: 'Scheduled', draft: 'Drafts', review: 'In review' }),
          },
          {
            name: 'categoryId',
            label: 'Category',
            options: [{ value: '', label: 'Every category' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))],
          },
        ]}
        sorts={choices({ ...BY_TIME, title: 'By title' })}
        empty="No articles match."
        renderRow={(a) => (
          <ItemRow
            edit={<ArticleDialog categories={categories} articleId={a.id} articleTitle={a.title} onSaved={list.changed} />}
            remove={
              canPublish || a.status === 'draft'
                ? {
                    question: `Delete "${a.title}"? This cannot be undone.`,
                    path: `/api/articles/${a.id}`,
                    success: 'Article deleted successfully',
                    onDone: list.changed,
                    label: `Delete ${a.title}`,
                  }
                : undefined
            }
          >
            <p className="flex flex-wrap items-center gap-2">
              <a href={`/article/${a.slug}`} className="font-semibold hover:underline">
                {a.title}
              </a>
              {a.featured && <Badge variant="featured">Featured</Badge>}
              {a.status === 'draft' && <Badge variant="secondary">Draft</Badge>}
              {a.status === 'published' && Date.parse(a.publishedAt) > now && <Badge variant="secondary">Scheduled</Badge>}
              <ReviewBadge state={a.reviewState} />
            </p>
            <p className="text-muted-foreground text-xs">
              {a.author} · {a.category.name} · {formatZonedDateTime(a.publishedAt)}
            </p>
          </ItemRow>
        )}
      />
    </TabSection>
  );
}
