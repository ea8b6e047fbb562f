import { useEffect, useRef, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import type { ArticleAutosave } from '@/lib/wire/articles';
import type { ArticleCreateInput } from '@/lib/validation/article';

/** How often the open editor is autosaved while it changes. */
export const AUTOSAVE_MS = 3_000;

/** Where this browser keeps its own copy of an autosave (the fallback when the server cannot be reached). */
export const localAutosaveKey = (key: string) => `energypulse:autosave:${key}`;

/** This browser's copy of an autosave, if any and readable. */
export function readLocalAutosave(key: string): ArticleAutosave | undefined {
  try {
    const raw = window.localStorage.getItem(localAutosaveKey(key));
    return raw ? (JSON.parse(raw) as ArticleAutosave) : undefined;
  } catch {
    return undefined;
  }
}

function writeLocal(key: string, autosave: ArticleAutosave): void {
  try {
    window.localStorage.setItem(localAutosaveKey(key), JSON.stringify(autosave));
  } catch {
    // Storage full or refused: the server copy remains.
  }
}

/** Forgets this browser's copy (the article was saved, or the autosave discarded). */
export function clearLocalAutosave(key: string): void {
  try {
    window.localStorage.removeItem(localAutosaveKey(key));
  } catch {
    // Nothing to forget.
  }
}

export interface AutosaveState {
  /** What the last autosave did, for the status line. */
  status: string;
  /** The article was saved elsewhere since this editor opened it. */
  stale: boolean;
  /** Another tab of this browser has the same article open. */
  otherTab: boolean;
  /** Marks the current values as saved (after the article itself was saved). */
  markSaved: () => void;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * Autosaves the open editor every few seconds while it changes: to the server (the user's
 * autosave of this article, or of the new one) and to this browser's storage, also when the
 * tab is hidden or closed. Tells when the article was saved elsewhere since the editor
 * opened it, and when another tab of this browser opens the same article.
 */
export function useAutosave(control: Control<ArticleCreateInput>, articleId: number | undefined, baseUpdatedAt: string | null): AutosaveState {
  const key = articleId === undefined ? 'new' : String(articleId);
  const values = useWatch({ control });
  const serialized = JSON.stringify(values);
  const latest = useRef(serialized);
  const saved = useRef(serialized);
  useEffect(() => {
    latest.current = serialized;
  }, [serialized]);
  const [status, setStatus] = useState('');
  const [stale, setStale] = useState(false);
  const [otherTab, setOtherTab] = useState(false);

  useEffect(() => {
    const snapshot = (): ArticleAutosave => ({
      articleId: articleId ?? null,
      baseUpdatedAt,
      values: JSON.parse(latest.current) as Record<string, unknown>,
      savedAt: new Date().toISOString(),
    });
    const saveNow = async () => {
      if (latest.current === saved.current) return;
      const autosave = snapshot();
      const sent = latest.current;
      writeLocal(key, autosave);
      try {
        const response = await fetch(`/api/admin/autosaves/${key}`, {
          method: 'PUT',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ values: autosave.values, baseUpdatedAt }),
        });
        if (!response.ok) throw new ApiError(response.status, response.statusText, undefined);
        const answer = (await response.json()) as { savedAt: string; stale: boolean };
        saved.current = sent;
        setStale(answer.stale);
        setStatus(`Draft autosaved at ${time(answer.savedAt)}`);
      } catch {
        setStatus(`Autosave to the server failed at ${time(autosave.savedAt)}; a copy is kept in this browser`);
      }
    };
    const timer = window.setInterval(() => void saveNow(), AUTOSAVE_MS);
    // Closing or hiding the tab keeps what was typed since the last autosave in this browser.
    const keepLocally = () => {
      if (latest.current !== saved.current) writeLocal(key, snapshot());
    };
    const onVisibility = () => document.visibilityState === 'hidden' && keepLocally();
    window.addEventListener('pagehide', keepLocally);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', keepLocally);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [key, articleId, baseUpdatedAt]);

  useEffect(() => {
    if (articleId === undefined || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel('energypulse-editor');
    const tab = Math.random().toString(36).slice(2);
    channel.onmessage = (event: MessageEvent<{ type: 'open' | 'here'; articleId: number; tab: string }>) => {
      if (event.data.articleId !== articleId || event.data.tab === tab) return;
      setOtherTab(true);
      if (event.data.type === 'open') channel.postMessage({ type: 'here', articleId, tab });
    };
    channel.postMessage({ type: 'open', articleId, tab });
    return () => channel.close();
  }, [articleId]);

  return {
    status,
    stale,
    otherTab,
    markSaved: () => {
      saved.current = latest.current;
      clearLocalAutosave(key);
    },
  };
}
