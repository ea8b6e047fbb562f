import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * Something a suite runs beside its tests (a test server, a fake): started before them (a
 * `beforeAll`, run in the order of registration, so it may use what an earlier one started)
 * and ended after them. Answers a handle at once whose properties read the running thing, so
 * it can be handed to helpers at the top of a file and used inside tests and later hooks.
 */
export function useDuringSuite<T extends object>(start: () => Promise<T>, end: (running: T) => Promise<void>): T {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    if (running) await end(running);
    running = undefined;
  });
  const current = (): T => {
    if (!running) throw new Error('Not running: use it inside a test or a hook registered after it.');
    return running;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(current(), key) as unknown,
    set: (_target, key, value) => Reflect.set(current(), key, value),
  });
}

/** A fake (EIA, Zoho, SMTP, S3, a web hook) for the enclosing suite: see `useDuringSuite`. */
export function useFake<T extends { close: () => Promise<void> }>(start: () => Promise<T>): T {
  return useDuringSuite(start, (fake) => fake.close());
}

/** A new temporary folder (its name starting `prefix`) for the enclosing suite, removed after it: see `useDuringSuite`. */
export function useTempDir(prefix: string): { path: string } {
  return useDuringSuite(
    () => Promise.resolve({ path: mkdtempSync(join(tmpdir(), prefix)) }),
    ({ path }) => Promise.resolve(rmSync(path, { recursive: true, force: true })),
  );
}
