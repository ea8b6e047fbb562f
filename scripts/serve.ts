// The production server's entry: `npm start` (scripts/start.mjs) and the tests run it. The
// server itself lives in src/server/front; this file only names the build, the database
// preparation and itself as the script each web process of the cluster runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MIGRATIONS_FOLDER } from '@db/migrate';
import { startServer as startFront } from '@/server/front/start';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The young generation's half of a web process, MB (see `execArgv` below). */
const WEB_PROCESS_SEMI_SPACE_MB = 16;

/** Starts the site on the live build (`dist`); resolves with the server when it runs as a single process. */
export function startServer(): ReturnType<typeof startFront> {
  return startFront({
    distDir: join(root, 'dist'),
    // Loaded only where the database is prepared (the primary, or a single process): the seed
    // and its sample images bring sharp, S3 and the HTML sanitizer, which a web process of the
    // cluster never needs at start.
    prepareDatabase: async () => {
      const { prepareDatabase, startupMessage } = await import('./prepare-db.ts');
      await prepareDatabase({ seed: true }).catch((error: unknown) => Promise.reject(new Error(startupMessage(error))));
    },
    exec: fileURLToPath(import.meta.url),
    // A web process answers mostly from memory and allocates little per request: V8's young
    // generation is kept at Node 20's 16 MB a half (Node 24 lets it grow to 64 MB on a large
    // machine, and a process kept about 130 MB of it resident once start-up had grown it).
    execArgv: ['--import', join(root, 'scripts/aliases.mjs'), `--max-semi-space-size=${WEB_PROCESS_SEMI_SPACE_MB}`],
    shippedMigrations: (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startServer();
}
