import type { Author } from '@/lib/wire/articles';
import { AuthorDialog } from '@/components/admin/authors/AuthorDialog';
import { ItemRow, PagedList } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';

/** The newsroom's authors, 50 a page by name: search, add, edit, delete (an author with articles is kept). */
export function AuthorsTab() {
  const list = usePagedList<Author>('/api/admin/authors', { sort: 'name' });
  return (
    <TabSection id="authors-title" title="Authors" action={<AuthorDialog onSaved={list.reload} />}>
      <PagedList
        name="authors"
        noun="author"
        list={list}
        searchLabel="Search author names"
        sorts={[{ value: 'name', label: 'By name' }]}
        empty="No authors yet"
        renderRow={(author) => (
          <ItemRow
            edit={<AuthorDialog author={author} onSaved={list.reload} />}
            remove={{
              question: `Delete ${author.name}?`,
              path: `/api/admin/authors/${author.id}`,
              success: 'Author deleted successfully',
              onDone: list.reload,
              label: `Delete ${author.name}`,
            }}
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
    </TabSection>
  );
}
