import { z } from 'zod';

export const ANALYTICS_TYPES = ['chart', 'dashboard', 'report', 'insight'] as const;

const fields = z.object({
  title: z.string({ error: 'Required' }).trim().min(1, 'Title is required').max(300),
  type: z.enum(ANALYTICS_TYPES, { error: 'Choose chart, dashboard, report or insight' }),
  content: z.string({ error: 'Required' }).trim().min(1, 'Content is required').max(50_000),
  metadata: z.record(z.string(), z.unknown(), { error: 'Metadata must be an object' }),
});

/** The analytics content form and `POST /api/analytics-content`: type defaults to chart, metadata to {}. */
export const analyticsContentCreateSchema = fields.extend({
  type: fields.shape.type.default('chart'),
  metadata: fields.shape.metadata.default({}),
});

/** `PATCH /api/analytics-content/{id}`: only the fields sent change (no defaults). */
export const analyticsContentUpdateSchema = fields.partial();

export type AnalyticsContentCreate = z.output<typeof analyticsContentCreateSchema>;
export type AnalyticsContentUpdate = z.output<typeof analyticsContentUpdateSchema>;

/** The admin's form: metadata typed as JSON text, turned into the object the endpoint takes. */
export const analyticsContentFormSchema = analyticsContentCreateSchema.extend({
  metadata: z.string().transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text.trim() || '{}');
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Reported below.
    }
    ctx.addIssue({ code: 'custom', message: 'Metadata must be valid JSON' });
    return z.NEVER;
  }),
});

export type AnalyticsContentFormInput = z.input<typeof analyticsContentFormSchema>;
