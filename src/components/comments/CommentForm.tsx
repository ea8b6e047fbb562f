// Loaded when a reader starts writing (see CommentsSection): react-hook-form, the shared
// zod schema and the toaster stay off the page until then.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { sendJson } from '@/lib/api-client';
import { reportSubmitError } from '@/lib/submit-error';
import { commentCreateSchema, type CommentCreate, type CommentCreateInput } from '@/lib/validation/comment';
import { toast } from '@/stores/toast';
import { Toaster } from '@/components/ui/toast';
import { CommentFields, type CommentFieldName } from './CommentFields';

const EMPTY: CommentCreateInput = { authorName: '', authorEmail: '', content: '', website: '' };

interface CommentFormProps {
  articleId: number;
  /** What the reader typed before this loaded. */
  initial: CommentCreateInput;
  /** The control that had focus, to give it back. */
  focusId: string | null;
  /** The reader pressed Submit before this loaded. */
  submitNow: boolean;
}

export default function CommentForm({ articleId, initial, focusId, submitNow }: CommentFormProps) {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CommentCreateInput, unknown, CommentCreate>({ resolver: zodResolver(commentCreateSchema), defaultValues: initial });

  const onSubmit = async (values: CommentCreate) => {
    try {
      await sendJson('POST', `/api/articles/${articleId}/comments`, values);
      reset(EMPTY);
      setSent(true);
      toast({ title: 'Comment Submitted', description: 'Your comment has been submitted and will appear after moderation.' });
    } catch (error) {
      reportSubmitError(error, 'Failed to submit comment. Please try again.', Object.keys(EMPTY) as CommentFieldName[], setError);
    }
  };
  const submit = handleSubmit(onSubmit);

  useEffect(() => {
    if (focusId) {
      const element = document.getElementById(focusId);
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        element.focus();
        element.setSelectionRange(element.value.length, element.value.length);
      }
    }
    if (submitNow) void submit();
    // Runs once, when the form replaces its light first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="bg-card relative grid gap-4 rounded-lg border p-5"
        aria-labelledby="comment-form-title"
      >
        <CommentFields
          field={(name) => register(name)}
          errors={{ authorName: errors.authorName?.message, authorEmail: errors.authorEmail?.message, content: errors.content?.message }}
          submitting={isSubmitting}
          status={sent ? 'Thank you! Your comment will appear after moderation.' : ''}
        />
      </form>
      <Toaster />
    </>
  );
}
