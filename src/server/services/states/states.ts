import {
  RETAIL_SECTORS,
  RETAIL_STALE_AFTER_DAYS,
  STATE_METRICS,
  type RetailSectorCode,
  type RetailSectorSlug,
  type StateMetric,
} from '@db/catalog/states';
import { RENEWABLE_FUELS, US_STATES } from '@/lib/energy';
import { addMonths, monthsBetween, stateCodeOf, statePagePath } from '@/lib/state-format';
import type { ArticleSummary } from '@/lib/wire/articles';
import type { FigureRevision } from '@/lib/wire/data-desk';
import type { SectorFigures, SectorPrices, StateHistory, StatePrices, StatesOverview } from '@/lib/wire/states';
import { showsArticles, showsTags, validUntil } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { cachedForContent } from '@/server/content-version';
import { NotFoundError, messages } from '@/server/errors';
import { searchPublicArticleIds } from '@/server/queries/article-search';
import { getArticlesByIds } from '@/server/queries/articles';
import { latestGenerationMonth, listGenerationOfLocation, listGenerationOfMonth } from '@/server/queries/generation';
import { listRetailHistory, listRetailPricesOfMonth, newestRetailPrice, type RetailPriceRow } from '@/server/queries/retail-prices';
import { listRetailSalesHistory, type RetailSalesRow } from '@/server/queries/retail-sales';
import { keywordQuery } from '@/server/services/markets/series';
import type { VintageChoice } from '@/server/queries/market';
import { figureRevisionOf, figuresAsChosen, revisedFiguresOf, vintageChoiceOf, type VintageQuery } from '@/server/services/markets/vintages';

const DAY_MS = 86_400_000;
const SECTOR_CODES = RETAIL_SECTORS.map((s) => s.code);
/** Months of price history a state's page charts. */
const PAGE_MONTHS = 36;
/** Months of generation a state's page charts. */
const GENERATION_MONTHS = 12;
/** Articles a state's page lists. */
const STATE_ARTICLES = 6;

/** A figure by sector of one state from rows of one month (a price, or sales), null in a sector without one. */
function bySector<R extends { state: string; sector: string }>(rows: readonly R[], state: string, value: (row: R) => number): SectorFigures {
  const figures: SectorFigures = { residential: null, commercial: null, industrial: null, all: null };
  for (const r of rows) if (r.state === state) figures[RETAIL_SECTORS.find((s) => s.code === r.sector)?.slug ?? 'all'] = value(r);
  return figures;
}

/** Prices by sector of one state from rows of one month. */
const pricesOf = (rows: readonly RetailPriceRow[], state: string): SectorPrices => bySector(rows, state, (r) => r.price);
/** Sales by sector of one state from rows of one month. */
const salesOf = (rows: readonly RetailSalesRow[], state: string): SectorFigures => bySector(rows, state, (r) => r.value);

/** The line said under state prices (and, `sales`, under the sales beside them). */
function retailSource(sample: boolean, sales = false): { sample: boolean; text: string } {
  return {
    sample,
    text: sample
      ? `Illustrative sample: seeded ${sales ? 'prices and sales' : 'prices'}, not EIA figures.`
      : `Source: U.S. Energy Information Administration, ${sales ? 'average retail price and retail sales' : 'average retail price'} of electricity by state and sector (electricity/retail-sales).`,
  };
}

/** Each state's rank by price in a sector (1 the most expensive), among those with a price. */
function ranks(states: readonly { code: string; prices: SectorPrices }[], sector: RetailSectorSlug): Map<string, number> {
  const priced = states.filter((s) => s.prices[sector] !== null).sort((a, b) => (b.prices[sector] ?? 0) - (a.prices[sector] ?? 0));
  return new Map(priced.map((s, i) => [s.code, i + 1]));
}

