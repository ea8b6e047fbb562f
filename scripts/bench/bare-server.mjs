// @ts-check
// The bench's bare server (throughput.mjs): node:http answering every request with one stored
// answer (status, headers, body) and nothing else, in a process of its own, so it gets the
// same Node binary and a core to itself as the site's single web process does.
// Usage: node bare-server.mjs <answer.json> <body file>; prints `Serving <port>` once it listens.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [answerFile, bodyFile] = process.argv.slice(2);
if (!answerFile || !bodyFile) throw new Error('usage: bare-server.mjs <answer.json> <body file>');
/** @type {unknown} */
const parsed = JSON.parse(readFileSync(answerFile, 'utf8'));
/** The headers as Node's flat [name, value, …] list. */
const answer = /** @type {{ status: number, headers: string[], keepAliveMs: number }} */ (parsed);
const body = readFileSync(bodyFile);
const server = http.createServer((_req, res) => {
  res.writeHead(answer.status, answer.headers);
  res.end(body);
});
// The site's keep-alive timeout, so even the Keep-Alive header Node writes is the same.
server.keepAliveTimeout = answer.keepAliveMs;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`Serving ${typeof address === 'object' && address ? address.port : 0}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
