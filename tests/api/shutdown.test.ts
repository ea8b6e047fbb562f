// Stopping the way service managers stop: SIGTERM to the whole process group (systemd's
// control group, a container runtime), to the cluster's primary alone, or to the `npm start`
// process. Each finishes the writes in flight, writes the page views held in memory and ends
// every process of the site.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '@db/client';
import { articleViews, contactMessages } from '@db/schema';
import { publicStories } from '../helpers/database.ts';
import { parseResponse } from '../helpers/raw-http.ts';
import { freePort, testServerEnv } from '../helpers/test-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const READER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Site {
  child: ChildProcess;
  port: number;
  databaseUrl: string;
  output: () => string;
}

/** The site in a process group of its own: `npm start`, or the server script as npm would run it. */
async function startSite(how: 'npm' | 'node'): Promise<Site> {
  const dir = mkdtempSync(join(tmpdir(), 'energy-shutdown-'));
  dirs.push(dir);
  const port = await freePort();
  const databaseUrl = `file:${join(dir, 'test.db')}`;
  // An empty settings file: a developer's `.env` never reaches the test.
  writeFileSync(join(dir, 'empty.env'), '');
  const [command, args] =
    how === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, ['--import', './scripts/load-env.mjs', 'scripts/start.mjs']];
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: { ...testServerEnv(dir, port), WEB_CONCURRENCY: '2', TRUST_PROXY: 'true', ENV_FILE: join(dir, 'empty.env') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`The site stopped at start:\n${output}`);
      expect(output).toContain('Serving ');
    },
    { timeout: 100_000, interval: 200 },
  );
  return { child, port, databaseUrl, output: () => output };
}

/** Every process of the site: the started one and all its descendants. */
function processTree(pid: number): number[] {
  const all = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of all) if (parent === tree[i]) tree.push(child);
  return tree;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A write in flight: a connection the server has surely taken (a page was read on it), then a
 * contact message's headers and half its body. `finish` sends the rest and reads the answer.
 */
async function writeInFlight(port: number, from: string): Promise<{ finish: () => Promise<number> }> {
  const socket = net.connect(port, '127.0.0.1');
  let data = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (data = Buffer.concat([data, chunk])));
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => (closed = true));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${from}\r\n\r\n`);
  await vi.waitFor(() => expect(parseResponse(data, closed)).toBeDefined(), { timeout: 30_000, interval: 20 });
  data = Buffer.alloc(0);
  const body = JSON.stringify({
    name: 'Sam Carter',
    email: 'sam@example.com',
    company: 'Gulf Power Co',
    subject: `Shutdown ${from}`,
    category: 'business',
    message: 'We would like to discuss sharing grid data before the site stops.',
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Forwarded-For: ${from}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: async () => {
      socket.write(body.slice(half));
      await vi.waitFor(() => expect(parseResponse(data, closed) ?? (closed ? null : undefined)).toBeDefined(), { timeout: 30_000, interval: 20 });
      socket.destroy();
      return parseResponse(data, closed)?.status ?? 0;
    },
  };
}

async function views(site: Site, articleId: number): Promise<number> {
  const database = await openDatabase({ url: site.databaseUrl });
  try {
    const rows = await database.db.select({ views: articleViews.views }).from(articleViews).where(eq(articleViews.articleId, articleId));
    return rows.reduce((sum, r) => sum + r.views, 0);
  } finally {
    database.close();
  }
}

async function storedMessages(site: Site, from: string): Promise<number> {
  const database = await openDatabase({ url: site.databaseUrl });
  try {
    const [row] = await database.db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.subject, `Shutdown ${from}`)));
    return row?.n ?? 0;
  } finally {
    database.close();
  }
}

const cases = [
  { name: 'SIGTERM to the process group (systemctl stop, a container runtime)', how: 'node', target: 'group' },
  { name: 'SIGTERM to the primary process alone', how: 'node', target: 'process' },
  { name: 'SIGTERM to the npm start process', how: 'npm', target: 'process' },
] as const;

describe('stopping the site', () => {
  for (const { name, how, target } of cases) {
    it(`${name}: finishes the writes in flight, keeps every counted view and ends every process`, { timeout: 240_000 }, async () => {
      const site = await startSite(how);
      const pid = site.child.pid!;
      try {
        const database = await openDatabase({ url: site.databaseUrl });
        const [story] = await publicStories(database);
        database.close();
        // Views held in memory: every beacon answered, most not yet written.
        const beacons = 12;
        for (let i = 0; i < beacons; i++) {
          const response = await fetch(`http://127.0.0.1:${site.port}/api/views`, {
            method: 'POST',
            headers: {
              Origin: `http://127.0.0.1:${site.port}`,
              'Content-Type': 'application/json',
              'User-Agent': READER,
              'X-Forwarded-For': `203.0.113.${i + 1}`,
            },
            body: JSON.stringify({ article: story!.id }),
          });
          expect(response.status).toBe(204);
        }
        const addresses = ['198.51.100.21', '198.51.100.22', '198.51.100.23', '198.51.100.24'];
        const writes = await Promise.all(addresses.map((from) => writeInFlight(site.port, from)));
        const tree = processTree(pid);
        expect(tree.length).toBeGreaterThanOrEqual(3);
        if (how === 'npm') {
          // Every node process npm start runs, the primary too (its render thread and database
          // threads beside the main one), caps glibc's malloc arenas: without it the primary's
          // memory crept up under reads while its web processes' levelled off.
          const environments = tree.slice(1).map((p) => readFileSync(`/proc/${p}/environ`, 'latin1').split('\0'));
          expect(environments.map((e) => e.includes('MALLOC_ARENA_MAX=2'))).toEqual(tree.slice(1).map(() => true));
        }

        process.kill(target === 'group' ? -pid : pid, 'SIGTERM');
        const statuses = await Promise.all(writes.map((w) => w.finish()));
        expect(statuses, site.output()).toEqual(addresses.map(() => 201));

        await vi.waitFor(() => expect(tree.filter(alive), site.output()).toEqual([]), { timeout: 60_000, interval: 100 });
        for (const from of addresses) expect(await storedMessages(site, from)).toBe(1);
        expect(await views(site, story!.id)).toBe(beacons);
      } finally {
        for (const p of processTree(pid).filter(alive)) process.kill(p, 'SIGKILL');
      }
    });
  }
});
