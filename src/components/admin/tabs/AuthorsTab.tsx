import type { Author } from '@/lib/wire/articles';
import { AuthorDialog } from '@/components/admin/authors/AuthorDialog';
import { RecordList } from '@/components/admin/shared/RecordList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** The newsroom's authors, 50 a page by name: search, add, edit, delete (an author with articles is kept). */
export function AuthorsTab() {
  const list = usePagedList<Author>('/api/admin/authors', { sort: 'name' });
  return (
    <RecordList
      section={{ id: 'authors-title', title: 'Authors' }}
      noun="author"
      list={list}
      searchLabel="Search author names"
      sorts={[{ value: 'name', label: 'By name' }]}
      empty="No authors yet"
      dialog={(author) => <AuthorDialog author={author} onSaved={list.reload} />}
      remove={(author) => ({
        question: `Delete ${author.name}?`,
        success: 'Author deleted successfully',
        label: `Delete ${author.name}`,
      })}
      renderRow={(author) => (
        <>
          <p className="font-semibold">
            <a href={`/author/${author.slug}`} className="hover:underline">
              {author.name}
            </a>
            {author.title && <span className="text-muted-foreground font-normal"> · {author.title}</span>}
          </p>
          {author.bio && <p className="text-muted-foreground line-clamp-2 text-sm">{author.bio}</p>}
        </>
      )}
    />
  );
}
