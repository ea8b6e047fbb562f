import { useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type * as z from '@/lib/validation/zod-mini';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { useZodForm, type ZodForm } from '@/components/forms/use-zod-form';
import { FormDialog } from '@/components/admin/shared/FormDialog';

interface EditDialogProps<I extends FieldValues, O> {
  /** The schema the endpoint checks the body with; the form checks it first. */
  schema: z.core.$ZodType<O, I>;
  /** The form's values: the item's when editing, empty when adding. */
  values: I;
  /** Field ids start with it (`author-12`, `author-new`). */
  idPrefix: string;
  /** When editing: the Edit button's accessible name ("Edit Grid outlook"). Without it the dialog adds. */
  editLabel?: string | undefined;
  /** "Add Author" (also the button that opens it) or "Edit Author". */
  title: string;
  description: string;
  /** The submit button: "Create", "Save Changes". */
  submitLabel: string;
  /** The opening button's look when adding. */
  addVariant?: 'default' | 'outline';
  /** Whether the form can be sent (besides the schema): a release chosen. */
  canSubmit?: boolean;
  /** Sends the checked body. */
  save: (body: O) => Promise<unknown>;
  /** The success toast's title. */
  saved: string | ((body: O) => string);
  /** What a failure says when the server says nothing. */
  failure: string;
  onSaved: () => void;
  /**
   * Asked for the form's values as the dialog opens (a draft kept on the server); the dialog opens
   * with what it answers, or stays closed with its failure in a toast.
   */
  onOpen?: () => Promise<I>;
  /** The fields, bound to the form (`TextField`, `SelectField`, or by `register`). */
  children: (form: ZodForm<I, O>) => ReactNode;
}

/**
 * The admin's one create/edit dialog: the Add button (or Edit, on a row), the dialog, the
 * form checked by the endpoint's schema, Save. A success toasts, closes the dialog, empties
 * an add form and refreshes the list; a failure puts the server's field messages on the
 * fields and its message in a toast, and the dialog stays open with what was typed.
 */
export function EditDialog<I extends FieldValues, O>({
  schema,
  values,
  idPrefix,
  editLabel,
  title,
  description,
  submitLabel,
  addVariant = 'default',
  canSubmit = true,
  save,
  saved,
  failure,
  onSaved,
  onOpen,
  children,
}: EditDialogProps<I, O>) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(schema, values, { idPrefix });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save(body);
      toast({ title: typeof saved === 'string' ? saved : saved(body) });
      setOpen(false);
      if (editLabel === undefined) form.reset(values);
      onSaved();
    } catch (error) {
      form.reportError(error, failure);
    }
  });
  const openChange = (next: boolean) => {
    if (!next || !onOpen) {
      setOpen(next);
      return;
    }
    onOpen().then(
      (opened) => {
        form.reset(opened);
        setOpen(true);
      },
      (error: unknown) => toast({ title: 'Error', description: submitErrorMessage(error, failure), variant: 'destructive' }),
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={
        editLabel === undefined ? (
          <Button variant={addVariant}>{title}</Button>
        ) : (
          <Button variant="outline" size="sm" aria-label={editLabel}>
            Edit
          </Button>
        )
      }
      title={title}
      description={description}
    >
      <form
        onSubmit={(e) => {
          // React passes events up through portals: a dialog opened from inside another form (an
          // article's corrections, in the article form) must not submit that form too.
          e.stopPropagation();
          void onSubmit(e);
        }}
        noValidate
        className="grid gap-4"
      >
        {children(form)}
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || !canSubmit}>
            {isSubmitting ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
