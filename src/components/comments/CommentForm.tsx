import { commentCreateSchema, type CommentCreate, type CommentCreateInput } from '@/lib/validation/comment';
import { useReaderForm } from '@/components/forms/use-reader-form';
import { FormField, ReaderFormSubmit, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Toaster } from '@/components/ui/toast';

const EMPTY: CommentCreateInput = { authorName: '', authorEmail: '', content: '', website: '' };

/**
 * The comment form: a reader's form (`useReaderForm`), so it hydrates on first use keeping
 * what was typed and never puts an e-mail address in a URL.
 */
export default function CommentForm({ articleId }: { articleId: number }) {
  const {
    register,
    formRef,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useReaderForm<CommentCreateInput, CommentCreate>(commentCreateSchema, EMPTY, {
    url: `/api/articles/${articleId}/comments`,
    sent: { title: 'Comment Submitted', description: 'Your comment has been submitted and will appear after moderation.' },
    failed: 'Failed to submit comment. Please try again.',
  });
  const error = {
    authorName: errors.authorName?.message,
    authorEmail: errors.authorEmail?.message,
    content: errors.content?.message,
  };

  return (
    <>
      <form
        ref={formRef}
        onSubmit={onSubmit}
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
        <ReaderFormSubmit honeypot={register('website')} sending={isSubmitting} pending="Submitting...">
          Submit Comment
        </ReaderFormSubmit>
      </form>
      <Toaster />
    </>
  );
}
