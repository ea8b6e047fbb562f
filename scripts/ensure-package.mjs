// @ts-check
// Makes sure a program from Debian's packages is installed: installs it with apt-get when
// missing and running as root; otherwise says exactly what to install and exits.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @param {string} binary absolute path of the program
 * @param {string} pkg the Debian package that provides it
 * @param {string} purpose what needs it, for the message
 */
export function ensurePackage(binary, pkg, purpose) {
  if (existsSync(binary)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`${purpose} need ${binary}. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
  console.log(`Installing ${pkg} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another run on this machine (a second checkout's `npm test`) may be installing at the same
  // moment: wait for its lock on the package database rather than fail at once.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  for (const args of [
    ['update', '-qq', ...wait],
    ['install', '-y', '-qq', ...wait, pkg],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    // The other run may have installed it meanwhile.
    if (result.status !== 0 && existsSync(binary)) return;
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  if (!existsSync(binary)) {
    console.error(`apt-get finished but ${binary} is still missing.`);
    process.exit(1);
  }
}
