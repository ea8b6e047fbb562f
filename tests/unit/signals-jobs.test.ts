import type http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The jobs are loaded once a web process serves (src/server/front/signals.ts). Should that load
// fail, the process keeps serving and says why, and a stop still writes the readership counts
// and closes the database (no unhandled rejection ending the process, no false "not written").
const stopped = vi.hoisted(() => ({ views: 0, database: 0 }));
vi.mock('@/server/jobs', () => ({
  scheduledJobs: () => {
    throw new Error('a broken build of the jobs');
  },
}));
vi.mock('@/server/db', () => ({ closeDatabase: () => void stopped.database++ }));
vi.mock('@/server/services/readership/views', () => ({ processViewCounter: () => ({ stop: () => Promise.resolve(void stopped.views++) }) }));

const { serveUntilSignal } = await import('@/server/front/signals');

afterEach(() => {
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  vi.restoreAllMocks();
});

describe('a web process whose jobs fail to load', () => {
  it('says so, keeps serving, and on SIGTERM still writes its counts and closes the database', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
    const exited = new Promise<number | undefined>((resolve) => {
      vi.spyOn(process, 'exit').mockImplementation(((code?: number) => resolve(code)) as typeof process.exit);
    });
    const server = { close: (done: () => void) => done(), closeIdleConnections: () => undefined } as unknown as http.Server;
    serveUntilSignal(server);
    await vi.waitFor(() => expect(logged.some((l) => l.includes('"event":"jobs_not_started"'))).toBe(true));
    expect(logged.join('\n')).toContain('a broken build of the jobs');

    process.emit('SIGTERM');
    expect(await exited).toBe(0);
    expect(stopped).toEqual({ views: 1, database: 1 });
    expect(logged.join('\n')).not.toContain('Readership counts not written');
  });
});
