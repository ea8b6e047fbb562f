// The production server's entry: `npm start` (scripts/start.mjs) and the tests run it. The
// server itself lives in src/server/front; this file only names the build, the database
// preparation and itself as the script each web process of the cluster runs.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer as startFront } from '@/server/front/start';
import { prepareDatabase, startupMessage } from './prepare-db.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Starts the site on the live build (`dist`); resolves with the server when it runs as a single process. */
export function startServer(): ReturnType<typeof startFront> {
  return startFront({
    distDir: join(root, 'dist'),
    prepareDatabase: () => prepareDatabase({ seed: true }).catch((error: unknown) => Promise.reject(new Error(startupMessage(error)))),
    exec: fileURLToPath(import.meta.url),
    execArgv: ['--import', join(root, 'scripts/aliases.mjs')],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startServer();
}
