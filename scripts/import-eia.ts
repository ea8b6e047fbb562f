// `npm run import:eia`: imports new EIA observations into the configured database.
import { getDb } from '../src/server/db.ts';
import { runEiaImport } from '../src/server/services/market-import.ts';
import { contentChanged } from '../src/server/services/publish.ts';
import { prepareDatabase } from './prepare-db.ts';

await prepareDatabase({ seed: true });
const result = await runEiaImport(await getDb(), {});
if (!result.ok) {
  console.error(`EIA import failed, nothing was changed: ${result.message}`);
  process.exit(1);
}
await contentChanged({ entity: 'market-data', id: 0, action: 'updated' });
for (const s of result.summary.series) console.log(`  ${s.slug}: ${s.rows} observations read`);
console.log(`Imported ${result.summary.observations} price observations and ${result.summary.generation} generation figures.`);
process.exit(0);
