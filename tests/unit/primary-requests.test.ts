import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('../fixtures/primary-requests.ts', import.meta.url));

// `primaryRequests` (db/cluster-messages.ts), as the page settle, the write lock and the write
// tickets ask the cluster's primary: a request without a deadline waits for its answer as long as
// the primary is there, can be withdrawn, and ends with nothing when the primary goes.
describe('requests to the cluster’s primary', () => {
  it('waits without a deadline, withdraws, and ends the wait when the primary goes', async () => {
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [fixture], { timeout: 60_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
    const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { ids: number[] } & Record<string, unknown>;
    const [long, withdrawn, after] = result.ids;
    expect(result).toEqual({
      timedOut: null,
      long: `answer to ${long}`,
      withdrawn: null,
      after: `answer to ${after}`,
      ids: [long, withdrawn, after],
      orphan: null,
      gone: null,
    });
    // Numbered for the process, across askers.
    expect(new Set(result.ids).size).toBe(3);
  }, 90_000);
});
