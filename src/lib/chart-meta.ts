// What a chart says about itself wherever it goes: on the page, in a download, in an embed.
// Every chart of the site hands one to its figure (`ServerChart.astro`), with the table of
// the figures it draws (`chart-table.ts`). Isomorphic: no server code, no chart code.

export interface ChartMeta {
  title: string;
  subtitle?: string | undefined;
  /** The unit of its values, drawn into downloads when the subtitle does not say it. */
  units?: string | undefined;
  /** Where its figures come from and how recent they are. */
  source: string;
  /** The latest figure's date, as readers say it. */
  asOf?: string | undefined;
  /** Said under the chart and in downloads: a measure changed, sample data. */
  notes?: readonly string[] | undefined;
  /** The absolute address of this view, which reopens it. */
  permalink: string;
  /** The address of its embed (`/embed/…`), when it has one: absolute, or a path made absolute in the browser as `permalink` is. */
  embed?: string | undefined;
  /** The downloads' file name, without extension (letters, digits and dashes). */
  filename: string;
}

/** Text made safe inside an HTML attribute value. */
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The code a site pastes to show a chart: an iframe of its embed address, tall enough for the chart and its source line. */
export function embedCode(embed: string, title: string, chartHeight: number): string {
  return `<iframe src="${attribute(embed)}" title="${attribute(title)}" width="100%" height="${chartHeight + 170}" loading="lazy" style="border:0;max-width:100%"></iframe>`;
}

/** A file name from words: "WTI Crude Oil, 1 year" → "wti-crude-oil-1-year". */
export function chartFilename(...parts: readonly string[]): string {
  return (
    parts
      .join(' ')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'chart'
  );
}
