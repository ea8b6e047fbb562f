import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { META_DESCRIPTION_SHOWN, META_TITLE_SHOWN, type ArticleCreateInput } from '@/lib/validation/article';
import { SITE_NAME } from '@/lib/site';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** The field's error message (when any) and its character count describe it. */
const describedBy = (fieldId: string, error: string | undefined) => [error ? `${fieldId}-error` : '', `${fieldId}-count`].filter(Boolean).join(' ');

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** How many characters a field has against how many search results show, said to screen readers too. */
function Count({ id, length, shown }: { id: string; length: number; shown: number }) {
  return (
    <p id={id} className={length > shown ? 'text-xs text-amber-700' : 'text-muted-foreground text-xs'}>
      {length} of {shown} characters shown in search results
    </p>
  );
}

/**
 * Search and sharing: optional meta title, meta description and social image, each falling
 * back to the title, the excerpt and the image; with a preview of the search result and of
 * the card a shared link makes.
 */
export function ArticleSeoFields({
  id,
  register,
  control,
  errors,
}: {
  id: (name: string) => string;
  register: UseFormRegister<ArticleCreateInput>;
  control: Control<ArticleCreateInput>;
  errors: FieldErrors<ArticleCreateInput>;
}) {
  const [title, excerpt, slug, imageUrl, metaTitle, metaDescription, socialImageUrl] = useWatch({
    control,
    name: ['title', 'excerpt', 'slug', 'imageUrl', 'metaTitle', 'metaDescription', 'socialImageUrl'],
  });
  const shownTitle = (metaTitle ?? '').trim() || title;
  const shownDescription = (metaDescription ?? '').trim() || excerpt;
  const image = (socialImageUrl ?? '').trim() || (imageUrl ?? '').trim();
  return (
    <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Search and sharing</legend>
      <FormField id={id('meta-title')} label="Meta title" optional error={errors.metaTitle?.message}>
        <Input
          {...fieldProps(id('meta-title'), errors.metaTitle?.message)}
          aria-describedby={describedBy(id('meta-title'), errors.metaTitle?.message)}
          placeholder={title}
          {...register('metaTitle')}
        />
      </FormField>
      <Count id={id('meta-title-count')} length={shownTitle.length} shown={META_TITLE_SHOWN} />
      <FormField id={id('meta-description')} label="Meta description" optional error={errors.metaDescription?.message}>
        <Textarea
          {...fieldProps(id('meta-description'), errors.metaDescription?.message)}
          aria-describedby={describedBy(id('meta-description'), errors.metaDescription?.message)}
          rows={3}
          placeholder={excerpt}
          {...register('metaDescription')}
        />
      </FormField>
      <Count id={id('meta-description-count')} length={shownDescription.length} shown={META_DESCRIPTION_SHOWN} />
      <FormField id={id('social-image')} label="Social image URL" optional error={errors.socialImageUrl?.message}>
        <Input {...fieldProps(id('social-image'), errors.socialImageUrl?.message)} placeholder={imageUrl ?? ''} {...register('socialImageUrl')} />
      </FormField>
      <section aria-label="Search result preview" className="rounded-md border p-3 text-sm" data-testid="search-preview">
        <p className="text-muted-foreground truncate text-xs">
          {SITE_NAME} › article › {slug || 'slug'}
        </p>
        <p className="truncate text-base text-blue-800">{clip(`${shownTitle || 'Title'} | ${SITE_NAME}`, META_TITLE_SHOWN)}</p>
        <p className="text-muted-foreground line-clamp-3 text-xs">{clip(shownDescription || 'Description', META_DESCRIPTION_SHOWN)}</p>
      </section>
      <section aria-label="Shared link preview" className="overflow-hidden rounded-md border text-sm" data-testid="social-preview">
        {image ? (
          <img src={image} alt="" className="bg-muted aspect-[1.91/1] w-full object-cover" />
        ) : (
          <div className="bg-muted text-muted-foreground grid aspect-[1.91/1] place-items-center p-2 text-center text-xs">
            A card drawn from the title, category and date
          </div>
        )}
        <div className="bg-muted/50 p-2">
          <p className="line-clamp-2 font-semibold">{shownTitle || 'Title'}</p>
          <p className="text-muted-foreground line-clamp-2 text-xs">{shownDescription || 'Description'}</p>
        </div>
      </section>
    </fieldset>
  );
}
