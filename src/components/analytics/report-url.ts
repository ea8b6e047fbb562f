// A report's settings as the page URL and the report API carry them. The URL holds what a
// reader chose (`report` and that report's settings) and nothing else: the API's `format`
// is the download link's business, never the page's.
import { REPORT_KINDS, reportQuerySchemas, type ReportKind, type ReportQuery } from '@/lib/validation/reports';

/** Each report's settings: its query without the response format. */
export type ReportSettings = { [K in ReportKind]: Omit<ReportQuery<K>, 'format'> };

/** A report's settings without `format`, whatever the schema added. */
function settingsOf<K extends ReportKind>(query: ReportQuery<K>): ReportSettings[K] {
  return Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'format')) as ReportSettings[K];
}

/** Every report's default settings. */
export function defaultSettings(): ReportSettings {
  return {
    price: settingsOf<'price'>(reportQuerySchemas.price.parse({})),
    share: settingsOf<'share'>(reportQuerySchemas.share.parse({})),
    regional: settingsOf<'regional'>(reportQuerySchemas.regional.parse({})),
    custom: settingsOf<'custom'>(reportQuerySchemas.custom.parse({})),
  };
}

/** A report's settings as query parameters (lists as comma lists). */
export function settingsParams(settings: ReportSettings[ReportKind]): URLSearchParams {
  return new URLSearchParams(Object.entries(settings).map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(',') : String(v)]));
}

/** The page query that reopens a report: `tab=reports&report=…` and its settings. */
export function reportPageQuery(kind: ReportKind, settings: ReportSettings[ReportKind]): string {
  return new URLSearchParams([['tab', 'reports'], ['report', kind], ...settingsParams(settings)]).toString();
}

/** The report a shared URL asks for, with every report's settings; invalid settings fall back to the defaults. */
export function reportFromUrl(search: string): { kind: ReportKind; settings: ReportSettings } | undefined {
  const params = new URLSearchParams(search);
  const kind = params.get('report') as ReportKind | null;
  if (!kind || !REPORT_KINDS.includes(kind)) return undefined;
  const raw = Object.fromEntries([...params].filter(([k]) => k !== 'tab' && k !== 'report' && k !== 'format'));
  const parsed = reportQuerySchemas[kind].safeParse(raw);
  const settings = defaultSettings();
  if (parsed.success) Object.assign(settings[kind], settingsOf(parsed.data as ReportQuery<typeof kind>));
  return { kind, settings };
}
