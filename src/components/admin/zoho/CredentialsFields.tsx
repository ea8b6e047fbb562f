import type { InputHTMLAttributes } from 'react';
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
  /** A text field of the form: its label, its error, and what its input adds (type, autocomplete, placeholder). */
  const field = (
    name: Exclude<keyof ZohoConfigForm, 'dataCentre'>,
    label: string,
    input: InputHTMLAttributes<HTMLInputElement>,
    optional = false,
  ) => (
    <FormField id={id(name)} label={label} optional={optional} error={errors[name]?.message}>
      <Input {...fieldProps(id(name), errors[name]?.message)} {...input} {...register(name)} />
    </FormField>
  );
  const secret = (stored: boolean, otherwise: string) => ({
    type: 'password',
    autoComplete: 'new-password',
    placeholder: stored ? 'Stored - leave blank to keep' : otherwise,
  });
  return (
    <div className="bg-card grid gap-4 rounded-lg border p-4 sm:p-6 md:grid-cols-2">
      {field('workspaceId', 'Workspace ID', { inputMode: 'numeric', autoComplete: 'off' })}
      <FormField id={id('dataCentre')} label="Data center" error={errors.dataCentre?.message}>
        <NativeSelect
          {...fieldProps(id('dataCentre'), errors.dataCentre?.message)}
          {...register('dataCentre')}
          options={ZOHO_DATA_CENTRES.map((dc) => ({ value: dc, label: ZOHO_DATA_CENTRE_LABELS[dc] }))}
        />
      </FormField>
      {field('clientId', 'Client ID', { autoComplete: 'off' })}
      {field('clientSecret', 'Client Secret', secret(config.clientSecretSet, ''))}
      {field('refreshToken', 'Refresh token', secret(config.refreshTokenSet, 'Needed to connect'), true)}
      {field('energyMixViewId', 'Energy mix view ID', { inputMode: 'numeric', autoComplete: 'off' }, true)}
    </div>
  );
}
