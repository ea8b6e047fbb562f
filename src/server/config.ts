import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const boolean = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `off`, or daily times in US Eastern, `HH:MM` on a 24-hour clock, comma-separated. */
const schedule = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?:off|(?:[01]\d|2[0-3]):[0-5]\d(?:\s*,\s*(?:[01]\d|2[0-3]):[0-5]\d)*)$/,
    'must be off, or daily times in US Eastern as HH:MM (24-hour), comma-separated, e.g. 11:00 or 06:30,11:00',
  )
  .transform((v) => (v === 'off' ? [] : [...new Set(v.split(',').map((t) => t.trim()))].sort()));

/** `off`, or one daily time in US Eastern, `HH:MM` on a 24-hour clock. */
const dailyTime = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:off|(?:[01]\d|2[0-3]):[0-5]\d)$/, 'must be off, or one daily time in US Eastern as HH:MM (24-hour), e.g. 06:30')
  .transform((v) => (v === 'off' ? null : v));

/** `off`, or the minute past each hour (0–59) the hourly grid import runs at. */
const minutePastHour = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:off|[0-5]?\d)$/, 'must be off, or the minute past each hour (0 to 59) the grid import runs at, e.g. 20')
  .transform((v) => (v === 'off' ? null : Number(v)));

/**
 * Which proxies in front of the site are trusted to say who the client is (X-Forwarded-For):
 * `hops` proxies (0: none, the connection's address is the client's), or every proxy whose
 * address is one of `proxies` (addresses and CIDR ranges).
 */
export type TrustProxy = { hops: number } | { proxies: readonly string[] };

/** The most proxy hops TRUST_PROXY may name. */
const MAX_PROXY_HOPS = 10;

/** One entry of a TRUST_PROXY list: an IPv4 or IPv6 address, optionally with a /prefix. */
function isProxyRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** `true`/`false` as before (one proxy, none), a number of proxy hops, or a comma-separated list of trusted proxy addresses and CIDR ranges. */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const word = value.toLowerCase();
    if (['true', 'yes'].includes(word)) return { hops: 1 };
    if (['false', 'no'].includes(word)) return { hops: 0 };
    if (/^\d+$/.test(word) && Number(word) <= MAX_PROXY_HOPS) return { hops: Number(word) };
    const entries = value.split(',').map((e) => e.trim());
    if (!/^\d+$/.test(word) && entries.every(isProxyRange)) return { proxies: entries };
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `must be true, false, the number of proxies in front (0 to ${MAX_PROXY_HOPS}), or the proxies' addresses and CIDR ranges, comma-separated (e.g. 10.0.0.0/8,192.168.1.5)`,
    });
    return z.NEVER;
  });

