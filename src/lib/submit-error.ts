import { toast } from '@/stores/toast';
import { ApiError } from '@/lib/api-client';

/** The message to show for a failed submission: the server's, else the fallback. */
export function submitErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return fallback;
}

/** The server's field messages, when it sent any. */
export function submitFieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? (error.body?.errors ?? {}) : {};
}

/**
 * Reports a failed submission: the server's field messages go onto the form's fields it
 * knows, and a toast (titled Error unless told) shows the server's message or the fallback.
 */
export function reportSubmitError<F extends string>(
  error: unknown,
  fallback: string,
  fields: readonly F[],
  setError: (field: F, error: { message: string }) => void,
  title = 'Error',
): void {
  for (const [field, list] of Object.entries(submitFieldErrors(error))) {
    if ((fields as readonly string[]).includes(field) && list[0]) setError(field as F, { message: list[0] });
  }
  toast({ title, description: submitErrorMessage(error, fallback), variant: 'destructive' });
}
