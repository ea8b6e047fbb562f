import { sendJson } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/format';
import type { SessionInfo } from '@/lib/wire/staff';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { mutate } from '@/components/admin/shared/admin-actions';
import { TabSection } from '@/components/admin/shared/TabSection';
import { useResource } from '@/components/admin/shared/use-resource';

/** The browser a session was opened in, in a few words, from its user agent. */
function browserOf(userAgent: string): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrom/.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

/** The signed-in person's sessions: where and when each was used; any but this one can be ended. */
export function SessionsSection() {
  const { data, reload } = useResource<SessionInfo[]>('/api/admin/account/sessions', 'Could not load your sessions.');
  return (
    <TabSection
      id="sessions-title"
      title="Your sessions"
      intro="Where you are signed in. End any session you do not recognize."
      className="mt-8 space-y-4"
    >
      {data === null ? (
        <p role="status">Loading your sessions…</p>
      ) : (
        <ul className="bg-card divide-y rounded-lg border" aria-label="Your sessions">
          {data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {browserOf(session.userAgent)}
                  {session.current && <Badge variant="secondary">This session</Badge>}
                </p>
                <p className="text-muted-foreground text-xs">
                  Signed in {formatZonedDateTime(session.createdAt)} · last used {formatZonedDateTime(session.lastUsedAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => void mutate(() => sendJson('DELETE', `/api/admin/account/sessions/${session.id}`), 'Session ended', reload)}
                >
                  End session
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </TabSection>
  );
}
