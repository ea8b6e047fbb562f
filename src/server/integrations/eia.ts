import { messages } from '@/server/errors';
import { fetchPolitely, OutboundNetworkError, readJson, type OutboundOptions } from '@/server/integrations/outbound';

/** A failed EIA call, with EIA's own message when it sent one. */
export class EiaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EiaError';
  }
}

/** One query of EIA's API v2 `/data/` endpoints. */
export interface EiaQuery {
  /** Route below the base, e.g. `petroleum/pri/spt`. */
  route: string;
  /** `hourly` periods are UTC hours (`2026-01-05T14`, the hour ending then). */
  frequency: 'hourly' | 'daily' | 'weekly' | 'monthly';
  /** The data column, e.g. `value`, `generation`, `price`. */
  data: string;
  facets: Readonly<Record<string, readonly string[]>>;
  /** First period wanted (YYYY-MM-DD, YYYY-MM for monthly, YYYY-MM-DDTHH for hourly). */
  start?: string;
  /** Last period wanted, written as `start`. */
  end?: string;
  /**
   * Columns that order the rows of one period (`respondent`, `fueltype`): a query of several
   * series has many rows per period, and paging by offset needs one fixed order of them.
   */
  tiebreak?: readonly string[];
}

export type EiaRow = Record<string, unknown>;

/** EIA answers at most this many rows per request. */
export const EIA_MAX_PAGE = 5000;

/**
 * The most rows one query may announce. The largest query an import makes, a first import of
 * monthly generation (three years, 52 locations, every fuel), is about 20,000 rows: anything
 * past this is not an answer to the question asked.
 */
export const EIA_MAX_ROWS = 250_000;

/** The most pages one query may take: 500,000 rows at EIA's 5,000 a page, some minutes at the pace kept. */
export const EIA_MAX_PAGES = 100;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** EIA's error bodies: `{error: "…", code}` from the API, `{error: {code, message}}` from its key gateway. */
function errorMessage(body: unknown, status: number): string {
  const error = asRecord(body)?.['error'];
  if (typeof error === 'string' && error) return messages.eiaSaid(error);
  const nested = asRecord(error);
  if (nested && typeof nested['message'] === 'string')
    return messages.eiaSaid(String(nested['message']), typeof nested['code'] === 'string' ? nested['code'] : undefined);
  return messages.eiaHttp(status);
}

/** A number from EIA's string values; gaps ("." , "NA", "--", null, "") are undefined. */
export function eiaNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value);
}

/**
 * A client of the EIA Open Data API v2: `api_key`, `frequency`, `data[0]`, `facets[…][]`,
 * `start`, `sort` and `offset`/`length` paging. Requests are paced and retried politely.
 */
export class EiaClient {
  private lastCall = 0;
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly options: OutboundOptions & { paceMs?: number; pageSize?: number };

  constructor(baseUrl: string, apiKey: string, options: OutboundOptions & { paceMs?: number; pageSize?: number } = {}) {
    this.baseUrl = baseUrl;
    this.apiKey = apiKey;
    this.options = options;
  }

  /**
   * Every row of a query, across as many pages as EIA's `total` says there are. An answer
   * that cannot be paged to its end fails with an EiaError saying how, rather than paging on
   * or taking part of the data: a total past `EIA_MAX_ROWS`, a total that changes between
   * pages, a page that brings no rows (or more than asked) before the total is reached, or
   * more than `EIA_MAX_PAGES` pages.
   */
  async fetchAll(query: EiaQuery): Promise<EiaRow[]> {
    const rows: EiaRow[] = [];
    const pageSize = Math.min(this.options.pageSize ?? EIA_MAX_PAGE, EIA_MAX_PAGE);
    let announced: number | undefined;
    for (let pages = 0; ; pages++) {
      if (pages === EIA_MAX_PAGES) throw new EiaError(messages.eiaTooManyPages(query.route, EIA_MAX_PAGES));
      const { data, total } = await this.page(query, rows.length, pageSize);
      if (announced === undefined) {
        if (total > EIA_MAX_ROWS) throw new EiaError(messages.eiaTooManyRows(query.route, total, EIA_MAX_ROWS));
        announced = total;
      } else if (total !== announced) {
        throw new EiaError(messages.eiaTotalChanged(query.route, announced, total));
      }
      if (data.length > pageSize) throw new EiaError(messages.eiaUnexpectedShape(query.route));
      // Each page starts where the rows so far end, so the offset moves on by every row taken.
      rows.push(...data);
      if (rows.length >= total) return rows;
      if (data.length === 0) throw new EiaError(messages.eiaStoppedShort(query.route, rows.length, total));
    }
  }

  private async page(query: EiaQuery, offset: number, length: number): Promise<{ data: EiaRow[]; total: number }> {
    const params = new URLSearchParams({ api_key: this.apiKey, frequency: query.frequency, 'data[0]': query.data });
    for (const [facet, values] of Object.entries(query.facets)) for (const v of values) params.append(`facets[${facet}][]`, v);
    if (query.start) params.set('start', query.start);
    if (query.end) params.set('end', query.end);
    for (const [i, column] of ['period', ...(query.tiebreak ?? [])].entries()) {
      params.set(`sort[${i}][column]`, column);
      params.set(`sort[${i}][direction]`, 'asc');
    }
    params.set('offset', String(offset));
    params.set('length', String(length));
    await this.pace();
    let response: Response;
    try {
      response = await fetchPolitely(`${this.baseUrl}/${query.route}/data/?${params}`, { headers: { Accept: 'application/json' } }, this.options);
    } catch (error) {
      if (error instanceof OutboundNetworkError) throw new EiaError(messages.eiaUnreachable(error.host));
      throw error;
    }
    const body = await readJson(response);
    if (!response.ok) throw new EiaError(errorMessage(body, response.status));
    const inner = asRecord(asRecord(body)?.['response']);
    const data = inner?.['data'];
    const total = Number(inner?.['total']);
    if (!Array.isArray(data) || !Number.isSafeInteger(total) || total < 0) throw new EiaError(messages.eiaUnexpectedShape(query.route));
    return { data: data.filter((r): r is EiaRow => asRecord(r) !== undefined), total };
  }

  /** Keeps calls at least `paceMs` apart. */
  private async pace(): Promise<void> {
    const wait = this.lastCall + (this.options.paceMs ?? 300) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastCall = Date.now();
  }
}