/** Every state's prices of the latest month, a year before, and its ranks (read once per content version and minute). */
export async function getStatesOverview(now: Date = new Date()): Promise<StatesOverview | undefined> {
  // The prices of every state (each is ranked among all of them); the daily import purges them.
  showsTags(tag.states);
  const overview = await cachedForContent('states|overview', async () => {
    const newest = await newestRetailPrice('US', 'ALL');
    if (!newest) return undefined;
    const month = newest.period;
    const [rows, yearAgoRows] = await Promise.all([
      listRetailPricesOfMonth(SECTOR_CODES, month),
      listRetailPricesOfMonth(SECTOR_CODES, addMonths(month, -12)),
    ]);
    const states = Object.entries(US_STATES).map(([code, name]) => ({
      code,
      name,
      prices: pricesOf(rows, code),
      yearAgo: pricesOf(yearAgoRows, code),
    }));
    const sectorRanks = Object.fromEntries(RETAIL_SECTORS.map((s) => [s.slug, ranks(states, s.slug)])) as Record<
      RetailSectorSlug,
      Map<string, number>
    >;
    const withRanks: StatePrices[] = states.map((s) => ({
      ...s,
      rank: Object.fromEntries(RETAIL_SECTORS.map((sector) => [sector.slug, sectorRanks[sector.slug].get(s.code) ?? null])) as StatePrices['rank'],
      page: statePagePath(s.code),
      api: `/api/states/${s.code}`,
    }));
    return {
      month,
      unit: '¢/kWh' as const,
      us: pricesOf(rows, 'US'),
      stale: now.getTime() - Date.parse(`${month}-01T00:00:00Z`) > RETAIL_STALE_AFTER_DAYS * DAY_MS,
      source: retailSource(rows.some((r) => r.sample)),
      states: withRanks,
    };
  });
  // A page showing the month changes the moment it turns stale.
  if (overview && !overview.stale) validUntil(Date.parse(`${overview.month}-01T00:00:00Z`) + RETAIL_STALE_AFTER_DAYS * DAY_MS);
  return overview;
}

/** A state by its postal code in any case; a 404 for any other. */
export function requireState(code: string): { code: string; name: string } {
  const upper = stateCodeOf(code);
  if (!upper) throw new NotFoundError(messages.stateNotFound);
  return { code: upper, name: US_STATES[upper] ?? upper };
}

/** A figure of a state's month that keeps vintages: its key (`state|part`), its place in the month (`prices.residential`), and where the month holds it. */
interface StateFigure {
  figure: string;
  place: string;
  of: string;
  part: string;
}

/** Each metric of the catalog with the figures of a state's months it holds (the state's, and the US's beside them). */
function stateFiguresOf(code: string): { metric: StateMetric; figures: StateFigure[] }[] {
  return STATE_METRICS.map((metric: StateMetric) => ({
    metric,
    figures: metric.parts.flatMap((part) => [
      { figure: `${code}|${part.code}`, place: `${metric.key}.${part.place}`, of: metric.key, part: part.place },
      ...(metric.us === null ? [] : [{ figure: `US|${part.code}`, place: `${metric.us}.${part.place}`, of: metric.us, part: part.place }]),
    ]),
  }));
}

/** Each month's revised figures (the latest read), as the API says them: every metric's in one read of the revisions' index. */
async function withStateRevisions(code: string, months: StateHistory['months'], range: { start?: string | undefined; end?: string | undefined }) {
  const metrics = stateFiguresOf(code);
  const revised = await revisedFiguresOf(
    metrics.map(({ metric, figures }) => ({ dataset: metric.dataset, figures: figures.map((f) => f.figure) })),
    range,
  );
  if (revised.size === 0) return months;
  return months.map((m) => {
    const ofMonth: Record<string, FigureRevision> = {};
    for (const { metric, figures } of metrics)
      for (const { figure, place } of figures) {
        const r = revised.get(metric.dataset)?.get(figure)?.get(m.period);
        if (r) ofMonth[place] = figureRevisionOf(r);
      }
    return Object.keys(ofMonth).length > 0 ? { ...m, revised: ofMonth } : m;
  });
}

/**
 * A state's months as first published or as known before an instant: only months with a figure
 * of the first metric (its prices) then, each metric's parts as the catalog says them.
 */
