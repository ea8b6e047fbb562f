// Runs once before the vitest suites: refuses an old Node (a bare node_modules/.bin/vitest
// would run on the system's Node 20) and builds the site the API tests serve.
import '../../scripts/require-node.mjs';
import { buildIfNeeded } from '../../scripts/build.mjs';

export default function setup(): void {
  process.env['SITE_URL'] = 'http://localhost:4321';
  buildIfNeeded();
}
