// Data alerts, defined once: what a reader can ask to be told about the data desk's figures
// (gas storage leaving its five-year range, a grid region setting a demand record, their
// state's monthly electricity price moving by more than a percentage), how each one's rule is
// stored (`subscriber_data_alerts`: a kind and its subject) and how it is said. The schema, the
// preferences form, the job and the messages read it. Isomorphic.
import { GRID_REGIONS, type GridRegionCode } from '@db/catalog/grid';
import { RETAIL_SECTORS, type RetailSectorCode } from '@db/catalog/states';
import type { DataAlertKind } from '@db/constants';
import { US_STATES } from '@/lib/energy';

export { DATA_ALERT_KINDS, type DataAlertKind } from '@db/constants';

/** The market series gas storage alerts read (weekly, with its five-year range). */
export const GAS_STORAGE_SLUG = 'gas-storage';

/** Most state price alerts one reader may keep. */
export const MAX_STATE_PRICE_ALERTS = 20;

/**
 * How much stored hourly history a region needs before its highest hour is called a record:
 * a year, so a fresh install (which backfills two years a week at a time) does not announce
 * each of its first weeks' peaks.
 */
export const DEMAND_RECORD_HISTORY_DAYS = 365;

/** The reader's words for each kind: the preferences form's labels and hints, the messages' reasons. */
export const DATA_ALERT_TEXT = {
  'storage-range': {
    label: 'Gas storage leaves its five-year range',
    hint: 'When the weekly working gas in storage (Lower 48) moves above the highest or below the lowest level of the same week in the previous five years.',
  },
  'demand-record': {
    label: 'Grid demand records',
    hint: 'When a region’s hourly demand beats its record: the highest hourly demand EIA reported for it in the last two years (the hourly data we keep; a region needs a year of it first). At most one alert per region and day.',
  },
  'state-price': {
    label: 'Your state’s electricity price',
    hint: 'When the monthly average retail price of a sector in a state moves from the month before by more than the percentage you choose.',
  },
} as const satisfies Record<DataAlertKind, { label: string; hint: string }>;

/** The offer of each kind where its figures are shown, before the link to subscribe. */
export const DATA_ALERT_OFFERS = {
  'storage-range': 'Get an e-mail when gas storage leaves its five-year range',
  'demand-record': 'Get an e-mail when a region sets a demand record',
  'state-price': 'Get an e-mail when your state’s electricity price moves',
} as const satisfies Record<DataAlertKind, string>;

/** A state price rule's subject: `TX/RES`. Subjects of the three kinds never collide (a region code has no slash; storage's is its slug). */
export function statePriceSubject(state: string, sector: string): string {
  return `${state}/${sector}`;
}

/** The state and sector of a state price subject. */
export function parseStatePriceSubject(subject: string): { state: string; sector: string } {
  const [state = '', sector = ''] = subject.split('/');
  return { state, sector };
}

/** The region codes a demand record alert may watch (the Lower 48 first). */
export const DATA_ALERT_REGIONS: readonly { code: GridRegionCode; name: string }[] = GRID_REGIONS.map((r) => ({ code: r.code, name: r.name }));

/** The states (and DC) a price alert may watch, by name. */
export const DATA_ALERT_STATES: readonly { code: string; name: string }[] = Object.entries(US_STATES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The sectors a price alert may watch. */
export const DATA_ALERT_SECTORS: readonly { code: RetailSectorCode; label: string }[] = RETAIL_SECTORS.map((s) => ({ code: s.code, label: s.label }));
