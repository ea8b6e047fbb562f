// `npm start`: refuses an old Node, builds when the build is missing or older than the
// sources (or was made for another SITE_URL), then migrates, seeds and serves.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'dist', '.build-stamp');
const INPUTS = ['src', 'public', 'db', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const wanted = JSON.stringify({
  inputs: Math.max(...INPUTS.map((p) => newestMtime(join(root, p)))),
  site: process.env.SITE_URL || '',
  port: process.env.PORT || '',
});
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (!existsSync(join(root, 'dist/server/entry.mjs')) || built !== wanted) {
  console.log('Building the site…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, wanted);
}

const { startServer } = await import('./serve.ts');
await startServer();
