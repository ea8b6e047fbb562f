import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { ZOHO_DATA_CENTRES, ZOHO_DATA_CENTRE_LABELS, type ZohoConfigForm } from '@/lib/validation/zoho';
import type { ZohoAdminConfig } from '@/lib/wire/analytics';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { zohoFieldId as id } from '@/components/admin/zoho/zoho-form';

/**
 * The Credentials sub-tab: workspace, data center, the self-client's ID and secret, the
 * refresh token and the energy mix view. Stored secrets are never shown: their fields
 * say so and stay blank.
 */
export function CredentialsFields({
  config,
  register,
  errors,
}: {
  config: ZohoAdminConfig;
  register: UseFormRegister<ZohoConfigForm>;
  errors: FieldErrors<ZohoConfigForm>;
}) {
  return (
    <div className="bg-card grid gap-4 rounded-lg border p-4 sm:p-6 md:grid-cols-2">
      <FormField id={id('workspaceId')} label="Workspace ID" error={errors.workspaceId?.message}>
        <Input {...fieldProps(id('workspaceId'), errors.workspaceId?.message)} inputMode="numeric" autoComplete="off" {...register('workspaceId')} />
      </FormField>
      <FormField id={id('dataCentre')} label="Data center" error={errors.dataCentre?.message}>
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
  );
}
