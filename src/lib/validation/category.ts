import * as z from '@/lib/validation/zod-mini';

/** `PATCH /api/admin/categories/{id}`: the topic page's description. */
export const categoryUpdateSchema = z.object({
  description: z.string({ error: 'Required' }).check(z.trim(), z.maxLength(500, 'Description is at most 500 characters')),
});

export type CategoryUpdate = z.output<typeof categoryUpdateSchema>;
