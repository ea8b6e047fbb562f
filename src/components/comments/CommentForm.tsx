import { commentCreateSchema, type CommentCreate, type CommentCreateInput } from '@/lib/validation/comment';
import { TextField } from '@/components/forms/BoundFields';
import { ReaderForm } from '@/components/forms/ReaderForm';
import { useReaderForm } from '@/components/forms/use-reader-form';

const EMPTY: CommentCreateInput = { authorName: '', authorEmail: '', content: '', website: '' };

/**
 * The comment form: a reader's form (`useReaderForm`), so it hydrates on first use keeping
 * what was typed and never puts an e-mail address in a URL.
 */
export default function CommentForm({ articleId }: { articleId: number }) {
  const form = useReaderForm<CommentCreateInput, CommentCreate>(commentCreateSchema, EMPTY, {
    idPrefix: 'comment',
    url: `/api/articles/${articleId}/comments`,
    sent: { title: 'Comment Submitted', description: 'Your comment has been submitted and will appear after moderation.' },
    failed: 'Failed to submit comment. Please try again.',
  });
  return (
    <ReaderForm
      form={form}
      className="bg-card relative grid gap-4 rounded-lg border p-5"
      labelledBy="comment-form-title"
      submit="Submit Comment"
      pending="Submitting..."
    >
      <h3 id="comment-form-title" className="text-lg font-semibold">
        Leave a comment
      </h3>
      <p className="text-muted-foreground text-sm">Comments appear after moderation. Your e-mail address is never published.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="authorName" label="Name" autoComplete="name" />
        <TextField form={form} name="authorEmail" label="Email" type="email" autoComplete="email" />
      </div>
      <TextField form={form} name="content" label="Comment" rows={5} />
    </ReaderForm>
  );
}
