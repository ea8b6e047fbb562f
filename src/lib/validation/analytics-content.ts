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
