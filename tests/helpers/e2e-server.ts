// The browser tests' server: the production server on a fresh, seeded database.
import '../../scripts/require-node.mjs';
import { rmSync } from 'node:fs';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

rmSync('data/e2e', { recursive: true, force: true });
buildIfNeeded();
const { startServer } = await import('../../scripts/serve.ts');
await startServer();
