import { useState } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import type { ArticleCreateInput } from '@/lib/validation/article';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MediaPicker } from '@/components/admin/media/MediaPicker';

/**
 * The article's lead image: chosen from the media library (which fills its address, alt text,
 * caption and credit) or typed as an address, as older articles have it. Alt text is required
 * with a library image; the schema checks it here and on the server.
 */
export function LeadImageFields({
  id,
  control,
  register,
  setValue,
  errors,
}: {
  id: (name: string) => string;
  control: Control<ArticleCreateInput>;
  register: UseFormRegister<ArticleCreateInput>;
  setValue: UseFormSetValue<ArticleCreateInput>;
  errors: FieldErrors<ArticleCreateInput>;
}) {
  const [picker, setPicker] = useState({ open: false, opened: 0 });
  const imageUrl = useWatch({ control, name: 'imageUrl' }) ?? '';
  const set = (name: 'imageUrl' | 'imageAlt' | 'imageCaption' | 'imageCredit', value: string) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: name === 'imageAlt' });
  return (
    <fieldset className="grid gap-3 rounded-md border p-3" data-testid="lead-image-fields">
      <legend className="px-1 text-sm font-medium">
        Lead image <span className="text-muted-foreground font-normal">(optional)</span>
      </legend>
      {imageUrl.trim() && (
        <img src={imageUrl} alt="" className="bg-muted aspect-video w-full rounded object-cover" data-testid="lead-image-preview" />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setPicker((p) => ({ open: true, opened: p.opened + 1 }))}>
          {imageUrl.trim() ? 'Change image' : 'Choose image'}
        </Button>
        {imageUrl.trim() && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              for (const name of ['imageUrl', 'imageAlt', 'imageCaption', 'imageCredit'] as const) set(name, '');
            }}
          >
            Remove image
          </Button>
        )}
      </div>
      <FormField id={id('image')} label="Image URL" error={errors.imageUrl?.message}>
        <Input {...fieldProps(id('image'), errors.imageUrl?.message)} {...register('imageUrl')} />
      </FormField>
      <FormField id={id('image-alt')} label="Alt text" error={errors.imageAlt?.message}>
        <Input {...fieldProps(id('image-alt'), errors.imageAlt?.message)} {...register('imageAlt')} />
      </FormField>
      <FormField id={id('image-caption')} label="Caption" optional error={errors.imageCaption?.message}>
        <Input {...fieldProps(id('image-caption'), errors.imageCaption?.message)} {...register('imageCaption')} />
      </FormField>
      <FormField id={id('image-credit')} label="Credit" optional error={errors.imageCredit?.message}>
        <Input {...fieldProps(id('image-credit'), errors.imageCredit?.message)} {...register('imageCredit')} />
      </FormField>
      <MediaPicker
        key={picker.opened}
        open={picker.open}
        onOpenChange={(open) => setPicker((p) => ({ ...p, open }))}
        title="Lead image"
        withDetails
        placeLabel="Use as lead image"
        onPick={(item, details) => {
          set('imageUrl', item.url);
          set('imageAlt', details.alt);
          set('imageCaption', details.caption);
          set('imageCredit', details.credit);
        }}
      />
    </fieldset>
  );
}
