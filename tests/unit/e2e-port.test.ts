import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { e2ePort } from '../../scripts/e2e-port.mjs';

// Two `npm test` runs side by side (two checkouts) each pick the browser tests' ports: they
// must never pick the same ones, even when both start at the same moment.
describe("the browser tests' ports", () => {
  const lockDir = mkdtempSync(join(tmpdir(), 'e2e-port-'));
  afterAll(() => rmSync(lockDir, { recursive: true, force: true }));
  const trio = (port: string) => [Number(port), Number(port) - 1, Number(port) - 2];
  /** Whether something on this machine listens on the port of 127.0.0.1. */
  const inUse = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });

  it('gives two runs that start at once ports that do not overlap, each claimed', async () => {
    const [a, b] = await Promise.all([e2ePort({ env: {}, lockDir }), e2ePort({ env: {}, lockDir })]);
    expect(trio(a).filter((p) => trio(b).includes(p))).toEqual([]);
    expect(readdirSync(lockDir).sort()).toEqual([`energy-site-e2e-${a}.lock`, `energy-site-e2e-${b}.lock`].sort());
  });

  it('takes over the claim of a run that died, and keeps E2E_PORT when it is set', async () => {
    const dir = mkdtempSync(join(lockDir, 'dead-'));
    // A process id no process has (above the kernel's largest).
    writeFileSync(join(dir, 'energy-site-e2e-4399.lock'), '4194305');
    const port = await e2ePort({ env: {}, lockDir: dir });
    // 4399 itself, unless something on this machine listens on one of its ports (then that is why).
    if (port === '4399') expect(readdirSync(dir)).toEqual(['energy-site-e2e-4399.lock']);
    else expect(await Promise.all([4399, 4398, 4397].map(inUse)), `took ${port}, not the dead run's 4399`).toContain(true);
    expect(await e2ePort({ env: { E2E_PORT: '4416' }, lockDir: dir })).toBe('4416');
  });
});
