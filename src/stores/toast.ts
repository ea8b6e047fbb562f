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
