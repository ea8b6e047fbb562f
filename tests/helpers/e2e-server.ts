// The browser tests' server: the production server on a fresh, seeded database.
import '../../scripts/require-node.mjs';
import { rmSync } from 'node:fs';
import { buildIfNeeded } from '../../scripts/build.mjs';

rmSync('data/e2e', { recursive: true, force: true });
buildIfNeeded();
// Zoho's hosts, faked locally (the host settings exist for tests only).
const { startFakeZoho } = await import('../fakes/zoho.ts');
const zoho = await startFakeZoho(Number(process.env['FAKE_ZOHO_PORT'] ?? 4398));
process.env['ZOHO_ACCOUNTS_URL'] = zoho.url;
process.env['ZOHO_ANALYTICS_URL'] = zoho.url;
const { startServer } = await import('../../scripts/serve.ts');
await startServer();
