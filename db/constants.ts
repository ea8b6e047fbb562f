// Facts the database layer and the app share: column values, and the data the seed stores.
// This module imports nothing, so isomorphic code (forms, charts) may import it too.

/** Zoho's data centers: each maps to fixed Zoho hosts; no free-form host is ever called. */
export const ZOHO_DATA_CENTRES = ['US', 'EU', 'IN', 'AU', 'JP', 'CN', 'SA', 'CA'] as const;
export type ZohoDataCentre = (typeof ZOHO_DATA_CENTRES)[number];

/**
 * The newsroom's topics (the categories table's rows, which editors describe but never add
 * or rename): the seed stores them, the header, footer and menus link to their pages.
 */
export const TOPICS = [
  { slug: 'oil-gas', name: 'Oil & Gas' },
  { slug: 'renewables', name: 'Renewables' },
  { slug: 'utilities', name: 'Utilities' },
  { slug: 'nuclear', name: 'Nuclear' },
  { slug: 'coal', name: 'Coal' },
  { slug: 'policy-regulation', name: 'Policy & Regulation' },
] as const;
export type TopicSlug = (typeof TOPICS)[number]['slug'];

/** Kinds of the events editors add to the release calendar. */
export const CALENDAR_EVENT_KINDS = ['opec', 'ferc', 'other'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

/** EIA fuel type ids kept for monthly generation: all fuels, coal, natural gas, nuclear, hydro, wind, solar. */
export const GENERATION_FUELS = ['ALL', 'COW', 'NG', 'NUC', 'HYC', 'WND', 'SUN'] as const;
export type GenerationFuel = (typeof GENERATION_FUELS)[number];

/** The US generation mix shown when nothing better is stored (the product's stated figures). */
export const FALLBACK_ENERGY_MIX: { source: string; percentage: number }[] = [
  { source: 'Natural Gas', percentage: 38.4 },
  { source: 'Renewables', percentage: 23.1 },
  { source: 'Coal', percentage: 19.7 },
  { source: 'Nuclear', percentage: 18.8 },
];

/**
 * The `site_state` key of the editors' notice watermark, `{"comments": id, "messages": id}`:
 * the last comment and contact message the editors were told about. Set at install (see
 * `startInstallState` in db/migrate.ts), so what arrives before the notice first runs is told too.
 */
export const EDITORS_NOTICE_WATERMARK = 'editors_notice_watermark';

/** The `site_state` key of the related stories' background pass: every article up to this id has its list (by the pass or a save). */
export const RELATED_PASS_CURSOR = 'related_articles_cursor';
/** How many related stories each article keeps: more than a page shows, so a story unpublished later leaves others to show. */
export const RELATED_KEPT = 6;

/** The kinds of a reader's data alert (`subscriber_data_alerts.kind`; described in `src/lib/data-alerts.ts`). */
export const DATA_ALERT_KINDS = ['storage-range', 'demand-record', 'state-price'] as const;
export type DataAlertKind = (typeof DATA_ALERT_KINDS)[number];

/** The single-use staff links a mail may carry (`outbox.link`), made when the mail job sends it. */
export const STAFF_LINK_KINDS = ['password-reset', 'invitation'] as const;
export type StaffLinkKind = (typeof STAFF_LINK_KINDS)[number];
/**
 * The newsletter reader's links a mail may carry (`outbox.link`), made or filled in when the mail
 * job sends it: the confirmation link (a new single-use token, only its hash stored), and the
 * preferences and unsubscribe links (the subscriber's manage token, derived with the app key).
 */
export const READER_LINK_KINDS = ['newsletter-confirm', 'newsletter-manage'] as const;
export type ReaderLinkKind = (typeof READER_LINK_KINDS)[number];
/** Every link the mail job makes when it sends a message. */
export const MAIL_LINK_KINDS = [...STAFF_LINK_KINDS, ...READER_LINK_KINDS] as const;
export type MailLinkKind = (typeof MAIL_LINK_KINDS)[number];

/** The `site_state` key of the revision watch's mail watermark, `{"id": n}`: the last figure revision notice mailed to the stories' editors. */
export const REVISION_NOTICE_WATERMARK = 'revision_notice_watermark';
