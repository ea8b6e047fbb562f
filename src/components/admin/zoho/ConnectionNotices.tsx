import type { ZohoAdminConfig, ZohoTestResult } from '@/lib/wire/analytics';

/**
 * What the admin should know about the connection besides its status: stored secrets the
 * server cannot open (the key changed), and what the last successful test found.
 */
export function ConnectionNotices({ config, lastTest }: { config: ZohoAdminConfig; lastTest: ZohoTestResult | null }) {
  return (
    <>
      {config.secretsUnreadable && (
        <div className="border-destructive/40 bg-destructive/5 text-destructive rounded-lg border p-4 text-sm" role="alert">
          The stored client secret and refresh token cannot be read: the server's APP_SECRET is not the key they were saved with. Enter them again
          below and save, or set APP_SECRET back to the key they were saved with and restart the site.
        </div>
      )}
      {lastTest?.success && lastTest.workspace && (
        <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900" role="status">
          Workspace <strong>{lastTest.workspace.name}</strong> in organization <strong>{lastTest.organization?.name}</strong>
          {lastTest.dashboards && lastTest.dashboards.length > 0 && (
            <>
              {' '}
              · {lastTest.dashboards.length} dashboards: {lastTest.dashboards.map((d) => d.name).join(', ')}
            </>
          )}
        </div>
      )}
    </>
  );
}
