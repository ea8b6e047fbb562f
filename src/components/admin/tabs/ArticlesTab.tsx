import { useState } from 'react';
import { formatZonedDateTime } from '@/lib/format';
import type { AdminArticleRow, Category } from '@/lib/types';
import { Badge } from '@/components/ui/badge';
import { ArticleDialog } from '@/components/admin/article/ArticleDialog';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { ItemRow, PagedList } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** Articles of every status, 50 a page: search, status and category filters, order; the editor opens one article. */
export function ArticlesTab({ categories, onChanged }: { categories: Category[]; onChanged: () => void }) {
  // When the list was opened: enough to tell scheduled articles apart.
  const [now] = useState(Date.now);
  const list = usePagedList<AdminArticleRow>('/api/admin/articles', { filters: { status: 'all', categoryId: '' }, sort: 'newest' });
  const refresh = () => {
    list.reload();
    onChanged();
  };
  return (
    <section aria-labelledby="articles-title" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="articles-title" className="text-xl font-semibold">
          Articles
        </h2>
        <ArticleDialog categories={categories} onSaved={refresh} />
      </div>
      <PagedList
        name="articles"
        noun="article"
        list={list}
        searchLabel="Search articles"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              { value: 'all', label: 'Every status' },
              { value: 'published', label: 'Published' },
              { value: 'scheduled', label: 'Scheduled' },
              { value: 'draft', label: 'Drafts' },
            ],
          },
          {
            name: 'categoryId',
            label: 'Category',
            options: [{ value: '', label: 'Every category' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))],
          },
        ]}
        sorts={[
          { value: 'newest', label: 'Newest first' },
          { value: 'oldest', label: 'Oldest first' },
          { value: 'title', label: 'By title' },
        ]}
        empty="No articles match."
        renderRow={(a) => (
          <ItemRow
            actions={
              <>
                <ArticleDialog categories={categories} articleId={a.id} articleTitle={a.title} onSaved={refresh} />
                <DeleteButton
                  question={`Delete "${a.title}"? This cannot be undone.`}
                  path={`/api/articles/${a.id}`}
                  success="Article deleted successfully"
                  onDone={refresh}
                  label={`Delete ${a.title}`}
                />
              </>
            }
          >
            <p className="flex flex-wrap items-center gap-2">
              <a href={`/article/${a.slug}`} className="font-semibold hover:underline">
                {a.title}
              </a>
              {a.featured && <Badge variant="featured">Featured</Badge>}
              {a.status === 'draft' && <Badge variant="secondary">Draft</Badge>}
              {a.status === 'published' && Date.parse(a.publishedAt) > now && <Badge variant="secondary">Scheduled</Badge>}
            </p>
            <p className="text-muted-foreground text-xs">
              {a.author} · {a.category.name} · {formatZonedDateTime(a.publishedAt)}
            </p>
          </ItemRow>
        )}
      />
    </section>
  );
}
