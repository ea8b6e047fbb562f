import type { AdminPage } from '@/lib/wire/common';
import type { Author } from '@/lib/wire/articles';
import { useResource } from '@/components/admin/shared/use-resource';

/**
 * The newsroom's authors as suggestions for the article form's Author field (a datalist:
 * pick one, or type a new name, which the server makes an author record of).
 */
export function AuthorOptions({ id }: { id: string }) {
  const { data } = useResource<AdminPage<Author>>('/api/admin/authors', 'Could not load the authors.');
  return (
    <datalist id={id}>
      {data?.items.map((author) => (
        <option key={author.id} value={author.name}>
          {author.title || author.name}
        </option>
      ))}
    </datalist>
  );
}