/**
 * Every setting, with what it means and its default as the configuration guide's table says them
 * (`npm run docs:tables` writes that table from here). A default a reader sees that is not the
 * schema's own (derived at start, or left to a library) is its `defaultText`.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321).meta({ description: 'the port the server listens on' }),
  HOST: z.string().min(1).default('0.0.0.0').meta({ description: 'the address the server listens on' }),
  SITE_URL: z
    .url()
    .optional()
    .meta({ description: 'canonical URLs, RSS, sitemap; the host the server answers as', defaultText: '`http://localhost:$PORT`' }),
  DATABASE_URL: z.string().min(1).default('file:./data/energy.db').meta({ description: 'libSQL URL' }),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional().meta({ description: 'Turso / sqld token' }),
  DATABASE_BUSY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000')
    .default(10_000)
    .meta({ description: "how long a write waits for another process's write lock before it is answered 503" }),
  DATABASE_MAX_MB: z.coerce
    .number()
    .min(1, 'must be at least 1')
    .max(1_000_000)
    .optional()
    .meta({ description: 'the most an embedded database file may grow to while serving; writes past it answer 503' }),
  SEED: boolean.default(true).meta({ description: 'seed sample content into an empty database' }),
  TRUST_PROXY: trustProxy
    .prefault('false')
    .meta({ description: 'client address from `X-Forwarded-For` past `N` proxies (`true`: 1) or those in `10.0.0.0/8,…`' }),
  REBUILD_HOOK_URL: z.url().optional().meta({ description: 'POSTed to after content changes' }),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin').meta({ description: "the administrator's user name" }),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(1024)
    .optional()
    .meta({ description: "the administrator's password; without one a password is generated and logged once" }),
  ADMIN_NAME: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(100, 'must be at most 100 characters')
    .regex(/^[^\p{Cc}]*$/u, 'must be one line of text')
    .optional()
    .meta({ description: "the administrator's name, given while they have none (the Security tab changes it)" }),
  ADMIN_EMAIL: z
    .email('must be an e-mail address')
    .max(254)
    .optional()
    .meta({ description: "the administrator's address, given while they have none (the Security tab changes it)" }),
  APP_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .meta({ description: 'key for stored third-party secrets', defaultText: 'generated into `data/app-secret`' }),
  ZOHO_ACCOUNTS_URL: z
    .url()
    .optional()
    .meta({ description: 'test-only override of the Zoho accounts host', defaultText: "the data center's Zoho host" }),
  ZOHO_ANALYTICS_URL: z
    .url()
    .optional()
    .meta({ description: 'test-only override of the Zoho Analytics host', defaultText: "the data center's Zoho host" }),
  EIA_API_KEY: z.string().trim().min(1).optional().meta({ description: 'the EIA API key: import of real US market series' }),
  EIA_API_URL: z.url().default('https://api.eia.gov/v2').meta({ description: "the EIA API's address" }),
  EIA_SCHEDULE: schedule.prefault('11:00').meta({ description: 'daily US Eastern times of the scheduled EIA import (`HH:MM,…`), or `off`' }),
  EIA_GRID_MINUTE: minutePastHour.default(20).meta({ description: 'minutes past every hour of the hourly grid import (0 to 59), or `off`' }),
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(64)
    .optional()
    .meta({ description: 'web processes `npm start` runs; `1` runs a single process', defaultText: 'one per core' }),
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64).meta({ description: 'memory each web process gives its page cache' }),
  MEDIA_DIR: z.string().min(1).default('./data/media').meta({ description: 'where uploaded images are kept' }),
  MEDIA_MAX_MB: z.coerce
    .number()
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(10)
    .meta({ description: 'the largest upload accepted, in MB' }),
  MEDIA_S3_BUCKET: z.string().trim().min(1).optional().meta({ description: 'keep images in an S3-compatible bucket instead (shared by machines)' }),
  MEDIA_S3_REGION: z.string().trim().min(1).default('us-east-1').meta({ description: "the bucket's region" }),
  MEDIA_S3_ENDPOINT: z.url().optional().meta({ description: "the store's address for R2, MinIO and others (path-style)", defaultText: 'AWS' }),
  MEDIA_S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .min(1)
    .optional()
    .meta({ description: "the bucket's access key id (set both keys or neither)", defaultText: "the AWS SDK's own lookup" }),
  MEDIA_S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .meta({ description: "the bucket's secret access key (set both keys or neither)", defaultText: "the AWS SDK's own lookup" }),
  API_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').max(100_000).default(120).meta({
    description: 'data API reads (`/api/series…`) per client address and minute, for the whole machine (in memory)',
  }),
  CHART_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').max(100_000).default(60).meta({
    description:
      'chart files (`/charts/…`) and link-preview images (`/og/…`) drawn for one client address a minute, for the whole machine (in memory); those answered from the page cache are not counted',
  }),
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional()
    .meta({ description: 'SMTP server (`smtp://` or `smtps://`, credentials in the URL); unset keeps mail in the outbox' }),
  MAIL_FROM: z.string().trim().min(3).max(320).default('EnergyPulse <no-reply@localhost>').meta({ description: 'the From of every message' }),
  EDITORS_EMAIL: z.email('must be an e-mail address').optional().meta({ description: 'told of new pending comments and contact messages' }),
  CONTACT_EMAIL: z
    .email('must be an e-mail address')
    .default('editors@energypulse.example')
    .meta({ description: 'the public address readers write to: footer, About, Contact and the legal pages' }),
  BRIEFING_TIME: dailyTime
    .default('06:30')
    .meta({ description: 'daily briefing time, US Eastern `HH:MM` (the weekly editions go out on their days at the same time), or `off`' }),
  CACHE_PURGE_URL: z
    .string()
    .trim()
    .regex(
      /^(?:https?:\/\/\S+|fastly:[\w-]+|cloudflare:[\w-]+)$/,
      'must be the address of a Varnish (http://host:port), fastly:SERVICE_ID or cloudflare:ZONE_ID',
    )
    .optional()
    .meta({ description: 'the shared cache in front to purge by tag: Varnish, Fastly or Cloudflare (see Deploying)' }),
  CACHE_PURGE_TOKEN: z.string().trim().min(1).optional().meta({ description: 'the API token that purges Fastly or Cloudflare' }),
  CACHE_PURGE_API_URL: z
    .url()
    .optional()
    .meta({ description: 'test-only override of the Fastly or Cloudflare API address', defaultText: "Fastly's or Cloudflare's API" }),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .meta({ description: "Prometheus metrics at `/metrics` on their own port, never the site's" }),
  METRICS_HOST: z.string().min(1).default('127.0.0.1').meta({ description: 'the address the metrics are served on' }),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Canonical origin, without a trailing slash. */
  siteUrl: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** How long a write waits for another process's write lock before it is refused (503). */
  databaseBusyTimeoutMs: number;
  /** The most an embedded database file may grow to while serving (writes past it are refused with 503); undefined: as far as the disk allows. */
  databaseMaxBytes: number | undefined;
  seed: boolean;
  /** Whose X-Forwarded-For entries name the client (see `clientAddressFrom`). */
  trustProxy: TrustProxy;
  rebuildHookUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  /** The first owner's name and address, given to them when they have none yet (the panel changes them after). */
  adminName: string | undefined;
  adminEmail: string | undefined;
  appSecret: string | undefined;
  /** Test-only overrides of the Zoho hosts; unset in production. */
  zohoAccountsUrl: string | undefined;
  zohoAnalyticsUrl: string | undefined;
  eiaApiKey: string | undefined;
  /** EIA API v2 base, without a trailing slash. */
  eiaApiUrl: string;
  /**
   * When the scheduled EIA import runs each day: US Eastern `HH:MM` times, sorted; empty
   * when `EIA_SCHEDULE=off`. Without `EIA_API_KEY` nothing is scheduled either way.
   */
  eiaSchedule: string[];
  /**
   * The minute past each hour the hourly grid import runs at; undefined when
   * `EIA_GRID_MINUTE=off`. Without `EIA_API_KEY` it never runs either way.
   */
  eiaGridMinute: number | undefined;
  /** Web processes `npm start` runs (one per core by default; 1 runs a single process). */
  webConcurrency: number;
  /** Memory each web process may give its page cache. */
  pageCacheBytes: number;
  /** Where uploaded images are kept: a folder, or an S3-compatible bucket when one is named. */
  media: MediaStorageConfig;
  /** The largest image upload accepted. */
  mediaMaxBytes: number;
  /** Data API reads (/api/series…) per client address and minute. */
  apiRateLimit: number;
  /** Chart files and preview images drawn (page-cache misses) per client address and minute. */
  chartRateLimit: number;
  /** Where mail is sent (smtp:// or smtps://, credentials in the URL); unset keeps every message in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every message. */
  mailFrom: string;
  /** Told of new pending comments and contact messages; unset tells nobody. */
  editorsEmail: string | undefined;
  /** The public address readers write to, shown in the footer and on About, Contact and the legal pages. */
  contactEmail: string;
  /**
   * When the daily briefing goes out, US Eastern `HH:MM` (the weekly editions go out on their
   * days at the same time: `MAIL_EDITIONS`); undefined when `BRIEFING_TIME=off`, which stops them all.
   */
  briefingTime: string | undefined;
  /** Where a change's purge goes, besides this site's own page caches; undefined: nowhere (shared caches then keep pages a minute). */
  sharedCache: SharedCacheConfig | undefined;
  /** Where Prometheus metrics are served (never on the site's own port); undefined: not served. */
  metrics: { port: number; host: string } | undefined;
}