async function monthsAsChosen(code: string, range: { start?: string | undefined; end?: string | undefined }, choice: VintageChoice) {
  const chosen = await Promise.all(
    stateFiguresOf(code).map(async ({ metric, figures }) => ({
      metric,
      figures,
      values: await figuresAsChosen(
        metric.dataset,
        figures.map((f) => f.figure),
        range,
        choice,
      ),
    })),
  );
  const months = [...new Set([...(chosen[0]?.values.values() ?? [])].flatMap((m) => [...m.keys()]))].sort();
  return months.map((period) => {
    const month: Record<string, Record<string, number | null>> = {};
    for (const { metric, figures, values } of chosen) {
      for (const holder of [metric.key, metric.us])
        if (holder !== null) month[holder] = metric.complete ? Object.fromEntries(metric.parts.map((p) => [p.place, null])) : {};
      for (const f of figures) {
        const value = values.get(f.figure)?.get(period);
        const into = month[f.of];
        if (into && (value !== undefined || metric.complete)) into[f.part] = value ?? null;
      }
    }
    return { period, ...month } as unknown as StateHistory['months'][number];
  });
}

/**
 * A state's months from `start` to `end` (`YYYY-MM`, inclusive; every stored month without
 * them): its prices by sector, the US average, its sales by sector and its generation by fuel; the latest figures,
 * each revised one saying what it was, or as EIA first published them or as known at the end of
 * a day (sample prices have none).
 */
export async function getStateHistory(
  code: string,
  range: { start?: string | undefined; end?: string | undefined },
  which: VintageQuery = { vintage: 'latest' },
): Promise<StateHistory> {
  const state = requireState(code);
  showsTags(tag.states);
  const vintage = { vintage: which.vintage, asOf: which.asOf ?? null };
  const choice = vintageChoiceOf(which);
  if (choice) {
    const months = await cachedForContent(`states|${state.code}|${range.start ?? ''}|${range.end ?? ''}|${which.vintage}|${which.asOf ?? ''}`, () =>
      monthsAsChosen(state.code, range, choice),
    );
    return { state, start: range.start ?? null, end: range.end ?? null, source: retailSource(false, true), months, ...vintage };
  }
  const [rows, salesRows] = await Promise.all([
    cachedForContent(`states|${state.code}|${range.start ?? ''}`, () => listRetailHistory([state.code, 'US'], range.start)),
    cachedForContent(`states|${state.code}|sales|${range.start ?? ''}`, () => listRetailSalesHistory([state.code], range.start)),
  ]);
  const inRange = rows.filter((r) => !range.end || r.period <= range.end);
  const months = [...new Set(inRange.map((r) => r.period))].sort();
  const generation = await cachedForContent(`states|${state.code}|generation|${months[0] ?? ''}|${months.at(-1) ?? ''}`, () =>
    listGenerationOfLocation(state.code, months.length > 0 ? monthsBetween(months[0] ?? '', months.at(-1) ?? '') : []),
  );
  const plain = months.map((period) => {
    const ofMonth = inRange.filter((r) => r.period === period);
    return {
      period,
      prices: pricesOf(ofMonth, state.code),
      us: pricesOf(ofMonth, 'US'),
      sales: salesOf(
        salesRows.filter((r) => r.period === period),
        state.code,
      ),
      generation: Object.fromEntries(generation.filter((g) => g.period === period).map((g) => [g.fuel, g.value])),
    };
  });
  const withRevised = await cachedForContent(`states|${state.code}|revisions|${months[0] ?? ''}|${months.at(-1) ?? ''}`, () =>
    withStateRevisions(state.code, plain, { start: months[0], end: months.at(-1) }),
  );
  return {
    state,
    start: range.start ?? null,
    end: range.end ?? null,
    source: retailSource(inRange.some((r) => r.sample) || salesRows.some((r) => r.sample), true),
    months: withRevised,
    ...vintage,
  };
}

/** The CSV of a state's months: a header naming each column's unit, then one row per month (each metric's columns as the catalog names them). */
export function stateHistoryCsv(history: StateHistory): string {
  const of = history.state.code.toLowerCase();
  const columns = STATE_METRICS.flatMap((metric: StateMetric) =>
    [metric.key, ...(metric.us === null ? [] : [metric.us])].flatMap((key) =>
      metric.parts.map((part) => ({ name: metric.column(key === metric.key ? of : key, part), key, place: part.place })),
    ),
  );
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const rows = history.months.map((m) => {
    const month = m as unknown as Record<string, Record<string, number | null> | undefined>;
    return [m.period, ...columns.map((c) => cell(month[c.key]?.[c.place]))].join(',');
  });
  return `${[['month', ...columns.map((c) => c.name)].join(','), ...rows].join('\r\n')}\r\n`;
}

