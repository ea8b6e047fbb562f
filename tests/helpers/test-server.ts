import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '@db/client';
import { freePort } from '../../scripts/bench/lib.mjs';
import { useDuringSuite } from './suite.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** The server's database, for arranging data and asserting side effects. */
  database: Database;
  databaseUrl: string;
  /** The server's process id (the cluster's primary when it runs several processes). */
  pid: number;
  /** Server output so far (for debugging and log assertions). */
  output: () => string;
  stop: () => Promise<void>;
}

/** A free TCP port on the loopback interface (the bench's own helper). */
export { freePort };

/**
 * The environment a test's server starts with: its own port, database and media in `dir`, the
 * site's usual address, one process, and no EIA import on a clock (with an EIA key the daily
 * one would otherwise run at 11:00 US Eastern and the hourly grid one at :20 past any hour a
 * test spans, beside the imports the test starts).
 */
export function testServerEnv(dir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'test.db')}`,
    MEDIA_DIR: join(dir, 'media'),
    SITE_URL: 'http://localhost:4321',
    WEB_CONCURRENCY: '1',
    EIA_SCHEDULE: 'off',
    EIA_GRID_MINUTE: 'off',
  };
}

/**
 * Starts the production server (`scripts/serve.ts` on the built site) against a fresh
 * database file in a temporary folder: real migrations, real seed, real HTTP.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  // A port found free can be taken before the server binds it (another suite's server, a render
  // thread's ephemeral port): the server then exits saying so, and starts again on another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(env);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 5) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnFreePort(env: Record<string, string>): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'energy-test-'));
  const databaseUrl = `file:${join(dir, 'test.db')}`;
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', './scripts/aliases.mjs', 'scripts/serve.ts'], {
    cwd: root,
    env: { ...testServerEnv(dir, port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 180_000);
    const check = () => {
      if (output.includes('Serving ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const message = `Server exited with ${code}:\n${output}`;
      if (/Port \d+ on [\d.]+ is already in use/.test(output)) {
        rmSync(dir, { recursive: true, force: true });
        reject(new PortTakenError(message));
      } else reject(new Error(message));
    });
  });
  const database = await openDatabase({ url: databaseUrl });
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    databaseUrl,
    pid: child.pid ?? 0,
    output: () => output,
    stop: async () => {
      database.close();
      // A process ended by a signal (a test's kill -9) has a signalCode and no exitCode.
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A test server's settings, or a function that answers them when the server starts (for a fake's address, known only then). */
export type TestServerEnv = Record<string, string> | (() => Record<string, string>);

/** The enclosing suite's server (`startTestServer` with `env`): see `useDuringSuite`. */
export function useTestServer(env: TestServerEnv = {}): TestServer {
  return useDuringSuite(
    () => startTestServer(typeof env === 'function' ? env() : env),
    (server) => server.stop(),
  );
}
