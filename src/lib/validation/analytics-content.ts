import * as z from '@/lib/validation/zod-mini';
import { oneLine } from '@/lib/validation/text';

export const ANALYTICS_TYPES = ['chart', 'dashboard', 'report', 'insight'] as const;

const fields = z.object({
  title: z.string({ error: 'Required' }).check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(300), oneLine('Title')),
  type: z.enum(ANALYTICS_TYPES, { error: 'Choose chart, dashboard, report or insight' }),
  content: z.string({ error: 'Required' }).check(z.trim(), z.minLength(1, 'Content is required'), z.maxLength(50_000)),
  metadata: z.record(z.string(), z.unknown(), { error: 'Metadata must be an object' }),
});

/** The analytics content form and `POST /api/analytics-content`: type defaults to chart, metadata to {}. */
export const analyticsContentCreateSchema = z.extend(fields, {
  type: z._default(fields.shape.type, 'chart'),
  metadata: z._default(fields.shape.metadata, {}),
});

/** `PATCH /api/analytics-content/{id}`: only the fields sent change (no defaults). */
export const analyticsContentUpdateSchema = z.partial(fields);

export type AnalyticsContentCreate = z.output<typeof analyticsContentCreateSchema>;
export type AnalyticsContentUpdate = z.output<typeof analyticsContentUpdateSchema>;

/** The admin's form: metadata typed as JSON text, turned into the object the endpoint takes. */
export const analyticsContentFormSchema = z.extend(analyticsContentCreateSchema, {
  metadata: z.pipe(
    z.string(),
    z.transform((text, payload) => {
      try {
        const value: unknown = JSON.parse(text.trim() || '{}');
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // Reported below.
      }
      payload.issues.push({ code: 'custom', message: 'Metadata must be valid JSON', input: text });
      return z.NEVER;
    }),
  ),
});

export type AnalyticsContentFormInput = z.input<typeof analyticsContentFormSchema>;
