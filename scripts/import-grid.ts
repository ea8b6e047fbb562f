// `npm run import:grid`: imports the newest hours of the live grid (EIA-930) into the configured
// database, as the hourly job does: the week before the newest stored hour again, and a week of
// older history until two years are stored.
import { gridImportMessage, importGridFromEia } from '@/server/services/grid/import';
import { prepareDatabase } from './prepare-db.ts';

await prepareDatabase({ seed: true });
try {
  const summary = await importGridFromEia({ trigger: 'manual' });
  console.log(`  run: #${summary.runId}`);
  console.log(`  regions changed: ${summary.regions.length > 0 ? summary.regions.join(', ') : 'none'}`);
  console.log(gridImportMessage(summary));
  // A partial run (a query failed and was skipped, named above) exits 2, as `npm run import:eia` does.
  process.exit(summary.failed.length > 0 ? 2 : 0);
} catch (error) {
  console.error(`Grid import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
