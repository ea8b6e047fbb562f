import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { reportSubmitError } from '@/lib/submit-error';

/**
 * A react-hook-form form validated by a shared zod schema (the one its endpoint uses), with
 * `reportError`: the server's field messages onto the form's fields and its message in a
 * toast (titled Error unless told). Every form of the admin starts here.
 */
export function useZodForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, defaultValues: Input) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema as never) as never, defaultValues: defaultValues as never });
  const fields = Object.keys(defaultValues) as Path<Input>[];
  const reportError = (error: unknown, fallback: string, title?: string) =>
    reportSubmitError(error, fallback, fields, (field, e) => form.setError(field, e), title);
  return { ...form, reportError };
}
