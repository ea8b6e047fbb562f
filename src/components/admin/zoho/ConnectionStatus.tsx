import { formatZonedDateTime } from '@/lib/format';
import type { ZohoAdminConfig } from '@/lib/wire/analytics';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ConnectionTest } from '@/components/admin/zoho/use-connection-test';

/**
 * The head of the Zoho tab: whether a connection is configured, the last test's outcome,
 * and Test Connection (which tests what is saved, so unsaved changes must be saved first).
 */
export function ConnectionStatus({ config, connection, dirty }: { config: ZohoAdminConfig; connection: ConnectionTest; dirty: boolean }) {
  const connected = config.configured;
  return (
    <div className="bg-card flex flex-wrap items-center justify-between gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">Zoho Analytics</h2>
        <Badge
          variant="plain"
          className={connected ? 'bg-green-50 text-green-800 ring-green-300' : 'bg-muted text-muted-foreground ring-border'}
          data-testid="zoho-status"
        >
          {connected ? 'Connected' : 'Not Configured'}
        </Badge>
        {config.lastTestedAt && (
          <span className="text-muted-foreground text-sm">
            Last test {formatZonedDateTime(config.lastTestedAt)}: {config.lastTestOk ? 'succeeded' : (config.lastTestMessage ?? 'failed')}
          </span>
        )}
      </div>
      <Button
        variant="outline"
        onClick={() => void connection.test()}
        disabled={!connected || connection.testing || dirty}
        title={dirty ? 'Save your changes first' : undefined}
      >
        {connection.testing ? 'Testing...' : 'Test Connection'}
      </Button>
    </div>
  );
}
