import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '@/server/services/rate-limits/in-memory';

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