/** A shared cache in front of the site that a change purges by the tags of the pages it touched. */
export type SharedCacheConfig =
  | { kind: 'varnish'; url: string }
  | { kind: 'fastly'; serviceId: string; token: string; apiUrl: string }
  | { kind: 'cloudflare'; zoneId: string; token: string; apiUrl: string };

export type MediaStorageConfig =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

let current: AppConfig | undefined;

/** The configuration of this process, read once from the environment on first use. */
export function appConfig(): AppConfig {
  return (current ??= loadConfig());
}

/**
 * Reads and validates the environment. Empty strings count as unset. Throws one readable
 * error naming every bad variable. Read at start, never compiled into the build.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema
    .refine((e) => Boolean(e.MEDIA_S3_ACCESS_KEY_ID) === Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY), {
      path: ['MEDIA_S3_SECRET_ACCESS_KEY'],
      message: 'set it together with MEDIA_S3_ACCESS_KEY_ID, or neither (the AWS SDK then finds credentials itself)',
    })
    .refine((e) => !/^(?:fastly|cloudflare):/.test(e.CACHE_PURGE_URL ?? '') || Boolean(e.CACHE_PURGE_TOKEN), {
      path: ['CACHE_PURGE_TOKEN'],
      message: 'is needed to purge Fastly or Cloudflare (an API token allowed to purge)',
    })
    .safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    databaseBusyTimeoutMs: e.DATABASE_BUSY_TIMEOUT_MS,
    databaseMaxBytes: e.DATABASE_MAX_MB === undefined ? undefined : Math.round(e.DATABASE_MAX_MB * 1024 * 1024),
    seed: e.SEED,
    trustProxy: e.TRUST_PROXY,
    rebuildHookUrl: e.REBUILD_HOOK_URL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminName: e.ADMIN_NAME,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    appSecret: e.APP_SECRET,
    zohoAccountsUrl: e.ZOHO_ACCOUNTS_URL?.replace(/\/+$/, ''),
    zohoAnalyticsUrl: e.ZOHO_ANALYTICS_URL?.replace(/\/+$/, ''),
    eiaApiKey: e.EIA_API_KEY,
    eiaApiUrl: e.EIA_API_URL.replace(/\/+$/, ''),
    eiaSchedule: e.EIA_SCHEDULE,
    eiaGridMinute: e.EIA_GRID_MINUTE ?? undefined,
    webConcurrency: e.WEB_CONCURRENCY ?? availableParallelism(),
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    media: e.MEDIA_S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.MEDIA_S3_BUCKET,
          region: e.MEDIA_S3_REGION,
          endpoint: e.MEDIA_S3_ENDPOINT?.replace(/\/+$/, ''),
          credentials:
            e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { kind: 'folder', dir: e.MEDIA_DIR },
    mediaMaxBytes: Math.round(e.MEDIA_MAX_MB * 1024 * 1024),
    apiRateLimit: e.API_RATE_LIMIT,
    chartRateLimit: e.CHART_RATE_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    editorsEmail: e.EDITORS_EMAIL,
    contactEmail: e.CONTACT_EMAIL,
    briefingTime: e.BRIEFING_TIME ?? undefined,
    sharedCache: sharedCacheOf(e.CACHE_PURGE_URL, e.CACHE_PURGE_TOKEN, e.CACHE_PURGE_API_URL),
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

/** The shared cache `CACHE_PURGE_URL` names (with its token, and the API address tests may point elsewhere). */
function sharedCacheOf(url: string | undefined, token: string | undefined, apiUrl: string | undefined): SharedCacheConfig | undefined {
  if (!url) return undefined;
  const [scheme, id = ''] = url.split(':');
  if (scheme === 'fastly')
    return { kind: 'fastly', serviceId: id, token: token ?? '', apiUrl: (apiUrl ?? 'https://api.fastly.com').replace(/\/+$/, '') };
  if (scheme === 'cloudflare')
    return { kind: 'cloudflare', zoneId: id, token: token ?? '', apiUrl: (apiUrl ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '') };
  return { kind: 'varnish', url: url.replace(/\/+$/, '') };
}
