import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import type { Author } from '@/lib/wire/articles';
import { authorFormSchema, linksToText, type AuthorFormInput } from '@/lib/validation/author';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/components/forms/use-zod-form';
import { FormDialog } from '@/components/admin/shared/FormDialog';
import { MediaPicker } from '@/components/admin/media/MediaPicker';

/** Add or Edit an author: the byline name, the author page's address, title, bio, photo and links. */
export function AuthorDialog({ author, onSaved }: { author?: Author; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [picker, setPicker] = useState({ open: false, opened: 0 });
  const defaults: AuthorFormInput = author
    ? {
        name: author.name,
        slug: author.slug,
        title: author.title,
        bio: author.bio,
        photoUrl: author.photoUrl ?? '',
        links: linksToText(author.links),
      }
    : { name: '', slug: '', title: '', bio: '', photoUrl: '', links: '' };
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm(authorFormSchema, defaults);

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (author) await sendJson('PATCH', `/api/admin/authors/${author.id}`, body);
      else await sendJson('POST', '/api/admin/authors', body);
      toast({ title: author ? 'Author updated successfully' : 'Author created successfully' });
      setOpen(false);
      if (!author) reset(defaults);
      onSaved();
    } catch (error) {
      reportError(error, 'The author could not be saved.');
    }
  });

  const id = (name: string) => `author-${author?.id ?? 'new'}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        author ? (
          <Button variant="outline" size="sm" aria-label={`Edit ${author.name}`}>
            Edit
          </Button>
        ) : (
          <Button>Add Author</Button>
        )
      }
      title={author ? 'Edit Author' : 'Add Author'}
      description="Shown on the author's page and linked from every byline."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('name')} label="Name" error={errors.name?.message}>
            <Input {...fieldProps(id('name'), errors.name?.message)} {...register('name')} />
          </FormField>
          <FormField id={id('slug')} label="Slug (/author/…)" error={errors.slug?.message}>
            <Input {...fieldProps(id('slug'), errors.slug?.message)} {...register('slug')} />
          </FormField>
        </div>
        <FormField id={id('title')} label="Title" error={errors.title?.message}>
          <Input {...fieldProps(id('title'), errors.title?.message)} placeholder="Senior Oil & Gas Reporter" {...register('title')} />
        </FormField>
        <FormField id={id('bio')} label="Short bio" error={errors.bio?.message}>
          <Textarea {...fieldProps(id('bio'), errors.bio?.message)} rows={4} {...register('bio')} />
        </FormField>
        <div className="flex items-end gap-2">
          <FormField id={id('photoUrl')} label="Photo URL" error={errors.photoUrl?.message} className="flex-1">
            <Input {...fieldProps(id('photoUrl'), errors.photoUrl?.message)} placeholder="https://…" {...register('photoUrl')} />
          </FormField>
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
          onPick={(item) => setValue('photoUrl', item.url, { shouldDirty: true, shouldValidate: true })}
        />
        <FormField id={id('links')} label="Links (one per line: Label | https://address)" error={errors.links?.message}>
          <Textarea
            {...fieldProps(id('links'), errors.links?.message)}
            rows={3}
            className="font-mono text-sm"
            placeholder="Website | https://example.com"
            {...register('links')}
          />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : author ? 'Save Changes' : 'Create'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
