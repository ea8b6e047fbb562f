// The release desk's draft brief of an EIA release, written from the figures: a headline and
// first lines saying the change against the week before, where the week stands in the range of
// the same week over the previous five years, and whether it is a record in the figures held;
// the cited figure and the chart as references to the data (`src/lib/data-refs.ts`), so the
// story shows them from the data and watches them. Pure: the service reads the figures.
import { CHART_TAG, parseRefAttributes, refHtml } from '@/lib/data-refs';
import { formatLongCalendarDay } from '@/lib/calendar-format';
import { formatAsOf, formatSeriesValue } from '@/lib/market-format';
import type { FiveYearBand, Point } from '@/lib/series-stats';
import { escapeMarkup } from '@/lib/markup';

/** A series as a brief names it. */
export interface BriefSeries {
  slug: string;
  /** "Working gas in storage", "US crude oil inventories". */
  shortName: string;
  /** The short name is a plural: the headline says "rise", not "rises". */
  plural?: boolean | undefined;
  unit: string;
  decimals: number;
}

/** The release a brief reports. */
export interface BriefRelease {
  id: string;
  /** "Weekly Natural Gas Storage Report". */
  title: string;
  /** The US Eastern day it came out, YYYY-MM-DD. */
  day: string;
}

export interface WeeklyBriefInput {
  release: BriefRelease;
  series: BriefSeries;
  latest: Point;
  /** The week before, when stored. */
  previous?: Point | undefined;
  /** The range of the same week over the previous five years, when all five are stored. */
  band?: FiveYearBand | undefined;
  /** The latest figure is above (`high`) or below (`low`) every earlier one stored, which go back to `since` (at least a year of weeks). */
  record?: { kind: 'high' | 'low'; since: string } | undefined;
}

