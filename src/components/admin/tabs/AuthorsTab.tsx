import type { Author } from '@/lib/types';
import { AuthorDialog } from '@/components/admin/authors/AuthorDialog';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { ItemRow, PagedList } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** The newsroom's authors, 50 a page by name: search, add, edit, delete (an author with articles is kept). */
export function AuthorsTab() {
  const list = usePagedList<Author>('/api/admin/authors', { sort: 'name' });
  return (
    <section aria-labelledby="authors-title" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="authors-title" className="text-xl font-semibold">
          Authors
        </h2>
        <AuthorDialog onSaved={list.reload} />
      </div>
      <PagedList
        name="authors"
        noun="author"
        list={list}
        searchLabel="Search author names"
        sorts={[{ value: 'name', label: 'By name' }]}
        empty="No authors yet"
        renderRow={(author) => (
          <ItemRow
            actions={
              <>
                <AuthorDialog author={author} onSaved={list.reload} />
                <DeleteButton
                  question={`Delete ${author.name}?`}
                  path={`/api/admin/authors/${author.id}`}
                  success="Author deleted successfully"
                  onDone={list.reload}
                  label={`Delete ${author.name}`}
                />
              </>
            }
          >
            <p className="font-semibold">
              <a href={`/author/${author.slug}`} className="hover:underline">
                {author.name}
              </a>
              {author.title && <span className="text-muted-foreground font-normal"> · {author.title}</span>}
            </p>
            {author.bio && <p className="text-muted-foreground line-clamp-2 text-sm">{author.bio}</p>}
          </ItemRow>
        )}
      />
    </section>
  );
}
