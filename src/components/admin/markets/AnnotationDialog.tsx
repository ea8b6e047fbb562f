import { sendJson } from '@/lib/api-client';
import type { AdminSeriesAnnotation } from '@/lib/wire/markets';
import { seriesAnnotationSchema } from '@/lib/validation/series-annotation';
import type { SelectOption } from '@/components/ui/native-select';
import type * as z from '@/lib/validation/zod-mini';
import { SelectField, TextField } from '@/components/forms/BoundFields';
import { EditDialog } from '@/components/admin/shared/EditDialog';

type AnnotationFormInput = Required<z.input<typeof seriesAnnotationSchema>>;

/** Add or edit an annotation of a series: a day or a span, a short label, and the story it links (its address). */
export function AnnotationDialog({
  item,
  series,
  defaultSeries,
  onSaved,
}: {
  item?: AdminSeriesAnnotation;
  /** The series to choose from. */
  series: SelectOption[];
  /** The series a new annotation starts on. */
  defaultSeries: string;
  onSaved: () => void;
}) {
  const values: AnnotationFormInput = item
    ? { series: item.series, from: item.from, to: item.to ?? '', label: item.label, story: item.story ? `/article/${item.story.slug}` : '' }
    : { series: defaultSeries, from: '', to: '', label: '', story: '' };
  return (
    <EditDialog
      schema={seriesAnnotationSchema}
      values={values}
      idPrefix={`annotation-${item?.id ?? 'new'}`}
      editLabel={item && `Edit annotation ${item.label}`}
      title={item ? 'Edit Annotation' : 'Add Annotation'}
      description="Shown on the series' page, its embeds and chart files, and on charts in stories. A linked story lists the series it marks."
      submitLabel={item ? 'Save Changes' : 'Add Annotation'}
      save={(body) => (item ? sendJson('PATCH', `/api/admin/annotations/${item.id}`, body) : sendJson('POST', '/api/admin/annotations', body))}
      saved={item ? 'Annotation updated' : 'Annotation added'}
      failure="The annotation could not be saved."
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <SelectField form={form} name="series" label="Series" options={series} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="from" label="Day (or first day)" type="date" />
            <TextField form={form} name="to" label="Last day" type="date" optional />
          </div>
          <TextField form={form} name="label" label="Label" />
          <TextField form={form} name="story" label="Linked story (its address)" placeholder="/article/its-slug" optional />
        </>
      )}
    </EditDialog>
  );
}
