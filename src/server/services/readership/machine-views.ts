import cluster from 'node:cluster';
import { channelMessages, primaryRequests, sendToWorker, withRequestId, type ChannelMessage } from '@db/cluster-messages';
import { ViewAllowance, type ViewClaim } from '@/server/services/readership/view-allowance';

const CHECK = 'view-caps:check';
const VERDICTS = 'view-caps:verdicts';
/**
 * An ask the primary has not answered in this long is forgotten (its write went on without it
 * long before: `ViewCounter` waits VIEW_CONFIRM_WAIT_MS).
 */
const VERDICT_WAIT_MS = 2_000;

/** A claim as sent over IPC: client, article, day, when (ms). */
type WireClaim = [string, number, string, number];

interface CapsMessage extends ChannelMessage {
  claims?: WireClaim[];
  counted?: boolean[];
}

const isCapsMessage = channelMessages<CapsMessage>('view-caps', withRequestId);

/**
 * In a cluster worker: the check of its counted views against the machine's caps, kept by the
 * primary (`serveViewCaps`): one message each way per write (twice a second), never one per
 * view. Undefined in a single process (its own caps are the machine's).
 */
export function machineViewConfirm(): ((claims: ViewClaim[]) => Promise<boolean[]>) | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  const ask = primaryRequests((message: unknown): message is CapsMessage => isCapsMessage(message) && message.type === VERDICTS, VERDICT_WAIT_MS);
  return async (claims) => {
    const wire: WireClaim[] = claims.map((c) => [c.client, c.articleId, c.day, c.at]);
    const answer = await ask({ type: CHECK, claims: wire });
    if (!answer) throw new Error('The cluster primary did not answer (or is gone)');
    return answer.counted ?? [];
  };
}

/**
 * In the cluster's primary: one `ViewAllowance` for the whole machine. Each web process sends
 * the views it counted before it writes them; the primary answers which count (a client's
 * views of a story beyond its caps, counted in another process, do not).
 */
export function serveViewCaps(): void {
  // The minute's limit is not counted here: each process's 429 took it from the machine's count (`machineRateLimit`).
  const allowance = new ViewAllowance();
  cluster.on('message', (worker, message: unknown) => {
    if (!isCapsMessage(message) || message.type !== CHECK) return;
    const counted = (message.claims ?? []).map(([client, articleId, day, at]) => allowance.take(client, articleId, day, at).result === 'counted');
    sendToWorker(worker, { type: VERDICTS, id: message.id, counted } satisfies CapsMessage);
  });
}
