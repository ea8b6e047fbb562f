import { sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';

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
}: {
  question: string;
  path: string;
  success: string;
  onDone: () => void;
  label?: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      onClick={() => {
        if (window.confirm(question)) void mutate(() => sendJson('DELETE', path), success, onDone);
      }}
    >
      Delete
    </Button>
  );
}
