import type { BaseSyntheticEvent, ReactNode, Ref } from 'react';
import { ReaderFormSubmit } from '@/components/ui/form-field';
import { Toaster } from '@/components/ui/toast';

/** What the form on the page needs of a `useReaderForm` form. */
interface ReaderFormState {
  formRef: Ref<HTMLFormElement>;
  onSubmit: (e: BaseSyntheticEvent) => void;
  register: (name: 'website') => Record<string, unknown>;
  formState: { isSubmitting: boolean };
}

/**
 * A reader's form (`useReaderForm`) on the page: a POST form, so a submission that goes native
 * never puts what was typed in a URL; its fields, then the honeypot and the submit button (which
 * says `pending` while the form is sent); and the toaster that thanks the reader.
 */
export function ReaderForm({
  form: { formRef, onSubmit, register, formState },
  className,
  labelledBy,
  submit,
  pending,
  children,
}: {
  form: ReaderFormState;
  className: string;
  /** The id of the heading that names the form, if it has one. */
  labelledBy?: string;
  /** The submit button's text, and what it says while the form is sent. */
  submit: string;
  pending: string;
  children: ReactNode;
}) {
  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} method="post" noValidate className={className} aria-labelledby={labelledBy}>
        {children}
        <ReaderFormSubmit honeypot={register('website')} sending={formState.isSubmitting} pending={pending}>
          {submit}
        </ReaderFormSubmit>
      </form>
      <Toaster />
    </>
  );
}
