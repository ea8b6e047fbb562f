import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, OldestEntry } from '@/server/services/rate-limits/in-memory';

describe('MemoryRateLimiter (token bucket per client, in memory)', () => {
  it('lets a client spend its minute at once, then asks it to wait for the next token', () => {
    const limiter = new MemoryRateLimiter(3);
    expect([0, 1, 2].map(() => limiter.take('a', 1_000))).toEqual([0, 0, 0]);
    // One token comes back every 20 s.
    expect(limiter.take('a', 1_000)).toBe(20_000);
    expect(limiter.take('a', 11_000)).toBe(10_000);
    expect(limiter.take('a', 21_000)).toBe(0);
    expect(limiter.take('a', 21_000)).toBe(20_000);
  });

  it('keeps each client to its own bucket', () => {
    const limiter = new MemoryRateLimiter(1);
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('a', 0)).toBeGreaterThan(0);
    expect(limiter.take('b', 0)).toBe(0);
  });

  it('refills to the limit and no further, however long a client was away', () => {
    const limiter = new MemoryRateLimiter(2);
    limiter.take('a', 0);
    limiter.take('a', 0);
    const later = 3_600_000;
    expect([limiter.take('a', later), limiter.take('a', later), limiter.take('a', later)]).toEqual([0, 0, 60_000 / 2]);
  });

  it('holds at most maxClients buckets: full ones go first, else the least recently used', () => {
    const limiter = new MemoryRateLimiter(1, 3);
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('c', 30_000);
    // a and b are full again after a minute: they make room for d.
    limiter.take('d', 61_000);
    expect(limiter.size).toBe(2);
    limiter.take('e', 61_000);
    // c, d and e were all used within the minute: c, the least recent, is forgotten for f.
    expect(limiter.take('f', 62_000)).toBe(0);
    expect(limiter.size).toBe(3);
    expect(limiter.take('c', 62_000)).toBe(0);
    // e stays limited: only the least recent client is forgotten.
    expect(limiter.take('e', 62_000)).toBeGreaterThan(0);
  });

  it('never grows past its bound under many addresses', () => {
    const limiter = new MemoryRateLimiter(5, 100);
    for (let i = 0; i < 10_000; i++) limiter.take(`203.0.113.${i}`, i);
    expect(limiter.size).toBe(100);
  });
});

describe("MemoryRateLimiter leases (the machine's count, rate-limits/machine.ts)", () => {
  it('grants what a process needs, a lease beside it only from the upper half of the bucket, and never more than the bucket holds', () => {
    const limiter = new MemoryRateLimiter(40);
    // Two needed, up to two more as a lease: the bucket stays above half full.
    expect(limiter.takeUpTo('a', 2, 2, 0)).toEqual({ granted: 4, waitMs: 0 });
    // 36 left: 16 needed leave 20 (half), so no lease.
    expect(limiter.takeUpTo('a', 16, 2, 0)).toEqual({ granted: 16, waitMs: 0 });
    // 20 left: 25 needed get the 20, and the wait for the next (one every 1.5 s).
    expect(limiter.takeUpTo('a', 25, 2, 0)).toEqual({ granted: 20, waitMs: 1_500 });
    expect(limiter.take('a', 0)).toBe(1_500);
  });

  it('takes a lease given back into the bucket, never past full', () => {
    const limiter = new MemoryRateLimiter(4);
    expect(limiter.takeUpTo('a', 4, 0, 0).granted).toBe(4);
    expect(limiter.take('a', 0)).toBeGreaterThan(0);
    limiter.giveBack('a', 2, 0);
    expect([limiter.take('a', 0), limiter.take('a', 0)]).toEqual([0, 0]);
    expect(limiter.take('a', 0)).toBeGreaterThan(0);
    limiter.giveBack('a', 100, 0);
    expect(limiter.takeUpTo('a', 10, 0, 0).granted).toBe(4);
  });
});

describe('OldestEntry', () => {
  it('answers the least recent entry of a map in recency order as entries are used, added and dropped', () => {
    const map = new Map<string, { n: number }>();
    const oldest = new OldestEntry(map);
    expect(oldest.peek()).toBeUndefined();
    for (const key of ['a', 'b', 'c']) map.set(key, { n: 0 });
    expect(oldest.peek()?.[0]).toBe('a');
    // Used again: deleted and set with a new value, it moves to the end.
    map.delete('a');
    map.set('a', { n: 1 });
    expect(oldest.peek()?.[0]).toBe('b');
    map.delete('b');
    map.delete('c');
    expect(oldest.peek()).toEqual(['a', { n: 1 }]);
    map.delete('a');
    expect(oldest.peek()).toBeUndefined();
    // Entries added after the map emptied are found too.
    map.set('d', { n: 2 });
    expect(oldest.peek()?.[0]).toBe('d');
    // Many evictions in a row: always the front.
    for (let i = 0; i < 1_000; i++) map.set(`k${i}`, { n: i });
    map.delete('d');
    for (let i = 0; i < 999; i++) {
      expect(oldest.peek()?.[0]).toBe(`k${i}`);
      map.delete(`k${i}`);
    }
    expect(oldest.peek()?.[0]).toBe('k999');
  });
});
