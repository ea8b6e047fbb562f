import * as z from '@/lib/validation/zod-mini';
import { wholeNumber } from '@/lib/validation/page-query';
import { oneLine } from '@/lib/validation/text';

/** The longest annotation label: a few words beside a chart. */
export const ANNOTATION_LABEL_MAX = 80;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const DAY_MESSAGE = 'Enter a date, like 2026-11-25';

/**
 * The story an annotation links: its address on the site (`https://…/article/{slug}`,
 * `/article/{slug}`) or its slug; empty for none. Answers the slug, or '' for none.
 */
export function storySlugOf(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return '';
  const path = /^(?:https?:\/\/[^/]+)?\/article\/([^/?#]+)\/?(?:[?#].*)?$/.exec(text)?.[1] ?? text;
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path) && path.length <= 200 ? path : undefined;
}

/**
 * An annotation of a series, from the admin's form and `POST /api/admin/annotations`, `PATCH
 * /api/admin/annotations/{id}`: the series (slug), a day or a span of days, a short label, and
 * optionally the story it links (its address or slug).
 */
export const seriesAnnotationSchema = z
  .object({
    /** The series' slug (`wti`, `gas-storage`). */
    series: z.string({ error: 'Choose a series' }).check(z.trim(), z.minLength(1, 'Choose a series'), z.maxLength(100, 'Choose a series')),
    /** The day it marks, or the first day of its span. */
    from: z.string({ error: DAY_MESSAGE }).check(z.trim(), z.minLength(1, 'The date is required'), z.refine(isCalendarDay, DAY_MESSAGE)),
    /** The last day of its span; empty for a single day. */
    to: z._default(
      z.string({ error: DAY_MESSAGE }).check(
        z.trim(),
        z.refine((v) => v === '' || isCalendarDay(v), DAY_MESSAGE),
      ),
      '',
    ),
    /** What readers see beside the chart. */
    label: z
      .string({ error: 'The label is required' })
      .check(
        z.trim(),
        z.minLength(1, 'The label is required'),
        z.maxLength(ANNOTATION_LABEL_MAX, `The label must be at most ${ANNOTATION_LABEL_MAX} characters`),
        oneLine('The label'),
      ),
    /** The story it links: its address or slug; empty for none. */
    story: z._default(
      z.string({ error: 'Must be text' }).check(
        z.maxLength(500, 'Enter the story’s address on this site'),
        z.refine((v) => storySlugOf(v) !== undefined, 'Enter the story’s address on this site, like /article/its-slug'),
      ),
      '',
    ),
  })
  .check(z.refine((a) => a.to === '' || a.to > a.from, { message: 'The end must be after the start', path: ['to'] }));

export type SeriesAnnotationInput = z.output<typeof seriesAnnotationSchema>;

/** `GET /api/admin/annotations?series=&page=`: one series' annotations (every series' when absent), 50 a page. */
export const annotationListQuerySchema = z.object({
  series: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  page: z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1),
});

/** `GET /api/series/{slug}/annotations`: a page of a series' annotations, oldest first. */
export const seriesAnnotationsQuerySchema = z.object({
  limit: z._default(wholeNumber(1, 500), 100),
  offset: z._default(wholeNumber(0, 1_000_000), 0),
});
