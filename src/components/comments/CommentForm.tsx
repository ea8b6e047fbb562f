import { sendJson } from '@/lib/api-client';
import { commentCreateSchema, type CommentCreate, type CommentCreateInput } from '@/lib/validation/comment';
import { toast } from '@/stores/toast';
import { useHeldSubmit } from '@/components/forms/use-held-submit';
import { useZodForm } from '@/components/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { FormField, HoneypotField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Toaster, preloadToaster } from '@/components/ui/toast';

const EMPTY: CommentCreateInput = { authorName: '', authorEmail: '', content: '', website: '' };

/**
 * The comment form. The server renders it complete; it hydrates on the reader's first
 * focus, key or click (`client:interaction`), keeping the same fields, the focus and what
 * was typed, and a Submit pressed before that is sent once it has hydrated. POST, so a
 * submission that somehow goes native never puts an e-mail address in a URL.
 */
export default function CommentForm({ articleId }: { articleId: number }) {
  const {
    register,
    handleSubmit,
    reset,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm<CommentCreateInput, CommentCreate>(commentCreateSchema, EMPTY, { adoptRendered: true });
  const form = useHeldSubmit();

  const onSubmit = async (values: CommentCreate) => {
    preloadToaster();
    try {
      await sendJson('POST', `/api/articles/${articleId}/comments`, values);
      reset(EMPTY);
      toast({ title: 'Comment Submitted', description: 'Your comment has been submitted and will appear after moderation.' });
    } catch (error) {
      reportError(error, 'Failed to submit comment. Please try again.');
    }
  };
  const error = {
    authorName: errors.authorName?.message,
    authorEmail: errors.authorEmail?.message,
    content: errors.content?.message,
  };

  return (
    <>
      <form
        ref={form}
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        method="post"
        noValidate
        className="bg-card relative grid gap-4 rounded-lg border p-5"
        aria-labelledby="comment-form-title"
      >
        <h3 id="comment-form-title" className="text-lg font-semibold">
          Leave a comment
        </h3>
        <p className="text-muted-foreground text-sm">Comments appear after moderation. Your e-mail address is never published.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="comment-name" label="Name" error={error.authorName}>
            <Input {...fieldProps('comment-name', error.authorName)} autoComplete="name" {...register('authorName')} />
          </FormField>
          <FormField id="comment-email" label="Email" error={error.authorEmail}>
            <Input {...fieldProps('comment-email', error.authorEmail)} type="email" autoComplete="email" {...register('authorEmail')} />
          </FormField>
        </div>
        <FormField id="comment-content" label="Comment" error={error.content}>
          <Textarea {...fieldProps('comment-content', error.content)} rows={5} {...register('content')} />
        </FormField>
        <HoneypotField register={register('website')} />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Submit Comment'}
          </Button>
        </div>
      </form>
      <Toaster />
    </>
  );
}
