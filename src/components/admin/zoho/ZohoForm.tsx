import type { FieldErrors } from 'react-hook-form';
import { sendJson } from '@/lib/api-client';
import { zohoConfigSchema, type ZohoConfigForm, type ZohoConfigInput } from '@/lib/validation/zoho';
import type { ZohoAdminConfig } from '@/lib/wire/analytics';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useZodForm } from '@/components/forms/use-zod-form';
import { ConnectionNotices } from '@/components/admin/zoho/ConnectionNotices';
import { ConnectionStatus } from '@/components/admin/zoho/ConnectionStatus';
import { CredentialsFields } from '@/components/admin/zoho/CredentialsFields';
import { DashboardFields } from '@/components/admin/zoho/DashboardFields';
import { SetupGuide } from '@/components/admin/zoho/SetupGuide';
import type { ConnectionTest } from '@/components/admin/zoho/use-connection-test';
import { sectionOf, zohoFormValues } from '@/components/admin/zoho/zoho-form';

/**
 * The Zoho tab for a loaded configuration: its status and test, then one form over the
 * Credentials and Dashboards sub-tabs (both stay mounted, so switching keeps what was
 * typed) beside the Setup Guide. An invalid save shows the sub-tab of the first bad field.
 */
export function ZohoForm({
  config,
  section,
  onSection,
  connection,
  onSaved,
}: {
  config: ZohoAdminConfig;
  section: string;
  onSection: (section: string) => void;
  connection: ConnectionTest;
  onSaved: (config: ZohoAdminConfig) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    reportError,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(zohoConfigSchema(config.clientSecretSet), zohoFormValues(config));

  const onSubmit = async (values: ZohoConfigInput) => {
    try {
      const saved = await sendJson<ZohoAdminConfig>('POST', '/api/admin/zoho-config', values);
      toast({ title: 'Configuration Saved' });
      reset(zohoFormValues(saved));
      onSaved(saved);
    } catch (error) {
      reportError(error, 'The configuration could not be saved.', 'Save Failed');
    }
  };
  const onInvalid = (invalid: FieldErrors<ZohoConfigForm>) => {
    const first = Object.keys(invalid)[0];
    if (first) onSection(sectionOf(first));
  };

  return (
    <div className="space-y-6">
      <ConnectionStatus config={config} connection={connection} dirty={isDirty} />
      <ConnectionNotices config={config} lastTest={connection.lastTest} />
      <form onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)} noValidate className="space-y-6">
        <Tabs value={section} onValueChange={onSection}>
          <TabsList aria-label="Zoho configuration sections">
            <TabsTrigger value="credentials">Credentials</TabsTrigger>
            <TabsTrigger value="dashboards">Dashboards</TabsTrigger>
            <TabsTrigger value="guide">Setup Guide</TabsTrigger>
          </TabsList>
          <TabsContent value="credentials" forceMount className="data-[state=inactive]:hidden">
            <CredentialsFields config={config} register={register} errors={errors} />
          </TabsContent>
          <TabsContent value="dashboards" forceMount className="data-[state=inactive]:hidden">
            <DashboardFields register={register} errors={errors} />
          </TabsContent>
          <TabsContent value="guide">
            <div className="bg-card rounded-lg border p-4 sm:p-6">
              <SetupGuide />
            </div>
          </TabsContent>
        </Tabs>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Configuration'}
          </Button>
        </div>
      </form>
    </div>
  );
}
