import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { ANALYTICS_TYPES, analyticsContentFormSchema, type AnalyticsContentFormInput } from '@/lib/validation/analytics-content';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/components/forms/use-zod-form';
import { FormDialog } from '@/components/admin/shared/FormDialog';

/** Add or Edit analytics content; metadata is edited as JSON. */
export function AnalyticsDialog({ item, onSaved }: { item?: AnalyticsContentItem; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const defaults: AnalyticsContentFormInput = item
    ? { title: item.title, type: item.type, content: item.content, metadata: JSON.stringify(item.metadata, null, 2) }
    : { title: '', type: 'chart', content: '', metadata: '{}' };
  const {
    register,
    handleSubmit,
    reset,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm(analyticsContentFormSchema, defaults);

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (item) await sendJson('PATCH', `/api/analytics-content/${item.id}`, body);
      else await sendJson('POST', '/api/analytics-content', body);
      toast({ title: item ? 'Analytics content updated successfully' : 'Analytics content created successfully' });
      setOpen(false);
      if (!item) reset(defaults);
      onSaved();
    } catch (error) {
      reportError(error, 'The item could not be saved.');
    }
  });

  const id = (name: string) => `analytics-${item?.id ?? 'new'}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        item ? (
          <Button variant="outline" size="sm" aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
        ) : (
          <Button>Add Analytics Content</Button>
        )
      }
      title={item ? 'Edit Analytics Content' : 'Add Analytics Content'}
      description="Published under Market Overview on the analytics page."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField id={id('title')} label="Title" error={errors.title?.message}>
          <Input {...fieldProps(id('title'), errors.title?.message)} {...register('title')} />
        </FormField>
        <FormField id={id('type')} label="Type" error={errors.type?.message}>
          <NativeSelect id={id('type')} {...register('type')}>
            {ANALYTICS_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id('content')} label="Content" error={errors.content?.message}>
          <Textarea {...fieldProps(id('content'), errors.content?.message)} rows={6} {...register('content')} />
        </FormField>
        <FormField id={id('metadata')} label="Metadata (JSON)" error={errors.metadata?.message}>
          <Textarea {...fieldProps(id('metadata'), errors.metadata?.message)} rows={3} className="font-mono text-sm" {...register('metadata')} />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : item ? 'Save Changes' : 'Create'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
