import type { HTMLInputTypeAttribute } from 'react';
import { useFormState, type Control, type FieldValues, type Path, type UseFormGetFieldState, type UseFormRegister } from 'react-hook-form';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

/** What a bound field needs of a `useZodForm` form. */
interface BoundForm<I extends FieldValues, O> {
  register: UseFormRegister<I>;
  control: Control<I, unknown, O>;
  getFieldState: UseFormGetFieldState<I>;
  fieldId: (name: string) => string;
}

interface BoundFieldProps<I extends FieldValues, O> {
  form: BoundForm<I, O>;
  name: Path<I>;
  label: string;
  /** Says "(optional)" after the label. */
  optional?: boolean;
  className?: string;
}

/** The field's id and its message, if the schema or the server gave one. */
function useBound<I extends FieldValues, O>({ form, name }: Pick<BoundFieldProps<I, O>, 'form' | 'name'>) {
  const state = useFormState({ control: form.control, name });
  const id = form.fieldId(name);
  const error = form.getFieldState(name, state).error?.message;
  return { id, error, control: { ...fieldProps(id, error), ...form.register(name) } };
}

/**
 * A text field bound to a `useZodForm` form by name: its label, its input (or, with `rows`,
 * a text area) and its message from the schema or the server, tied together for screen
 * readers (`aria-invalid`, `aria-describedby`).
 */
export function TextField<I extends FieldValues, O>({
  form,
  name,
  label,
  optional,
  className,
  rows,
  type,
  placeholder,
  autoComplete,
  inputClassName,
}: BoundFieldProps<I, O> & {
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  autoComplete?: string;
  inputClassName?: string;
}) {
  const { id, error, control } = useBound({ form, name });
  return (
    <FormField id={id} label={label} error={error} optional={optional ?? false} className={className ?? ''}>
      {rows ? (
        <Textarea rows={rows} placeholder={placeholder} className={inputClassName} {...control} />
      ) : (
        <Input type={type} placeholder={placeholder} autoComplete={autoComplete} className={inputClassName} {...control} />
      )}
    </FormField>
  );
}

/** A select bound to a `useZodForm` form by name, with its label and message. */
export function SelectField<I extends FieldValues, O>({
  form,
  name,
  label,
  optional,
  className,
  options,
  placeholder,
}: BoundFieldProps<I, O> & {
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Select a category"), when none is chosen to begin with. */
  placeholder?: string;
}) {
  const { id, error, control } = useBound({ form, name });
  return (
    <FormField id={id} label={label} error={error} optional={optional ?? false} className={className ?? ''}>
      <NativeSelect {...control} options={options}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
      </NativeSelect>
    </FormField>
  );
}
