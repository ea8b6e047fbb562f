import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import type { Author } from '@/lib/wire/articles';
import { authorFormSchema, linksToText, type AuthorFormInput } from '@/lib/validation/author';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/forms/BoundFields';
import { EditDialog } from '@/components/admin/shared/EditDialog';
import { MediaPicker } from '@/components/admin/media/MediaPicker';

const EMPTY: AuthorFormInput = { name: '', slug: '', title: '', bio: '', photoUrl: '', links: '' };

/** Add or Edit an author: the byline name, the author page's address, title, bio, photo and links. */
export function AuthorDialog({ author, onSaved }: { author?: Author | undefined; onSaved: () => void }) {
  const [picker, setPicker] = useState({ open: false, opened: 0 });
  return (
    <EditDialog
      schema={authorFormSchema}
      values={
        author
          ? {
              name: author.name,
              slug: author.slug,
              title: author.title,
              bio: author.bio,
              photoUrl: author.photoUrl ?? '',
              links: linksToText(author.links),
            }
          : EMPTY
      }
      idPrefix={`author-${author?.id ?? 'new'}`}
      editLabel={author && `Edit ${author.name}`}
      title={author ? 'Edit Author' : 'Add Author'}
      description="Shown on the author's page and linked from every byline."
      submitLabel={author ? 'Save Changes' : 'Create'}
      save={(body) => (author ? sendJson('PATCH', `/api/admin/authors/${author.id}`, body) : sendJson('POST', '/api/admin/authors', body))}
      saved={author ? 'Author updated successfully' : 'Author created successfully'}
      failure="The author could not be saved."
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="name" label="Name" />
            <TextField form={form} name="slug" label="Slug (/author/…)" />
          </div>
          <TextField form={form} name="title" label="Title" placeholder="Senior Oil & Gas Reporter" />
          <TextField form={form} name="bio" label="Short bio" rows={4} />
          <div className="flex items-end gap-2">
            <TextField form={form} name="photoUrl" label="Photo URL" placeholder="https://…" className="flex-1" />
            <Button type="button" variant="outline" onClick={() => setPicker((p) => ({ open: true, opened: p.opened + 1 }))}>
              Choose photo
            </Button>
          </div>
          <MediaPicker
            key={picker.opened}
            open={picker.open}
            onOpenChange={(next) => setPicker((p) => ({ ...p, open: next }))}
            title="Author photo"
            withDetails={false}
            placeLabel="Use as photo"
            onPick={(item) => form.setValue('photoUrl', item.url, { shouldDirty: true, shouldValidate: true })}
          />
          <TextField
            form={form}
            name="links"
            label="Links (one per line: Label | https://address)"
            rows={3}
            inputClassName="font-mono text-sm"
            placeholder="Website | https://example.com"
          />
        </>
      )}
    </EditDialog>
  );
}
