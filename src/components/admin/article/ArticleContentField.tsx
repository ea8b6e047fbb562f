import { Controller, type Control } from 'react-hook-form';
import type { ArticleCreateInput } from '@/lib/validation/article';
import { RichTextEditor } from '@/components/admin/editor/RichTextEditor';

/**
 * The article's body: the rich-text editor as a form field, named by its label and tied to
 * its error message. On wide screens it takes the height the form leaves it; on a phone
 * (where the form scrolls as one) the writing area is about a screen high.
 */
export function ArticleContentField({ id, control, error }: { id: string; control: Control<ArticleCreateInput>; error: string | undefined }) {
  return (
    <div className="flex flex-col gap-2 lg:min-h-0 lg:flex-1">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        Content
      </span>
      <Controller
        control={control}
        name="content"
        render={({ field }) => (
          <RichTextEditor
            id={id}
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
            className="max-lg:min-h-[75dvh] lg:min-h-0 lg:flex-1"
          />
        )}
      />
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
