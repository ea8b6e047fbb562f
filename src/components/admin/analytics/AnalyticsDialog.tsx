import { sendJson } from '@/lib/api-client';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { ANALYTICS_TYPES, analyticsContentFormSchema, type AnalyticsContentFormInput } from '@/lib/validation/analytics-content';
import { SelectField, TextField } from '@/components/forms/BoundFields';
import { EditDialog } from '@/components/admin/shared/EditDialog';

const EMPTY: AnalyticsContentFormInput = { title: '', type: 'chart', content: '', metadata: '{}' };
const TYPE_OPTIONS = ANALYTICS_TYPES.map((t) => ({ value: t, label: t }));

/** Add or Edit analytics content; metadata is edited as JSON. */
export function AnalyticsDialog({ item, onSaved }: { item?: AnalyticsContentItem | undefined; onSaved: () => void }) {
  return (
    <EditDialog
      schema={analyticsContentFormSchema}
      values={item ? { title: item.title, type: item.type, content: item.content, metadata: JSON.stringify(item.metadata, null, 2) } : EMPTY}
      idPrefix={`analytics-${item?.id ?? 'new'}`}
      editLabel={item && `Edit ${item.title}`}
      title={item ? 'Edit Analytics Content' : 'Add Analytics Content'}
      description="Published under Market Overview on the analytics page."
      submitLabel={item ? 'Save Changes' : 'Create'}
      save={(body) => (item ? sendJson('PATCH', `/api/analytics-content/${item.id}`, body) : sendJson('POST', '/api/analytics-content', body))}
      saved={item ? 'Analytics content updated successfully' : 'Analytics content created successfully'}
      failure="The item could not be saved."
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField form={form} name="title" label="Title" />
          <SelectField form={form} name="type" label="Type" options={TYPE_OPTIONS} />
          <TextField form={form} name="content" label="Content" rows={6} />
          <TextField form={form} name="metadata" label="Metadata (JSON)" rows={3} inputClassName="font-mono text-sm" />
        </>
      )}
    </EditDialog>
  );
}
