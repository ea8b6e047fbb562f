import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, HoneypotField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

export type CommentFieldName = 'authorName' | 'authorEmail' | 'content' | 'website';

/** Markup of the comment form, shared by the light first render and the full form. */
export function CommentFields({
  field,
  errors = {},
  submitting = false,
  status,
}: {
  /** Props for each control: `name` and a default value before the form loads, `register()` after. */
  field: (name: CommentFieldName) => Record<string, unknown>;
  errors?: Partial<Record<CommentFieldName, string | undefined>>;
  submitting?: boolean;
  status?: ReactNode;
}) {
  return (
    <>
      <h3 id="comment-form-title" className="text-lg font-semibold">
        Leave a comment
      </h3>
      <p className="text-muted-foreground text-sm">Comments appear after moderation. Your e-mail address is never published.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="comment-name" label="Name" error={errors.authorName}>
          <Input {...fieldProps('comment-name', errors.authorName)} autoComplete="name" {...field('authorName')} />
        </FormField>
        <FormField id="comment-email" label="Email" error={errors.authorEmail}>
          <Input {...fieldProps('comment-email', errors.authorEmail)} type="email" autoComplete="email" {...field('authorEmail')} />
        </FormField>
      </div>
      <FormField id="comment-content" label="Comment" error={errors.content}>
        <Textarea {...fieldProps('comment-content', errors.content)} rows={5} {...field('content')} />
      </FormField>
      <HoneypotField register={field('website')} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Comment'}
        </Button>
        <p role="status" className="text-positive text-sm">
          {status}
        </p>
      </div>
    </>
  );
}