/** A state's generation of one month: total, renewable share and largest fuel, and its ranks among the states. */
export interface StateGenerationRank {
  month: string;
  total: number;
  renewableShare: number;
  totalRank: number;
  renewableRank: number;
  sample: boolean;
}

async function generationRanks(code: string): Promise<StateGenerationRank | undefined> {
  const month = await latestGenerationMonth();
  if (!month) return undefined;
  const rows = await listGenerationOfMonth(month);
  const states = Object.keys(US_STATES).flatMap((s) => {
    const own = rows.filter((r) => r.location === s);
    const total = own.find((r) => r.fuel === 'ALL')?.value ?? 0;
    if (total <= 0) return [];
    const renewables = own.filter((r) => (RENEWABLE_FUELS as readonly string[]).includes(r.fuel)).reduce((sum, r) => sum + r.value, 0);
    return [{ code: s, total, share: (renewables / total) * 100 }];
  });
  const own = states.find((s) => s.code === code);
  if (!own) return undefined;
  return {
    month,
    total: own.total,
    renewableShare: Math.round(own.share * 10) / 10,
    totalRank: [...states].sort((a, b) => b.total - a.total).findIndex((s) => s.code === code) + 1,
    renewableRank: [...states].sort((a, b) => b.share - a.share).findIndex((s) => s.code === code) + 1,
    sample: rows.some((r) => r.source !== 'eia'),
  };
}

/** What a state's charts draw: its prices, their history against the US average, its generation by fuel. */
export interface StateCharts {
  state: { code: string; name: string };
  overview: StatesOverview;
  prices: StatePrices;
  /** Three years of the state's prices and the US average; the last year of generation by fuel. */
  history: StateHistory;
  generation: { months: { period: string; fuels: Record<string, number> }[]; ranks: StateGenerationRank | undefined };
}

export interface StatePage extends StateCharts {
  articles: ArticleSummary[];
}

/** What a state's charts draw (its page, its embeds); undefined for an unknown code or before any price is stored. */
export async function getStateCharts(code: string, now: Date = new Date()): Promise<StateCharts | undefined> {
  const upper = stateCodeOf(code);
  const overview = await getStatesOverview(now);
  if (!upper || !overview) return undefined;
  const prices = overview.states.find((s) => s.code === upper);
  if (!prices) return undefined;
  const history = await getStateHistory(upper, { start: addMonths(overview.month, -(PAGE_MONTHS - 1)) });
  const genMonth = await latestGenerationMonth();
  const genMonths = genMonth ? monthsBetween(addMonths(genMonth, -(GENERATION_MONTHS - 1)), genMonth) : [];
  const [genRows, ranksOfGeneration] = await Promise.all([
    cachedForContent(`states|${upper}|generation-year|${genMonth ?? ''}`, () => listGenerationOfLocation(upper, genMonths)),
    cachedForContent(`states|${upper}|generation-ranks`, () => generationRanks(upper)),
  ]);
  return {
    state: { code: upper, name: prices.name },
    overview,
    prices,
    history,
    generation: {
      months: genMonths
        .map((period) => ({ period, fuels: Object.fromEntries(genRows.filter((g) => g.period === period).map((g) => [g.fuel, g.value])) }))
        .filter((m) => Object.keys(m.fuels).length > 0),
      ranks: ranksOfGeneration,
    },
  };
}

/** What /states/{code} shows: its charts and the articles that mention the state; undefined as `getStateCharts`. */
export async function getStatePage(code: string, now: Date = new Date()): Promise<StatePage | undefined> {
  const charts = await getStateCharts(code, now);
  if (!charts) return undefined;
  const { code: upper, name } = charts.state;
  const fts = keywordQuery([name]);
  const articles = fts
    ? await cachedForContent(`states|${upper}|articles`, async () =>
        getArticlesByIds(await searchPublicArticleIds(fts, { now: new Date() }, STATE_ARTICLES, 0), false),
      )
    : [];
  // The articles found by the state's name: any change to a public article's text may change them.
  showsTags(tag.search);
  showsArticles(articles);
  return { ...charts, articles };
}

/** Sector code → slug, for callers that hold EIA's codes. */
export function sectorSlugOf(code: RetailSectorCode): RetailSectorSlug {
  return RETAIL_SECTORS.find((s) => s.code === code)?.slug ?? 'all';
}
