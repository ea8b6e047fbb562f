import { ApiError } from './api-client.ts';

/** The message to show for a failed submission: the server's, else the fallback (spec section 8). */
export function submitErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return fallback;
}

/** The server's field messages, when it sent any. */
export function submitFieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? (error.body?.errors ?? {}) : {};
}
