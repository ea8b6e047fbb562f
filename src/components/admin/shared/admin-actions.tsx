import { sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import type { RowKey } from '@/components/admin/shared/use-paged-list';

/** Runs a change, then toasts and refreshes; a failure shows the server's message. */
export async function mutate(action: () => Promise<unknown>, success: string, after: () => void): Promise<void> {
  try {
    await action();
    toast({ title: success });
    after();
  } catch (error) {
    toast({ title: 'Error', description: submitErrorMessage(error, 'The change could not be saved.'), variant: 'destructive' });
  }
}

/** Delete with confirmation, then the success toast and a refreshed list. */
export function DeleteButton({
  question,
  path,
  success,
  onDone,
  label,
  text = 'Delete',
}: {
  question: string;
  path: string;
  success: string;
  onDone: () => void;
  label?: string;
  /** The button's visible word, which its `label` must begin with (WCAG's label in name). */
  text?: string;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={label}
      onClick={() => {
        if (window.confirm(question)) void mutate(() => sendJson('DELETE', path), success, onDone);
      }}
    >
      {text}
    </Button>
  );
}

interface BulkAction {
  label: string;
  /** The action's name in the bulk endpoint's body (`approve`, `handled`, `delete`). */
  action: string;
  /** The toast after it: "3 approved". */
  done: string;
  variant?: 'default' | 'secondary' | 'outline';
}

/**
 * The buttons that act on a list's selected rows, through its bulk endpoint
 * (`POST {path} {action, ids}`); `delete` asks first ("Delete 3 comments?").
 */
export function BulkActions({
  path,
  ids,
  plural,
  actions,
  onDone,
}: {
  path: string;
  ids: RowKey[];
  plural: string;
  actions: BulkAction[];
  onDone: () => void;
}) {
  return actions.map(({ label, action, done, variant = 'default' }) => (
    <Button
      key={action}
      size="sm"
      variant={variant}
      onClick={() => {
        if (action === 'delete' && !window.confirm(`Delete ${ids.length} ${plural}? This cannot be undone.`)) return;
        void mutate(() => sendJson('POST', path, { action, ids }), `${ids.length} ${done}`, onDone);
      }}
    >
      {label}
    </Button>
  ));
}
