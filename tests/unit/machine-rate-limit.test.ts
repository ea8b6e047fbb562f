// The machine's per-client limits as a web process meets them (rate-limits/machine.ts): the
// cluster's primary keeps the buckets, and each process asks it as seldom as it can, so a
// request's limit costs about nothing however many requests come (#35: the beacon's path as
// cheap as a cached read, also from addresses seen before). Two processes' lines to one primary
// in this process: each message is counted and crosses to the primary a turn late, as IPC does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASK_GAP_MS,
  TELL_MS,
  leasedRateLimit,
  machineRates,
  type ClientRateLimit,
  type PrimaryLine,
  type RateMessage,
} from '@/server/services/rate-limits/machine';

/** One primary and the line every process of the test reaches it by; `sent` holds each message sent, in order. */
function onePrimary() {
  const primary = machineRates();
  const sent: RateMessage[] = [];
  let ids = 0;
  const line: PrimaryLine = {
    connected: () => true,
    tell: (message) => {
      sent.push(message);
      queueMicrotask(() => primary(structuredClone(message)));
    },
    ask: async (message) => {
      sent.push(message);
      await Promise.resolve();
      return primary(structuredClone({ ...message, id: ++ids }));
    },
  };
  return { line, sent };
}

/** The limit's answer to one request: at once, or once the process's next message was answered. */
async function answer(limit: ClientRateLimit, client: string): Promise<number> {
  const waitMs = limit.take(client);
  if (typeof waitMs === 'number') return waitMs;
  await vi.advanceTimersByTimeAsync(ASK_GAP_MS);
  return waitMs;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a per-client limit counted for the whole machine', () => {
  it('gives a client its minute once over two processes, then refuses it in each without asking the primary until its next token is due', async () => {
    const { line, sent } = onePrimary();
    // 6 a minute: a token every 10 s, and no leases (a twentieth of 6 is none).
    const processes = [leasedRateLimit('test', 6, line), leasedRateLimit('test', 6, line)];
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push(await answer(processes[i % 2]!, '192.0.2.1'));
    // Each process lets the client's first request through unasked (told after); the primary's count holds the rest.
    expect(answers.filter((w) => w === 0)).toHaveLength(6);
    expect(answers.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(answers.slice(6).every((w) => w > 0 && w <= 10_000)).toBe(true);

    // Refused, the client is refused by both processes at once (a number, not a promise) and no message goes.
    const messages = sent.length;
    for (const limit of processes) {
      const waitMs = limit.take('192.0.2.1');
      expect(typeof waitMs).toBe('number');
      expect(waitMs).toBeGreaterThan(0);
    }
    await vi.advanceTimersByTimeAsync(TELL_MS);
    expect(sent.length).toBe(messages);

    // Once its next token is due, the primary is asked again, and grants it once.
    await vi.advanceTimersByTimeAsync(10_000);
    const again = processes[0]!.take('192.0.2.1');
    expect(again).toBeInstanceOf(Promise);
    await vi.advanceTimersByTimeAsync(ASK_GAP_MS);
    expect(await again).toBe(0);
    expect(await answer(processes[1]!, '192.0.2.1')).toBeGreaterThan(0);
    // Another client has its own minute.
    expect(await answer(processes[1]!, '192.0.2.2')).toBe(0);
  });

  it('sends a busy process few messages: the spends of new clients told together, the asks of a span together', async () => {
    const { line, sent } = onePrimary();
    const limit = leasedRateLimit('test', 30, line);
    const clients = Array.from({ length: 40 }, (_, i) => `198.51.100.${i + 1}`);
    // 40 new clients, one request a millisecond: each passes at once, and the primary hears of all in one message.
    for (const client of clients) {
      expect(limit.take(client)).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(TELL_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.spent).toHaveLength(40);

    // Their second requests, one a millisecond, are asked of the primary a few at a time, and all granted.
    const waits: Promise<number>[] = [];
    for (const client of clients) {
      const waitMs = limit.take(client);
      expect(waitMs).toBeInstanceOf(Promise);
      waits.push(Promise.resolve(waitMs));
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(ASK_GAP_MS);
    expect(await Promise.all(waits)).toEqual(clients.map(() => 0));
    const asks = sent.slice(1);
    expect(asks.flatMap((m) => m.asks ?? []).map(([client]) => client)).toEqual(clients);
    expect(asks.length).toBeLessThanOrEqual(Math.ceil(40 / ASK_GAP_MS) + 1);
  });

  it("holds the machine's count with leases: a client passes its minute at most once, and is refused early by at most one lease", async () => {
    const { line } = onePrimary();
    // 60 a minute: leases of 3 while the bucket is more than half full.
    const processes = [leasedRateLimit('test', 60, line), leasedRateLimit('test', 60, line)];
    let passed = 0;
    for (let i = 0; i < 100; i++) if ((await answer(processes[i % 2]!, '203.0.113.7')) === 0) passed++;
    // 100 requests in 0.5 s: the minute's 60 and what came back since, and one the other process let through unseen.
    expect(passed).toBeLessThanOrEqual(60 + 1 + 1);
    expect(passed).toBeGreaterThanOrEqual(60 - 3);
  });
});
