import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { sendJson } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { reportSubmitError, submitErrorMessage } from '@/lib/submit-error';
import {
  ZOHO_DASHBOARD_FIELDS,
  ZOHO_DASHBOARD_LABELS,
  ZOHO_DATA_CENTRES,
  ZOHO_DATA_CENTRE_LABELS,
  zohoConfigSchema,
  type ZohoAdminConfig,
  type ZohoConfigForm,
  type ZohoConfigInput,
  type ZohoTestResult,
} from '@/lib/validation/zoho';
import { toast } from '@/stores/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useResource } from './use-resource';

const FIELDS = [
  'workspaceId',
  'clientId',
  'clientSecret',
  'refreshToken',
  'dataCentre',
  'energyMixViewId',
  ...ZOHO_DASHBOARD_FIELDS,
] as const satisfies readonly (keyof ZohoConfigForm)[];
const CREDENTIAL_FIELDS: readonly string[] = ['workspaceId', 'clientId', 'clientSecret', 'refreshToken', 'dataCentre', 'energyMixViewId'];

function formValues(config: ZohoAdminConfig): ZohoConfigForm {
  return {
    workspaceId: config.workspaceId,
    clientId: config.clientId,
    clientSecret: '',
    refreshToken: '',
    dataCentre: config.dataCentre,
    energyMixViewId: config.energyMixViewId,
    energyDashboardUrl: config.energyDashboardUrl,
    marketDashboardUrl: config.marketDashboardUrl,
    regionalDashboardUrl: config.regionalDashboardUrl,
    forecastDashboardUrl: config.forecastDashboardUrl,
  };
}

/** Steps to create a Zoho self-client and a refresh token (the Setup Guide sub-tab). */
function SetupGuide() {
  return (
    <div className="prose-sm max-w-3xl space-y-4 text-sm leading-relaxed">
      <p>
        The site reads Zoho Analytics with an OAuth <strong>self-client</strong>: a client that belongs to your Zoho account and needs no redirect.
        Use the Zoho account that owns (or administers) the workspace.
      </p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          Open the Zoho API console for your data centre, for example <code>https://api-console.zoho.com</code> (US), <code>api-console.zoho.eu</code>{' '}
          (EU) or <code>api-console.zoho.in</code> (India), and sign in.
        </li>
        <li>
          Choose <strong>Add Client</strong>, then <strong>Self Client</strong>, and confirm. The <strong>Client Secret</strong> tab shows the client
          ID and client secret: copy both into the Credentials tab.
        </li>
        <li>
          On the <strong>Generate Code</strong> tab, enter the scopes <code>ZohoAnalytics.metadata.read,ZohoAnalytics.data.read</code>, pick a
          duration (10 minutes is enough), describe it (&ldquo;Energy site&rdquo;) and create the code. Copy the grant code.
        </li>
        <li>
          Exchange the grant code for a refresh token within those minutes, from any terminal (use your data centre&apos;s accounts host):
          <pre className="bg-muted mt-2 overflow-x-auto rounded-md p-3 text-xs">
            {`curl -X POST https://accounts.zoho.com/oauth/v2/token \\
  -d grant_type=authorization_code \\
  -d client_id=YOUR_CLIENT_ID \\
  -d client_secret=YOUR_CLIENT_SECRET \\
  -d code=YOUR_GRANT_CODE`}
          </pre>
          The answer&apos;s <code>refresh_token</code> goes into the Refresh token field. It does not expire unless you revoke it.
        </li>
        <li>
          The <strong>Workspace ID</strong> is the long number after <code>/workspace/</code> in the address bar when the workspace is open in Zoho
          Analytics. For the energy mix, open a table or report with a source column and an amount column and copy the number after{' '}
          <code>/view/</code> into <strong>Energy mix view ID</strong>.
        </li>
        <li>
          For each dashboard to show on the site, publish it in Zoho Analytics (<strong>Share → Publish → Embed in Website/Blog</strong>) and paste
          its URL into the Dashboards tab. The energy dashboard appears on the Analytics tab of the analytics page.
        </li>
        <li>
          Save, then <strong>Test Connection</strong>: the site fetches a token, finds your organisation and checks the workspace.
        </li>
      </ol>
      <p className="text-muted-foreground">
        The client secret and refresh token are stored encrypted and are never shown again; leave their fields blank to keep them.
      </p>
    </div>
  );
}

