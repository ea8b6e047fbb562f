import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { ZOHO_DASHBOARD_FIELDS, ZOHO_DASHBOARD_LABELS, type ZohoConfigForm } from '@/lib/validation/zoho';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { zohoFieldId as id } from '@/components/admin/zoho/zoho-form';

/** The Dashboards sub-tab: the published URL of each dashboard the site shows. */
export function DashboardFields({ register, errors }: { register: UseFormRegister<ZohoConfigForm>; errors: FieldErrors<ZohoConfigForm> }) {
  return (
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
  );
}
