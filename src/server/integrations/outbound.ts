/**
 * Calls to third-party APIs (EIA, Zoho): a timeout on every request, and polite retries
 * of what may pass (network errors, 429 and 5xx), waiting as long as `Retry-After` asks
 * or backing off exponentially.
 */
export interface OutboundOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  timeoutMs?: number;
  /** First back-off; doubles after each failed attempt. */
  backoffMs?: number;
  /** The longest wait honoured from a `Retry-After` header. */
  maxWaitMs?: number;
  fetchImpl?: typeof fetch;
  /**
   * Whether a 5xx answer is final after all (read from a copy of it): an API that wraps a
   * client error in a server status (EIA answers an unknown route 500 with `"code": 404`).
   */
  final?: (response: Response) => Promise<boolean>;
}

/** A request that failed without an answer (network, timeout) after every attempt. */
export class OutboundNetworkError extends Error {
  readonly host: string;

  constructor(host: string, cause: unknown) {
    super(`Could not reach ${host}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'OutboundNetworkError';
    this.host = host;
  }
}

/** Names the site to the APIs it calls. */
export const USER_AGENT = 'EnergyPulse/1.0 (US energy-market news site)';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** fetch with a timeout and retries; answers the last response (even a 429/5xx) when retries run out. */
export async function fetchPolitely(url: string, init: RequestInit = {}, options: OutboundOptions = {}): Promise<Response> {
  const { attempts = 3, timeoutMs = 20_000, backoffMs = 1_000, maxWaitMs = 30_000, fetchImpl = fetch, final } = options;
  const headers = new Headers(init.headers);
  if (!headers.has('User-Agent')) headers.set('User-Agent', USER_AGENT);
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const wait = backoffMs * 2 ** (attempt - 2);
    try {
      const response = await fetchImpl(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      const retryable = response.status === 429 || (response.status >= 500 && !(final && (await final(response.clone()))));
      if (!retryable || attempt === attempts) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(Math.min(maxWaitMs, retryAfterMs(response) ?? wait * 2));
    } catch (error) {
      lastError = error;
      if (attempt === attempts) break;
      await sleep(Math.min(maxWaitMs, wait * 2));
    }
  }
  throw new OutboundNetworkError(new URL(url).host, lastError);
}

/** The JSON body of a response, or undefined when it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
