import type { SharedCacheConfig } from '@/server/config';
import { purgeTarget } from '@/server/cache/tags';
import { fetchPolitely, readJson } from '@/server/integrations/outbound';

/**
 * Tells a shared cache in front of the site (Varnish, Fastly or Cloudflare) to drop the
 * pages that carry any of these tags; they name the tags each page lists in its
 * `Surrogate-Key` (Varnish's xkey, Fastly) and `Cache-Tag` (Cloudflare) headers. Rejects with
 * a message naming the cache when it refuses or cannot be reached. Soft unless a tag says hard
 * (`!a:12`, an article taken off the site) or `hard` is set: an editor's save drops the pages it
 * changed at once, so the first reader after it gets the new page, not the old one while the new
 * one is fetched.
 */
export type SharedCachePurger = (tags: readonly string[], options?: { hard?: boolean }) => Promise<void>;

/** Tags per request: Fastly takes 256 surrogate keys at once, Cloudflare 30 tags. */
const BATCH = { varnish: 256, fastly: 256, cloudflare: 30 } as const;

/** The purger of a configured shared cache. */
export function sharedCachePurger(config: SharedCacheConfig): SharedCachePurger {
  const send = senders[config.kind] as (config: SharedCacheConfig, tags: readonly string[], hard: boolean) => Promise<void>;
  return async (logged, options = {}) => {
    // Hard purges (`!a:12`, an article taken off the site, or all of them when asked) drop the pages; the rest are soft.
    const targets = logged.map(purgeTarget).map((t) => (options.hard ? { ...t, hard: true } : t));
    for (const hard of [true, false]) {
      const tags = targets.filter((t) => t.hard === hard).map((t) => t.tag);
      for (let i = 0; i < tags.length; i += BATCH[config.kind]) await send(config, tags.slice(i, i + BATCH[config.kind]), hard);
    }
  };
}

const options = { attempts: 3, timeoutMs: 5_000, backoffMs: 250, maxWaitMs: 5_000 };

async function refused(name: string, response: Response): Promise<never> {
  const body = await response.text().catch(() => '');
  throw new Error(`${name} refused the purge (${response.status}${body ? `: ${body.trim().slice(0, 200)}` : ''})`);
}

const senders = {
  /**
   * Varnish with varnish-modules: `PURGE /` with the keys in `xkey-softpurge`, which the
   * shipped VCL (deploy/varnish) turns into xkey soft purges: the pages stay as grace, served
   * stale while their new versions are fetched.
   */
  varnish: async (config: Extract<SharedCacheConfig, { kind: 'varnish' }>, tags: readonly string[], hard: boolean) => {
    const response = await fetchPolitely(
      `${config.url}/`,
      { method: 'PURGE', headers: { [hard ? 'xkey-purge' : 'xkey-softpurge']: tags.join(' ') } },
      options,
    );
    if (!response.ok) await refused('Varnish', response);
    await response.body?.cancel().catch(() => undefined);
  },
  /** Fastly's purge by surrogate keys, soft (the pages are marked stale and refetched) unless hard. */
  fastly: async (config: Extract<SharedCacheConfig, { kind: 'fastly' }>, tags: readonly string[], hard: boolean) => {
    const response = await fetchPolitely(
      `${config.apiUrl}/service/${encodeURIComponent(config.serviceId)}/purge`,
      {
        method: 'POST',
        headers: {
          'Fastly-Key': config.token,
          'Surrogate-Key': tags.join(' '),
          ...(!hard && { 'Fastly-Soft-Purge': '1' }),
          Accept: 'application/json',
        },
      },
      options,
    );
    if (!response.ok) await refused('Fastly', response);
    await response.body?.cancel().catch(() => undefined);
  },
  /** Cloudflare's purge by cache tags (always hard: Cloudflare keeps no stale copy to serve). */
  cloudflare: async (config: Extract<SharedCacheConfig, { kind: 'cloudflare' }>, tags: readonly string[]) => {
    const response = await fetchPolitely(
      `${config.apiUrl}/zones/${encodeURIComponent(config.zoneId)}/purge_cache`,
      { method: 'POST', headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ tags }) },
      options,
    );
    const body = (await readJson(response)) as { success?: boolean; errors?: { message?: string }[] } | undefined;
    if (!response.ok || body?.success !== true) {
      throw new Error(`Cloudflare refused the purge (${response.status}${body?.errors?.[0]?.message ? `: ${body.errors[0].message}` : ''})`);
    }
  },
};
