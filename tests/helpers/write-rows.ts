// Child process for the concurrency test: says it is ready and waits for the parent's word (so
// both writers start together however long each took to start), then inserts rows one write
// transaction at a time until it and the other writer have each written `count`: neither stops
// while the other has its share to write, so their writes overlap and contend for the file's
// write lock. Prints how many rows it wrote and the most rows the other writer committed while
// it asked for the lock (between two of its own transactions: nothing but that request lies
// between them, so rows committed then were committed while it waited).
import { createInterface } from 'node:readline';
import { openDatabase } from '@db/client';

const [url, writer, other, count] = process.argv.slice(2);
if (!url || !writer || !other || !count) throw new Error('usage: write-rows.ts <url> <writer> <other writer> <count> (starts on a line on stdin)');
const quota = Number(count);
const { client, close } = await openDatabase({ url });
const lines = createInterface({ input: process.stdin });
const go = new Promise((resolve) => lines.once('line', resolve));
process.stdout.write('ready\n');
await go;
lines.close();
let written = 0;
let othersWritten = 0;
let waitedThrough = 0;
/**
 * A write transaction, once the file's write lock is had. SQLite's busy wait sleeps between
 * tries, so on a busy machine a writer can lose the lock to the other past the busy timeout
 * (SQLITE_BUSY at BEGIN, before anything is written: nothing acknowledged); it asks again.
 */
async function beginWrite() {
  for (;;) {
    try {
      return await client.transaction('write');
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    }
  }
}
while (written < quota || othersWritten < quota) {
  // Its share written, a writer only keeps the other company: it leaves the lock free between
  // its writes, so the other (whose busy wait sleeps) is not starved of it.
  if (written >= quota) await new Promise((resolve) => setTimeout(resolve, 5));
  const tx = await beginWrite();
  await tx.execute({ sql: 'INSERT INTO probe (writer, n) VALUES (?, ?)', args: [writer, written] });
  const others = Number((await tx.execute({ sql: 'SELECT count(*) AS n FROM probe WHERE writer = ?', args: [other] })).rows[0]?.['n']);
  await tx.commit();
  if (written > 0) waitedThrough = Math.max(waitedThrough, others - othersWritten);
  othersWritten = others;
  written++;
}
close();
process.stdout.write(`${JSON.stringify({ writer, written, waitedThrough })}\n`);
