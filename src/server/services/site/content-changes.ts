import { loadConfig } from '@/server/config';
import { bumpContentVersion } from '@/server/queries/site-state';

const HOOK_TIMEOUT_MS = 5_000;

/**
 * POSTs an event to REBUILD_HOOK_URL when set, with a timeout; resolves when it was answered
 * or failed (a failure is logged, never thrown). A redirect is never followed: the POST goes
 * to the configured address and nowhere else.
 */
export async function notifyRebuildHook(event: Record<string, unknown>): Promise<void> {
  const hook = loadConfig().rebuildHookUrl;
  if (!hook) return;
  try {
    const response = await fetch(hook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'content.changed', ...event, at: new Date().toISOString() }),
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      redirect: 'manual',
    });
    if (response.status >= 300 && response.status < 400) {
      console.error(
        `Rebuild hook answered a redirect (${response.status} to ${response.headers.get('Location') ?? 'nowhere'}); not followed. Set REBUILD_HOOK_URL to the final address.`,
      );
    } else if (!response.ok) console.error(`Rebuild hook answered ${response.status}.`);
  } catch (error) {
    console.error('Rebuild hook failed:', error instanceof Error ? error.message : error);
  }
}

/**
 * After content changes: moves the content version on, so every cached page is rendered
 * afresh in every process, and POSTs to REBUILD_HOOK_URL when set. The hook runs in the
 * background; it blocks nothing.
 */
export async function contentChanged(reason: { entity: string; id: number; action: 'created' | 'updated' | 'deleted' }): Promise<void> {
  await bumpContentVersion();
  void notifyRebuildHook(reason);
}
