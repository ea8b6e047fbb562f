import { useState } from 'react';
import type { ZohoAdminConfig } from '@/lib/wire/analytics';
import { Skeleton } from '@/components/ui/skeleton';
import { useResource } from '@/components/admin/shared/use-resource';
import { useConnectionTest } from '@/components/admin/zoho/use-connection-test';
import { ZohoForm } from '@/components/admin/zoho/ZohoForm';

/**
 * The Zoho Configuration tab: loads the stored configuration (never its secrets) and keeps
 * what outlives one form: the open sub-tab and the last connection test. The form starts
 * again from each saved configuration.
 */
export function ZohoTab() {
  const { data: config, setData: setConfig, reload } = useResource<ZohoAdminConfig>('/api/admin/zoho-config', 'Could not load the configuration.');
  const [section, setSection] = useState('credentials');
  const connection = useConnectionTest(reload);

  if (!config) return <Skeleton className="h-96 w-full" />;
  return (
    <ZohoForm
      key={config.workspaceId + String(config.clientSecretSet)}
      config={config}
      section={section}
      onSection={setSection}
      connection={connection}
      onSaved={setConfig}
    />
  );
}
