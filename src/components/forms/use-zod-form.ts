import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
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
 *
 * `fieldId(name)` is the id of a field's control (`{idPrefix}-{name}`, a generated prefix
 * unless told), which the bound fields (`TextField`, `SelectField`) tie their labels to.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.core.$ZodType<Output, Input>,
  empty: Input,
  { adoptRendered = false, idPrefix }: { adoptRendered?: boolean; idPrefix?: string } = {},
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never) as never,
    ...(adoptRendered ? {} : { defaultValues: empty as never }),
  });
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const fields = Object.keys(empty) as Path<Input>[];
  const reportError = (error: unknown, fallback: string, title?: string) =>
    reportSubmitError(error, fallback, fields, (field, e) => form.setError(field, e), title);
  return { ...form, reportError, fieldId: (name: string) => `${prefix}-${name}` };
}

/** A form made by `useZodForm`. */
export type ZodForm<Input extends FieldValues, Output = Input> = ReturnType<typeof useZodForm<Input, Output>>;
