import { writeTransaction, type Executor } from '@/server/db';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import type { SubscriberRow } from '@/server/queries/subscribers';
import type { MailChart } from '@/server/services/mail/mail-charts';
import type { MailMessage } from '@/server/mail-message';
import { enqueueMail } from '@/server/services/mail/outbox';

/**
 * Where a mailing stands, kept in `site_state` under its key: which edition it is (the day of
 * a briefing, the hour of a topic digest), the window of content it covers, the last
 * recipient id queued, and whether every recipient has been queued.
 */
export interface MailingState {
  edition: string;
  /** The window of content, ms since the epoch: (from, until]. */
  from: number;
  until: number;
  /** The highest recipient id whose message is queued (recipients are walked by id). */
  cursor: number;
  done: boolean;
}

/** Reads a mailing's state, undefined before its first edition. */
export async function readMailingState<S extends MailingState>(key: string, tx?: Executor): Promise<S | undefined> {
  const stored = await getSiteState(key, tx);
  return stored === undefined ? undefined : (JSON.parse(stored) as S);
}

/** Stores a mailing's state (inside the transaction that queued what it records). */
export function writeMailingState(key: string, state: MailingState, tx?: Executor): Promise<void> {
  return setSiteState(key, JSON.stringify(state), tx);
}

/** Rows per batch: each batch's messages and the cursor after them commit in one transaction. */
export const MAILING_BATCH = 200;

/**
 * Queues one edition of a mailing, a batch of recipients at a time, from where its state's
 * cursor says. Each batch's messages and the moved cursor commit together, so a process that
 * dies (or loses its lease, `signal`) mid-mailing leaves whole batches behind it and the next
 * run goes on from the next recipient: no gap, no duplicate (each message also carries a
 * dedupe key). `compose` answers undefined for a recipient with nothing to be told.
 * `afterBatch` runs inside each batch's transaction (tests throw from it to crash mid-send).
 */
export async function queueMailingBatches<S extends MailingState, R extends { id: number }>(options: {
  key: string;
  state: S;
  nextBatch: (afterId: number, limit: number) => Promise<R[]>;
  compose: (recipient: R) => MailMessage | undefined;
  now: Date;
  signal?: AbortSignal | undefined;
  batchSize?: number | undefined;
  afterBatch?: ((queued: number) => void) | undefined;
}): Promise<{ queued: number; done: boolean }> {
  const batchSize = options.batchSize ?? MAILING_BATCH;
  let state: S = options.state;
  let queued = 0;
  while (!state.done) {
    if (options.signal?.aborted) return { queued, done: false };
    const recipients = await options.nextBatch(state.cursor, batchSize);
    const last = recipients.at(-1);
    const next: S = last ? { ...state, cursor: last.id } : { ...state, done: true };
    queued += await writeTransaction(async (tx) => {
      let added = 0;
      for (const recipient of recipients) {
        const message = options.compose(recipient);
        if (message && (await enqueueMail(message, tx, options.now))) added++;
      }
      await writeMailingState(options.key, next, tx);
      options.afterBatch?.(added);
      return added;
    });
    state = next;
  }
  return { queued, done: true };
}

/**
 * An alert mailing's run: what it found (`findings`: the moved series, the data events), and the
 * chart of each finding some reader's alert matches, by its key, drawn and stored once for the
 * run (absent in runs stored before charts).
 */
export type AlertMailingState<Findings extends object> = MailingState & Findings & { charts?: Record<string, MailChart> };

/** A reader an alert mailing writes to, with their rules that the run's findings match. */
export interface AlertRecipient<Rule> {
  id: number;
  subscriber: SubscriberRow;
  rules: Rule[];
}

/**
 * A mailing of readers' alerts after an import. It finds what the new figures did, once: `find`
 * reads `seen` (what earlier runs looked at, kept under `seenKey`), marks in it what it looked at
 * and answers the run's state with its findings, or undefined when nothing is new; `seen` is
 * stored with the run that covers it. Readers are queued in batches with a persisted cursor
 * (`queueMailingBatches`), so an interrupted run is finished by the next call before new figures
 * are looked at. Answers how many messages it queued.
 */
export async function sendAlertMailing<S extends MailingState, Seen, R extends { id: number }>(options: {
  key: string;
  seenKey: string;
  now: Date;
  batchSize?: number | undefined;
  find: (seen: Seen, run: MailingState) => Promise<S | undefined>;
  nextBatch: (state: S, afterId: number, limit: number) => Promise<R[]>;
  compose: (state: S, recipient: R) => MailMessage | undefined;
}): Promise<number> {
  const { key, seenKey, now } = options;
  let total = 0;
  for (let round = 0; round < 2; round++) {
    let state = await readMailingState<S>(key);
    if (!state || state.done) {
      const seen = JSON.parse((await getSiteState(seenKey)) ?? '{}') as Seen;
      const before = JSON.stringify(seen);
      const next = await options.find(seen, { edition: now.toISOString(), from: now.getTime(), until: now.getTime(), cursor: 0, done: false });
      if (!next) {
        if (JSON.stringify(seen) !== before) await setSiteState(seenKey, JSON.stringify(seen));
        return total;
      }
      await writeTransaction(async (tx) => {
        await writeMailingState(key, next, tx);
        await setSiteState(seenKey, JSON.stringify(seen), tx);
      });
      state = next;
    }
    const run = state;
    const { queued } = await queueMailingBatches({
      key,
      state: run,
      nextBatch: (afterId, limit) => options.nextBatch(run, afterId, limit),
      compose: (recipient) => options.compose(run, recipient),
      now,
      batchSize: options.batchSize,
    });
    total += queued;
  }
  return total;
}
