import { messages } from '@/server/errors';
import { fetchPolitely, OutboundNetworkError, readJson, type OutboundOptions } from '@/server/integrations/outbound';

/** A failed EIA call, with EIA's own message when it sent one. */
export class EiaError extends Error {
  /**
   * The HTTP status EIA meant, when it answered one: a 5xx whose body carries a 4xx `code` is
   * that 4xx. Undefined for a failure without an answer or an answer that could not be paged.
   */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'EiaError';
    this.status = status;
  }

  /**
   * Whether every other query of the run would fail the same way: a rejected key (401, 403),
   * too many requests (429) or EIA out of reach. A bad route or series (400, 404, a strange
   * answer) concerns only its own query.
   */
  get concernsEveryQuery(): boolean {
    return this.status === undefined ? this.unreachable : [401, 403, 429].includes(this.status);
  }

  /** EIA could not be reached at all. */
  unreachable = false;
}

/** One query of EIA's API v2 `/data/` endpoints. */
export interface EiaQuery {
  /** Route below the base, e.g. `petroleum/pri/spt`. */
  route: string;
  /** `hourly` periods are UTC hours (`2026-01-05T14`, the hour ending then). */
  frequency: 'hourly' | 'daily' | 'weekly' | 'monthly';
  /** The data column, e.g. `value`, `generation`, `price`; or several of one route's (`price` and `sales`), asked for in one request. */
  data: string | readonly string[];
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

/** The 4xx an error body names in its `code` (EIA wraps some client errors, an unknown route among them, in HTTP 500). */
function bodyClientStatus(body: unknown): number | undefined {
  const code = Number(asRecord(body)?.['code']);
  return Number.isInteger(code) && code >= 400 && code < 500 ? code : undefined;
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

/** Every number form EIA writes: sign, digits with or without a leading zero (".306", "-.5"), exponent ("1.2E-3"). */
const EIA_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** What EIA writes for a value it does not have: null, absent, empty, "NA", "--" or ".". */
export function isEiaGap(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && ['', 'NA', '--', '.'].includes(value.trim());
}

/**
 * A number from an EIA value: a JSON number, or a string in any form EIA writes (surrounding
 * whitespace allowed). Gaps (`isEiaGap`) and anything else (a withheld "W", text) are undefined:
 * `EiaValues` tells them apart and counts them.
 */
export function eiaNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!EIA_NUMBER.test(text)) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Reads the values of an answer and counts what it could not: gaps (EIA has no figure) and
 * unreadable values (anything that is neither a number nor a gap), with the first of those as
 * an example, so an import can say what it skipped rather than dropping it without a word.
 */
export class EiaValues {
  private readCount = 0;
  private gapCount = 0;
  private unreadableCount = 0;
  private firstUnreadable: string | undefined;

  read(value: unknown): number | undefined {
    const number = eiaNumber(value);
    if (number !== undefined) this.readCount++;
    else if (isEiaGap(value)) this.gapCount++;
    else {
      this.unreadableCount++;
      this.firstUnreadable ??= typeof value === 'string' ? value : JSON.stringify(value);
    }
    return number;
  }

  counts(): { read: number; gaps: number; unreadable: number; example?: string } {
    return {
      read: this.readCount,
      gaps: this.gapCount,
      unreadable: this.unreadableCount,
      ...(this.firstUnreadable === undefined ? {} : { example: this.firstUnreadable }),
    };
  }
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
   * Every row of a query, page after page until a short page ends it: one with no rows, or
   * fewer than the pages before it held, or fewer than asked for once the rows reach EIA's
   * `total`. The total is checked against the rows actually sent, never trusted alone: while it
   * says more rows are coming, a page shorter than asked (EIA may cap pages below the length
   * asked) is followed by one more request. An answer that announced more rows than it sent (a
   * recorded one said "436" and held 218) keeps the rows sent, and the difference goes into
   * `notices` (the run log). An answer that cannot be paged fails with an EiaError saying how: a
   * total past `EIA_MAX_ROWS`, a page of more rows than asked, more than `EIA_MAX_PAGES` pages,
   * or a total that changes between pages: offsets then point into a different set of rows, so
   * rows may have been skipped or read twice and which cannot be told; the query fails (only its
   * own series, see the imports) and the next run reads it again.
   *
   * Every query is sorted on the period and then on each column that tells one period's rows
   * apart (its `tiebreak` columns and every facet it filters on): EIA's order of rows equal on
   * the sort columns changes between requests, so a page edge inside them repeats or loses rows.
   */
  async fetchAll(query: EiaQuery, notices?: string[]): Promise<EiaRow[]> {
    const rows: EiaRow[] = [];
    const pageSize = Math.min(this.options.pageSize ?? EIA_MAX_PAGE, EIA_MAX_PAGE);
    let announced: number | undefined;
    // The most rows a page has held: EIA's page size in fact.
    let fullPage = 0;
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
      const short = data.length === 0 || data.length < fullPage || (data.length < pageSize && rows.length >= total);
      fullPage = Math.max(fullPage, data.length);
      if (short) {
        if (rows.length !== total) notices?.push(messages.eiaTotalDiffers(query.route, total, rows.length));
        return rows;
      }
    }
  }

  /** The columns a query is sorted on: the period, then every column that orders one period's rows. */
  static sortColumns(query: Pick<EiaQuery, 'facets' | 'tiebreak'>): string[] {
    return [...new Set(['period', ...(query.tiebreak ?? []), ...Object.keys(query.facets)])];
  }

  private async page(query: EiaQuery, offset: number, length: number): Promise<{ data: EiaRow[]; total: number }> {
    const params = new URLSearchParams({ api_key: this.apiKey, frequency: query.frequency });
    for (const [i, column] of [query.data].flat().entries()) params.set(`data[${i}]`, column);
    for (const [facet, values] of Object.entries(query.facets)) for (const v of values) params.append(`facets[${facet}][]`, v);
    if (query.start) params.set('start', query.start);
    if (query.end) params.set('end', query.end);
    for (const [i, column] of EiaClient.sortColumns(query).entries()) {
      params.set(`sort[${i}][column]`, column);
      params.set(`sort[${i}][direction]`, 'asc');
    }
    params.set('offset', String(offset));
    params.set('length', String(length));
    await this.pace();
    let response: Response;
    try {
      response = await fetchPolitely(
        `${this.baseUrl}/${query.route}/data/?${params}`,
        { headers: { Accept: 'application/json' } },
        // A 5xx whose body names a 4xx is that 4xx: asking again would answer the same.
        { ...this.options, final: async (answer) => bodyClientStatus(await readJson(answer)) !== undefined },
      );
    } catch (error) {
      if (error instanceof OutboundNetworkError) {
        const unreachable = new EiaError(messages.eiaUnreachable(error.host));
        unreachable.unreachable = true;
        throw unreachable;
      }
      throw error;
    }
    const body = await readJson(response);
    if (!response.ok) {
      const status = response.status >= 500 ? (bodyClientStatus(body) ?? response.status) : response.status;
      const said = errorMessage(body, response.status);
      throw new EiaError(status === 404 ? messages.eiaNoRoute(query.route, said) : said, status);
    }
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
