import { atom } from 'nanostores';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

/** At most one notification is visible: a new one replaces the current one. */
export const $toast = atom<ToastMessage | null>(null);

let nextId = 1;

/** Shows a notification in whichever Toaster island is on the page. */
export function toast(message: { title: string; description?: string; variant?: ToastMessage['variant'] }): void {
  $toast.set({ id: nextId++, variant: 'default', ...message });
}

export function dismissToast(): void {
  $toast.set(null);
}

/** Where a notification waits for the next page this tab opens (sessionStorage: this tab only, gone when it closes). */
const CARRIED_KEY = 'toast:next-page';

/**
 * Shows a notification on the next page this tab opens, for a change that moves to another
 * page at once (the sign-in, which goes on to the panel). Without storage it is lost, as a
 * notification on a page that is left would be.
 */
export function toastOnNextPage(message: { title: string; description?: string }): void {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify(message));
  } catch {
    // Storage refused (a private window's quota, a policy): the page shows no notice.
  }
}

/** Shows, once, the notification a previous page of this tab left for this one. */
export function showCarriedToast(): void {
  try {
    const stored = sessionStorage.getItem(CARRIED_KEY);
    if (stored === null) return;
    sessionStorage.removeItem(CARRIED_KEY);
    const message = JSON.parse(stored) as { title?: unknown; description?: unknown };
    if (typeof message.title !== 'string') return;
    toast({ title: message.title, ...(typeof message.description === 'string' ? { description: message.description } : {}) });
  } catch {
    // Unreadable storage or text: nothing to show.
  }
}