/** The Zoho Configuration tab: credentials, dashboards and the setup guide. */
export function ZohoSettings() {
  const {
    data: config,
    setData: setConfig,
    reload: refresh,
  } = useResource<ZohoAdminConfig>('/api/admin/zoho-config', 'Could not load the configuration.');
  const [section, setSection] = useState('credentials');
  const [testing, setTesting] = useState(false);
  const [lastTest, setLastTest] = useState<ZohoTestResult | null>(null);

  if (!config) return <Skeleton className="h-96 w-full" />;
  return (
    <ZohoForm
      key={config.workspaceId + String(config.clientSecretSet)}
      config={config}
      section={section}
      onSection={setSection}
      testing={testing}
      lastTest={lastTest}
      onSaved={setConfig}
      onTest={async () => {
        setTesting(true);
        try {
          const result = await sendJson<ZohoTestResult>('POST', '/api/zoho/test-connection');
          setLastTest(result);
          if (result.success) toast({ title: 'Connection Successful', description: 'Successfully connected to Zoho Analytics workspace' });
          else toast({ title: 'Connection Failed', description: result.message || 'Failed to connect to Zoho Analytics', variant: 'destructive' });
        } catch (error) {
          toast({
            title: 'Connection Failed',
            description: submitErrorMessage(error, 'Failed to connect to Zoho Analytics'),
            variant: 'destructive',
          });
        } finally {
          setTesting(false);
          refresh();
        }
      }}
    />
  );
}

