// The embed addresses of the charts outside the data desk: a generated report
// (`/embed/reports/{kind}?…`, the /analytics report views), an analysis item's chart
// (`/embed/analysis/{id}`) and a dashboard card's (`/embed/cards/{card}`, the home page's cards). Each view
// has one spelling (the report's settings in its schema's order, defaults left out, values in
// lower case), so the page cache holds one entry per view; `readReportEmbed` names the redirect
// from any other. Isomorphic.
import { REPORT_KINDS, reportQuerySchemas, type ReportKind, type ReportQuery } from '@/lib/validation/reports';

/** The query parameters a report embed reads (every report's settings): its cache key, and what its one address may carry. */
export const REPORT_EMBED_PARAMS = ['series', 'range', 'chart', 'period', 'metric'] as const;

/** A report setting as its address spells it (lists as comma lists). */
const spelled = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

/** The report's settings parsed from query parameters (only its own, in lower case); undefined when one is invalid. */
function settingsOf<K extends ReportKind>(kind: K, params: URLSearchParams): ReportQuery<K> | undefined {
  const own = Object.keys(reportQuerySchemas[kind].def.shape).filter((key) => key !== 'format');
  const raw = Object.fromEntries(own.flatMap((key) => (params.has(key) ? [[key, (params.get(key) ?? '').toLowerCase()]] : [])));
  const parsed = reportQuerySchemas[kind].safeParse(raw);
  return parsed.success ? (parsed.data as ReportQuery<K>) : undefined;
}

/**
 * A report view's embed address from its settings as query parameters (the report page's,
 * the report API's): the settings that differ from the report's defaults, in its schema's
 * order. Undefined for an unknown report or an invalid setting.
 */
export function reportEmbedPath(kind: string, params: URLSearchParams): string | undefined {
  if (!(REPORT_KINDS as readonly string[]).includes(kind)) return undefined;
  const report = kind as ReportKind;
  const settings = settingsOf(report, params);
  if (!settings) return undefined;
  const defaults = reportQuerySchemas[report].parse({}) as Record<string, unknown>;
  const query = new URLSearchParams(
    Object.entries(settings as Record<string, unknown>).flatMap(([key, value]): [string, string][] =>
      key === 'format' || spelled(value) === spelled(defaults[key]) ? [] : [[key, spelled(value)]],
    ),
  );
  return `/embed/reports/${report}${query.size > 0 ? `?${query.toString().replaceAll('%2C', ',')}` : ''}`;
}

/**
 * The report an embed address names (`/embed/reports/{kind}?…`): its kind, its settings and
 * the redirect to its one address when spelled otherwise (a parameter it does not read, a
 * default spelled out, upper case, in the report's name too); undefined for an unknown report or an invalid setting.
 */
export function readReportEmbed(
  kind: string,
  params: URLSearchParams,
): { kind: ReportKind; query: ReportQuery<ReportKind>; path: string; redirect: string | undefined } | undefined {
  const path = reportEmbedPath(kind.toLowerCase(), params);
  const query = path && settingsOf(kind.toLowerCase() as ReportKind, params);
  if (!path || !query) return undefined;
  const read = new URLSearchParams([...params].filter(([name]) => (REPORT_EMBED_PARAMS as readonly string[]).includes(name)));
  const requested = `/embed/reports/${kind}${read.size > 0 ? `?${read.toString().replaceAll('%2C', ',')}` : ''}`;
  return { kind: kind.toLowerCase() as ReportKind, query, path, redirect: requested === path ? undefined : path };
}

/** The address of a report view's chart files (`/charts/reports/{kind}.svg|.png|.csv|.json`) and its settings' query, from its embed address. */
export function reportChartFiles(kind: string, embedPath: string): { path: string; query: string } {
  return { path: `/charts/reports/${kind}`, query: new URL(embedPath, 'http://x').search.replaceAll('%2C', ',') };
}

/** An analysis item's chart alone: its embed address. */
export function analysisEmbedPath(id: number): string {
  return `/embed/analysis/${id}`;
}

/** The /analytics view a report embed shows (its Custom Reports tab with the embed's settings): its permalink. */
export function reportViewPath(embedPath: string): string {
  const url = new URL(embedPath, 'http://x');
  const kind = url.pathname.split('/').at(-1) ?? '';
  return `/analytics?tab=reports&report=${kind}${url.search.replace(/^\?/, '&')}`;
}

/** The dashboard cards' charts (the home page's and /analytics' cards), by their embed's name. */
export const DASHBOARD_CARDS = ['volatility', 'production', 'energy-mix'] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

/** A dashboard card's chart alone: its embed address. */
export function cardEmbedPath(card: DashboardCard): string {
  return `/embed/cards/${card}`;
}

/**
 * The dashboard card an embed address names (`/embed/cards/{card}`, in any case), with the
 * redirect to its one address when spelled otherwise; undefined for an unknown card.
 */
export function readCardEmbed(name: string): { card: DashboardCard; redirect: string | undefined } | undefined {
  const card = DASHBOARD_CARDS.find((c) => c === name.toLowerCase());
  if (!card) return undefined;
  return { card, redirect: card === name ? undefined : cardEmbedPath(card) };
}
