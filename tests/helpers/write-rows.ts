// Child process for the concurrency test: waits for a shared start time, then inserts rows
// one write transaction at a time, so two writers contend for the file's write lock.
import { openDatabase } from '@db/client';

const [url, writer, count, startAt] = process.argv.slice(2);
if (!url || !writer || !count || !startAt) throw new Error('usage: write-rows.ts <url> <writer> <count> <startAtMs>');
const { client, close } = await openDatabase({ url });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
for (let i = 0; i < Number(count); i++) {
  const tx = await client.transaction('write');
  await tx.execute({ sql: 'INSERT INTO probe (writer, n) VALUES (?, ?)', args: [writer, i] });
  await tx.commit();
}
close();
