import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { reportSubmitError } from '@/lib/submit-error';

/**
 * A react-hook-form form validated by a shared zod schema (the one its endpoint uses, from
 * zod's full or mini build), with `reportError`: the server's field messages onto the
 * form's fields and its message in a toast (titled Error unless told). Every form of the
 * site starts here.
 *
 * `adoptRendered`: the form was rendered on the server and hydrates on first use, so what
 * a reader typed before that is in the fields already; the form starts from the fields'
 * own values instead of writing `empty` over them.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.core.$ZodType<Output, Input>,
  empty: Input,
  { adoptRendered = false }: { adoptRendered?: boolean } = {},
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never) as never,
    ...(adoptRendered ? {} : { defaultValues: empty as never }),
  });
  const fields = Object.keys(empty) as Path<Input>[];
  const reportError = (error: unknown, fallback: string, title?: string) =>
    reportSubmitError(error, fallback, fields, (field, e) => form.setError(field, e), title);
  return { ...form, reportError };
}
