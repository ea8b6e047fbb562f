import { describe, expect, it } from 'vitest';
import { GenerationMemo } from '@/server/content-version';

// The memo of values computed per content version and minute (`cachedForContent`): what it
// holds must stay bounded however many keys random reads ask for, and a generation that can no
// longer be asked for (an older content version or minute) must not stay in memory.
describe('the content memo', () => {
  const values = (memo: GenerationMemo, generation: string, keys: string[]) =>
    Promise.all(keys.map((key) => memo.get(generation, key, () => Promise.resolve(`${generation}:${key}`))));
  const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('computes a key once per generation and holds at most its count, the least recently used forgotten first', async () => {
    const memo = new GenerationMemo(100);
    let computed = 0;
    const count = () => {
      computed++;
      return Promise.resolve(computed);
    };
    expect(await memo.get('v1|1', 'a', count)).toBe(1);
    expect(await memo.get('v1|1', 'a', count)).toBe(1);
    await values(memo, 'v1|1', keys('random', 1_000));
    expect(memo.size).toBe(100);
    // 'a' was pushed out by the random keys, so it is computed again.
    expect(await memo.get('v1|1', 'a', count)).toBe(2);
  });

  it('drops every value of a generation two generations old, whatever room is left', async () => {
    const memo = new GenerationMemo(2_000);
    for (let minute = 0; minute < 16; minute++) await values(memo, `v1|${minute}`, keys('page', 100));
    // Sixteen minutes of random reads: only the last two minutes' values are held (the memo
    // kept up to its whole count, 2,000, of outdated ones before).
    expect(memo.size).toBe(200);
    await values(memo, 'v2|15', keys('page', 10));
    expect(memo.size).toBe(110);
  });

  it('still answers a request that read the generation before the newest one from that generation', async () => {
    const memo = new GenerationMemo(10);
    await memo.get('v1|1', 'total', () => Promise.resolve(1));
    await memo.get('v2|1', 'total', () => Promise.resolve(2));
    expect(await memo.get('v1|1', 'total', () => Promise.resolve(99))).toBe(1);
    expect(await memo.get('v2|1', 'total', () => Promise.resolve(99))).toBe(2);
  });

  it('does not remember a computation that failed', async () => {
    const memo = new GenerationMemo(10);
    await expect(memo.get('v1|1', 'x', () => Promise.reject(new Error('locked')))).rejects.toThrow('locked');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await memo.get('v1|1', 'x', () => Promise.resolve('ok'))).toBe('ok');
  });
});
