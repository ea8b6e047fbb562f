import { useRef, useState, type SyntheticEvent } from 'react';
import * as z from '@/lib/validation/zod-mini';
import { sendJson } from '@/lib/api-client';
import { reportSubmitError } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { useHeldSubmit } from '@/components/forms/use-held-submit';
import { preloadToaster } from '@/components/ui/toast';

/** Where a reader's form goes and what it says after. */
export interface ReaderFormSend {
  /** The endpoint the values are POSTed to as JSON. */
  url: string;
  /** The toast once the server took them. */
  sent: { title: string; description: string };
  /** The toast's text when the server gave no message of its own. */
  failed: string;
}

/** A control a reader's form reads its value from. */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The first message of each field the schema refused, by field (as react-hook-form's zod resolver reports them). */
function fieldErrors(error: z.core.$ZodError): Record<string, { message: string }> {
  const errors: Record<string, { message: string }> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= { message: issue.message };
  }
  return errors;
}

/**
 * A reader's form on a public page (a comment, a contact message): rendered whole on the
 * server and hydrated on first interaction (`client:interaction`), keeping what was typed, a
 * submit made before that sent once it has hydrated (`formRef`); validated with the
 * endpoint's schema, POSTed, then emptied and thanked for in a toast, or the server's
 * messages put on the fields. POST, so a submission that goes native never puts what was
 * typed in a URL.
 *
 * Its fields are the form's own (uncontrolled, as the server rendered them) and it keeps
 * only their messages: the article page's weight budget has no room for react-hook-form,
 * so this is the part of it (`useZodForm`) a reader's text fields use, with its behavior:
 * validated on submit, the first refused field focused, then each field validated again as
 * it changes.
 */
export function useReaderForm<Input extends Record<string, string | undefined>, Output>(
  schema: z.core.$ZodType<Output, Input>,
  empty: Input,
  to: ReaderFormSend,
) {
  type Field = keyof Input & string;
  const controls = useRef(new Map<string, Control>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<Field, { message: string }>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const formRef = useHeldSubmit();
  const fields = Object.keys(empty) as Field[];

  const values = () => Object.fromEntries(fields.map((name) => [name, controls.current.get(name)?.value ?? empty[name]])) as Input;
  const setError = (field: Field, error: { message: string }) => setErrors((current) => ({ ...current, [field]: error }));

  const validateField = async (name: Field) => {
    const result = await z.safeParseAsync(schema, values());
    const error = result.success ? undefined : fieldErrors(result.error)[name];
    setErrors((current) => {
      if (current[name]?.message === error?.message) return current;
      const next = { ...current };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  };

  const register = (name: Field) => ({
    name,
    ref: (control: Control | null) => {
      if (control) controls.current.set(name, control);
      else controls.current.delete(name);
    },
    onChange: () => {
      if (submitted.current) void validateField(name);
    },
    onBlur: () => {},
  });

  const reset = (to: Input) => {
    for (const name of fields) {
      const control = controls.current.get(name);
      if (control) control.value = to[name] ?? '';
    }
    submitted.current = false;
    setErrors({});
  };

  const submit = async () => {
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = await z.safeParseAsync(schema, values());
      if (!result.success) {
        const found = fieldErrors(result.error);
        setErrors(found as Partial<Record<Field, { message: string }>>);
        const first = fields.find((name) => found[name]);
        if (first) controls.current.get(first)?.focus();
        return;
      }
      setErrors({});
      preloadToaster();
      await send(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  const send = async (data: Output) => {
    try {
      await sendJson('POST', to.url, data);
      reset(empty);
      toast(to.sent);
    } catch (error) {
      reportSubmitError(error, to.failed, fields, setError);
    }
  };

  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    void submit();
  };

  return { register, reset, setError, formRef, onSubmit, formState: { errors, isSubmitting } };
}