/** A draft: its headline, its excerpt (the first sentence) and its body (sanitizer-safe HTML with data references). */
export interface BriefDraft {
  title: string;
  excerpt: string;
  html: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** The stored value as the figure reference writes it: a plain decimal number. */
const decimalText = (value: number) => String(Number(value.toFixed(8)));

/** A chart block of a series' page view over the past year (none for a slug that is no series of the catalog). */
function chartBlock(slug: string, caption: string): string {
  const ref = parseRefAttributes(CHART_TAG, { kind: 'markets', key: slug, range: '1y', caption });
  return ref ? refHtml(ref) : '';
}

/** Where a value stands against a five-year band. */
export function bandSide(value: number, band: FiveYearBand): 'above' | 'below' | 'within' {
  return value > band.max ? 'above' : value < band.min ? 'below' : 'within';
}

/**
 * The brief of a weekly release (petroleum status: crude stocks; natural-gas storage): "Working
 * gas in storage rises 30 Bcf to 3,950 Bcf, above its five-year range", then the change from the
 * week before, the five-year range and average of the week, the record, and the series' chart.
 */
export function weeklyBrief(input: WeeklyBriefInput): BriefDraft {
  const { series, latest, previous, band, record, release } = input;
  const value = formatSeriesValue(latest.value, series);
  const change = previous ? latest.value - previous.value : undefined;
  const amount = change === undefined ? '' : formatSeriesValue(Math.abs(change), series);
  const moved = change === undefined ? undefined : change > 0 ? 'rise' : change < 0 ? 'fall' : 'hold';
  const side = band && bandSide(latest.value, band);
  const [rises, falls] = series.plural ? ['rise', 'fall'] : ['rises', 'falls'];
  const headlineMove = moved === 'rise' ? `${rises} ${amount} to ${value}` : moved === 'fall' ? `${falls} ${amount} to ${value}` : `at ${value}`;
  const headlineNote = record
    ? `, a ${record.kind === 'high' ? 'record high' : 'record low'} in our data`
    : side && side !== 'within'
      ? `, ${side} its five-year range`
      : '';
  const title = `${capitalized(series.shortName)} ${headlineMove}${headlineNote}`;

  const week = formatLongCalendarDay(latest.period);
  const figure = refHtml({ element: 'figure', ref: { series: series.slug, date: latest.period, value: decimalText(latest.value) } });
  const said = `the U.S. Energy Information Administration said in its ${release.title} on ${formatLongCalendarDay(release.day)}`;
  const verb = moved === 'rise' ? `rose by ${amount} to` : moved === 'fall' ? `fell by ${amount} to` : moved === 'hold' ? 'held at' : 'stood at';
  const from = previous && moved !== 'hold' ? `, from ${formatSeriesValue(previous.value, series)} a week earlier` : '';
  const lead = (valueText: string) => `${capitalized(series.shortName)} ${verb} ${valueText} in the week ending ${week}${from}, ${said}.`;
  const [beforeFigure = '', afterFigure = ''] = lead('\u0000').split('\u0000');
  const paragraphs: string[] = [];
  if (band && side) {
    const gap = latest.value - band.average;
    const versus =
      Math.abs(gap) < 10 ** -series.decimals
        ? 'level with the five-year average'
        : `${formatSeriesValue(Math.abs(gap), series)} ${gap > 0 ? 'above' : 'below'} the five-year average of ${formatSeriesValue(band.average, series)}`;
    const where = side === 'within' ? 'within' : side;
    paragraphs.push(
      `That is ${where} the range of the same week over the previous five years, ${formatSeriesValue(band.min, series)} to ${formatSeriesValue(band.max, series)}, and ${versus}.`,
    );
  }
  if (record) {
    paragraphs.push(
      `It is the ${record.kind === 'high' ? 'highest' : 'lowest'} level in the weekly figures we hold, which go back to the week ending ${formatAsOf(record.since, 'daily')}.`,
    );
  }
  const chart = chartBlock(series.slug, `${capitalized(series.shortName)}, the past year${band ? ', with its five-year range' : ''}`);
  return {
    title,
    excerpt: lead(value),
    html: [`<p>${escapeMarkup(beforeFigure)}${figure}${escapeMarkup(afterFigure)}</p>`, ...paragraphs.map((p) => `<p>${escapeMarkup(p)}</p>`), chart]
      .filter(Boolean)
      .join('\n'),
  };
}

/** One forecast of an outlook brief: a series' forecast for a month, and what the previous outlook said for it. */
export interface OutlookLine {
  series: BriefSeries & { name: string };
  /** The forecast month, YYYY-MM-DD (its first day). */
  month: string;
  value: number;
  /** The previous outlook's forecast of that month, when it differed and is kept. */
  previous?: number | undefined;
}

/**
 * The brief of a new Short-Term Energy Outlook: "EIA's outlook: WTI crude forecast $71.20/bbl
 * for December 2026", then each series' forecast for the month after its latest history with
 * what the previous outlook said, and the lead series' chart with the forecast.
 */
export function outlookBrief(release: BriefRelease, lines: readonly OutlookLine[]): BriefDraft | undefined {
  const first = lines[0];
  if (!first) return undefined;
  const month = (line: OutlookLine) => formatAsOf(line.month, 'monthly');
  const sentence = (line: OutlookLine, valueHtml: string) => {
    const was =
      line.previous === undefined
        ? ''
        : `, ${line.value > line.previous ? 'up' : 'down'} from ${formatSeriesValue(line.previous, line.series)} in the previous outlook`;
    return `EIA expects ${line.series.name.replace(/, EIA Forecast$/, '')} to average ${valueHtml} in ${month(line)}${was}.`;
  };
  const figures = lines.map((line) =>
    refHtml({ element: 'figure', ref: { series: line.series.slug, date: line.month, value: decimalText(line.value) } }),
  );
  const intro = `The U.S. Energy Information Administration published its ${release.title} on ${formatLongCalendarDay(release.day)}.`;
  const chart = chartBlock(
    first.series.slug.replace(/-steo$/, ''),
    `${first.series.name.replace(/, EIA Forecast$/, '')}, the past year and EIA's forecast`,
  );
  return {
    title: `EIA's outlook: ${first.series.shortName} ${formatSeriesValue(first.value, first.series)} for ${month(first)}`,
    excerpt: `${intro} ${sentence(first, formatSeriesValue(first.value, first.series))}`,
    html: [
      `<p>${escapeMarkup(intro)}</p>`,
      ...lines.map((line, i) => {
        const text = sentence(line, '\u0000');
        const [before = '', after = ''] = text.split('\u0000');
        return `<p>${escapeMarkup(before)}${figures[i] ?? ''}${escapeMarkup(after)}</p>`;
      }),
      chart,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
