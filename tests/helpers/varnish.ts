import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const shipped = fileURLToPath(new URL('../../deploy/varnish', import.meta.url));

export interface Varnish {
  url: string;
  port: number;
  output: () => string;
  close: () => Promise<void>;
}

/**
 * Starts Debian's Varnish (7, with varnish-modules' xkey) on `port` with the shipped rules
 * (deploy/varnish/energy-site.vcl) in front of the origin on `originPort`, the way
 * deploy/varnish/default.vcl does, but with a quicker health probe. Runs as this user (no
 * jail) in a folder of its own.
 */
export async function startVarnish(port: number, originPort: number): Promise<Varnish> {
  const dir = mkdtempSync(join(tmpdir(), 'energy-varnish-'));
  writeFileSync(
    join(dir, 'test.vcl'),
    `vcl 4.1;
backend default {
  .host = "127.0.0.1";
  .port = "${originPort}";
  .probe = { .url = "/healthz"; .interval = 1s; .timeout = 1s; .window = 3; .threshold = 2; }
}
include "energy-site.vcl";
`,
  );
  let output = '';
  const child = spawn(
    '/usr/sbin/varnishd',
    [
      '-F',
      '-j',
      'none',
      '-n',
      join(dir, 'work'),
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      join(dir, 'test.vcl'),
      '-p',
      `vcl_path=${shipped}`,
      '-s',
      'malloc,64m',
      '-T',
      'none',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`varnishd exited with ${code}:\n${output}`))));
  // Ready once its child runs (it compiles the VCL and binds the port first) and the port
  // accepts connections. The log line matters: a port found free may have been taken since
  // (another test run on this machine), and a connection alone would then reach that one's
  // server while this varnishd exits saying the address is in use.
  const accepting = (async () => {
    while (child.exitCode === null) {
      if (!output.includes('Child launched OK')) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const ok = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await Promise.race([accepting, exited]);
  exited.catch(() => undefined);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    close: async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
