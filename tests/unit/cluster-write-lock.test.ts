import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('../fixtures/cluster-write-lock.ts', import.meta.url));

describe("the cluster's write lock", () => {
  it('lets one holder in at a time and never stalls, with two copies of the lock module in every process', async () => {
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [fixture], { timeout: 120_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
    const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { most: number; sections: number };
    // Two processes, two copies each, 40 sections per copy: all ran, never two at once.
    expect(result).toEqual({ most: 1, sections: 160 });
  }, 150_000);
});