function ZohoForm({
  config,
  section,
  onSection,
  testing,
  lastTest,
  onSaved,
  onTest,
}: {
  config: ZohoAdminConfig;
  section: string;
  onSection: (s: string) => void;
  testing: boolean;
  lastTest: ZohoTestResult | null;
  onSaved: (c: ZohoAdminConfig) => void;
  onTest: () => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ZohoConfigForm, unknown, ZohoConfigInput>({
    resolver: zodResolver(zohoConfigSchema(config.clientSecretSet)),
    defaultValues: formValues(config),
  });

  const onSubmit = async (values: ZohoConfigInput) => {
    try {
      const saved = await sendJson<ZohoAdminConfig>('POST', '/api/admin/zoho-config', values);
      toast({ title: 'Configuration Saved' });
      reset(formValues(saved));
      onSaved(saved);
    } catch (error) {
      reportSubmitError(error, 'The configuration could not be saved.', FIELDS, setError, 'Save Failed');
    }
  };
  /** Shows the sub-tab holding the first invalid field. */
  const onInvalid = (invalid: FieldErrors<ZohoConfigForm>) => {
    const first = Object.keys(invalid)[0];
    if (first) onSection(CREDENTIAL_FIELDS.includes(first) ? 'credentials' : 'dashboards');
  };
  const id = (name: string) => `zoho-${name}`;
  const connected = config.configured;

  return (
    <div className="space-y-6">
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
              Last test {formatDateTime(config.lastTestedAt)}: {config.lastTestOk ? 'succeeded' : (config.lastTestMessage ?? 'failed')}
            </span>
          )}
        </div>
        <Button
          variant="outline"
          onClick={() => void onTest()}
          disabled={!connected || testing || isDirty}
          title={isDirty ? 'Save your changes first' : undefined}
        >
          {testing ? 'Testing...' : 'Test Connection'}
        </Button>
      </div>
      {config.secretsUnreadable && (
        <div className="border-destructive/40 bg-destructive/5 text-destructive rounded-lg border p-4 text-sm" role="alert">
          The stored client secret and refresh token cannot be read: the server's APP_SECRET is not the key they were saved with. Enter them again
          below and save, or set APP_SECRET back to the key they were saved with and restart the site.
        </div>
      )}
      {lastTest?.success && lastTest.workspace && (
        <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900" role="status">
          Workspace <strong>{lastTest.workspace.name}</strong> in organisation <strong>{lastTest.organisation?.name}</strong>
          {lastTest.dashboards && lastTest.dashboards.length > 0 && (
            <>
              {' '}
              · {lastTest.dashboards.length} dashboards: {lastTest.dashboards.map((d) => d.name).join(', ')}
            </>
          )}
        </div>
      )}

      <form onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)} noValidate className="space-y-6">
        <Tabs value={section} onValueChange={onSection}>
          <TabsList aria-label="Zoho configuration sections">
            <TabsTrigger value="credentials">Credentials</TabsTrigger>
            <TabsTrigger value="dashboards">Dashboards</TabsTrigger>
            <TabsTrigger value="guide">Setup Guide</TabsTrigger>
          </TabsList>
          <TabsContent value="credentials" forceMount className="data-[state=inactive]:hidden">
            <div className="bg-card grid gap-4 rounded-lg border p-4 sm:p-6 md:grid-cols-2">
              <FormField id={id('workspaceId')} label="Workspace ID" error={errors.workspaceId?.message}>
                <Input
                  {...fieldProps(id('workspaceId'), errors.workspaceId?.message)}
                  inputMode="numeric"
                  autoComplete="off"
                  {...register('workspaceId')}
                />
              </FormField>
              <FormField id={id('dataCentre')} label="Data centre" error={errors.dataCentre?.message}>
                <NativeSelect {...fieldProps(id('dataCentre'), errors.dataCentre?.message)} {...register('dataCentre')}>
                  {ZOHO_DATA_CENTRES.map((dc) => (
                    <option key={dc} value={dc}>
                      {ZOHO_DATA_CENTRE_LABELS[dc]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={id('clientId')} label="Client ID" error={errors.clientId?.message}>
                <Input {...fieldProps(id('clientId'), errors.clientId?.message)} autoComplete="off" {...register('clientId')} />
              </FormField>
              <FormField id={id('clientSecret')} label="Client Secret" error={errors.clientSecret?.message}>
                <Input
                  {...fieldProps(id('clientSecret'), errors.clientSecret?.message)}
                  type="password"
                  autoComplete="new-password"
                  placeholder={config.clientSecretSet ? 'Stored - leave blank to keep' : ''}
                  {...register('clientSecret')}
                />
              </FormField>
              <FormField id={id('refreshToken')} label="Refresh token" optional error={errors.refreshToken?.message}>
                <Input
                  {...fieldProps(id('refreshToken'), errors.refreshToken?.message)}
                  type="password"
                  autoComplete="new-password"
                  placeholder={config.refreshTokenSet ? 'Stored - leave blank to keep' : 'Needed to connect'}
                  {...register('refreshToken')}
                />
              </FormField>
              <FormField id={id('energyMixViewId')} label="Energy mix view ID" optional error={errors.energyMixViewId?.message}>
                <Input
                  {...fieldProps(id('energyMixViewId'), errors.energyMixViewId?.message)}
                  inputMode="numeric"
                  autoComplete="off"
                  {...register('energyMixViewId')}
                />
              </FormField>
            </div>
          </TabsContent>
          <TabsContent value="dashboards" forceMount className="data-[state=inactive]:hidden">
            <div className="bg-card grid gap-4 rounded-lg border p-4 sm:p-6">
              <p className="text-muted-foreground text-sm">Published dashboard URLs, each a full https address or empty.</p>
              {ZOHO_DASHBOARD_FIELDS.map((field) => (
                <FormField key={field} id={id(field)} label={ZOHO_DASHBOARD_LABELS[field]} optional error={errors[field]?.message}>
                  <Input
                    {...fieldProps(id(field), errors[field]?.message)}
                    type="url"
                    placeholder="https://analytics.zoho.com/open-view/…"
                    {...register(field)}
                  />
                </FormField>
              ))}
            </div>
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
