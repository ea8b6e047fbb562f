// `npm run import:eia`: imports new EIA observations into the configured database.
import { importMessage, runEiaImport } from '@/server/services/markets/import';
import { prepareDatabase } from './prepare-db.ts';

await prepareDatabase({ seed: true });
const result = await runEiaImport();
if (!result.ok) {
  console.error(`EIA import failed: ${result.message}`);
  process.exit(1);
}
for (const s of result.summary.series) console.log(`  ${s.slug}: ${s.read} observations read, ${s.written} new or revised`);
console.log(importMessage(result.summary));
process.exit(0);
