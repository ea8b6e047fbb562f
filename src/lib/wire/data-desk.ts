// What the data API's grid and state answers share: where the figures come from, what a revised
// figure says, and which vintage of the figures an answer holds.
import * as z from '@/lib/validation/zod-mini';
import { about, isoDateTime, namedObject } from '@/lib/wire/common';

/** Where a region's or a state's figures come from. */
export const dataSource = z.object({
  sample: about(z.boolean(), 'Seeded illustrative figures, not yet replaced by EIA data.'),
  text: about(z.string(), 'The source line to show with the figures.'),
});

/** What a revised figure says: the figure EIA first published, the one the latest revision replaced, when, and how often. */
export const figureRevisionSchema = namedObject('FigureRevision', 'A figure EIA revised: what it was and when it changed.', {
  firstValue: about(z.number(), 'The figure EIA first published.'),
  previousValue: about(z.number(), 'The figure the latest revision replaced.'),
  revisedAt: about(isoDateTime, 'When the site’s import first saw the latest revision.'),
  revisions: about(z.int(), 'How many times EIA revised it.'),
});

/** The revised figures of a month or an hour, by where the figure is in it (`prices.residential`, `generation.NG`, `demand`, `fuels.SUN`). */
export const revisedFigures = z.optional(
  about(
    z.record(z.string(), figureRevisionSchema),
    'Only the latest figures (no `vintage=first`, no `asOf`), and only where EIA revised one: each revised figure by its place in this object (`prices.residential`, `us.all`, `generation.NG`; `demand`, `fuels.SUN`).',
  ),
);

/** Which figures an answer holds, as the series API says it. */
export const vintageOf = {
  vintage: about(
    z.enum(['latest', 'first']),
    '`latest`: the figures as EIA last revised them (as known on `asOf` when given); `first`: as first published.',
  ),
  asOf: z.nullable(about(z.iso.date(), 'The day (US Eastern) the figures are as known at its end, or null for now.')),
};

export type FigureRevision = z.output<typeof figureRevisionSchema>;
