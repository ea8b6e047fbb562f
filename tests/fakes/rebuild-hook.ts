import { startFakeServer, type RecordedRequest } from './http.ts';

export interface FakeRebuildHook {
  /** The hook's address, for REBUILD_HOOK_URL. */
  url: string;
  /** The JSON body of every call the hook received, in order. */
  calls: () => Record<string, unknown>[];
  /** Requests that arrived at the redirect's target: a site that never follows a redirect sends none. */
  followed: () => RecordedRequest[];
  /** Makes the hook answer 307 to another path (true), or 200 again (false). */
  redirect: (on: boolean) => void;
  close: () => Promise<void>;
}

/** A stand-in for the receiver of REBUILD_HOOK_URL (a static host's build hook), keeping each call it gets. */
export async function startFakeRebuildHook(): Promise<FakeRebuildHook> {
  let redirecting = false;
  const server = await startFakeServer((req) =>
    req.path === '/hook' && redirecting ? { status: 307, body: '', headers: { Location: '/elsewhere' } } : { status: 200, body: 'ok' },
  );
  return {
    url: `${server.url}/hook`,
    calls: () => server.requests.filter((r) => r.path === '/hook').map((r) => JSON.parse(r.body) as Record<string, unknown>),
    followed: () => server.requests.filter((r) => r.path === '/elsewhere'),
    redirect: (on) => {
      redirecting = on;
    },
    close: server.close,
  };
}
