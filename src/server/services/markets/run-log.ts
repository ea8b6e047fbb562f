import { messages } from '@/server/errors';
import type { EiaValues } from '@/server/integrations/eia';

// What the EIA imports (market series and the grid) write in their run log beside what they
// imported: the queries that failed and were skipped, the values that were not figures, and what
// else they noticed about EIA's answers.

/** A query of a run that failed and was skipped; the others went on. */
export interface ImportFailure {
  name: string;
  reason: string;
}

/** The values of one series or dataset that were not figures. */
export interface SkippedValues {
  name: string;
  gaps: number;
  unreadable: number;
  /** The first unreadable value, as EIA sent it. */
  example?: string;
}

/** What a run read of one dataset, for `ImportSummary.skipped`, when anything was not a figure. */
export function skippedOf(name: string, values: EiaValues): SkippedValues[] {
  const { gaps, unreadable, example } = values.counts();
  return gaps + unreadable === 0 ? [] : [{ name, gaps, unreadable, ...(example === undefined ? {} : { example }) }];
}

/** What the run log says beside what was imported: what failed and why, the gaps and unreadable values skipped, EIA's odd totals. */
export function importNotes(summary: { failed: readonly ImportFailure[]; skipped: readonly SkippedValues[]; notices: readonly string[] }): string[] {
  return [
    ...(summary.failed.length > 0 ? [messages.importNotImported(summary.failed)] : []),
    ...(summary.skipped.some((s) => s.gaps > 0) ? [messages.importGaps(summary.skipped.filter((s) => s.gaps > 0))] : []),
    ...(summary.skipped.some((s) => s.unreadable > 0) ? [messages.importUnreadable(summary.skipped.filter((s) => s.unreadable > 0))] : []),
    ...summary.notices,
  ];
}
