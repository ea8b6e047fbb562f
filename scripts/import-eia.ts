// `npm run import:eia`: imports new EIA observations into the configured database.
import { importMessage, runEiaImport } from '@/server/services/markets/import-runs';
import { prepareDatabase } from './prepare-db.ts';

await prepareDatabase({ seed: true });
try {
  const summary = await runEiaImport();
  for (const s of summary.series) console.log(`  ${s.slug}: ${s.read} observations read, ${s.written} new or revised`);
  console.log(importMessage(summary));
  // A partial run (some queries failed and were skipped, named above) exits 2, so a scheduler sees it.
  process.exit(summary.failed.length > 0 ? 2 : 0);
} catch (error) {
  console.error(`EIA import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
