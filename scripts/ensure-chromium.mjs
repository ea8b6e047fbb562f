// @ts-check
// Makes sure the browser tests have a Chromium: Debian's /usr/bin/chromium, installed with
// apt-get when missing and running as root; otherwise says exactly what to install.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Chromium with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}
