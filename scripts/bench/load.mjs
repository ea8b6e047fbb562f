// @ts-check
// Behaviour under load: reads stay fast while comments are written, and memory stays flat
// across many requests with random query strings.
import { ARTICLE, note, percentile, record, residentMb, timeCalls } from './lib.mjs';

/** Each call posts from addresses of its own, so a repeated run is not rate limited. */
let round = 0;

/**
 * 100 concurrent comment posts (from 100 addresses: the server must run with TRUST_PROXY)
 * while reads go on beside them.
 * @param {string} base
 */
export async function benchWriteLoad(base) {
  const response = await fetch(`${base}/api/articles?limit=1`);
  const parsed = /** @type {unknown} */ (await response.json());
  const articles = /** @type {{ id: number }[]} */ (parsed);
  const articleId = articles[0]?.id;
  if (!articleId) throw new Error('no article to comment on');
  /** @param {number} i @param {string} from */
  const post = (i, from) =>
    fetch(`${base}/api/articles/${articleId}/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, 'X-Forwarded-For': from },
      body: JSON.stringify({ authorName: `Reader ${i}`, authorEmail: `reader${i}@example.com`, content: `Load test comment number ${i}.` }),
    });
  const net = 100 + 2 * round++;
  // Warm up every web process (and its JIT) with a burst from other addresses first.
  await timeCalls(100, 100, async (i) => (await post(i, `198.51.${net + 1}.${i + 1}`)).text());
  let writing = true;
  /** @type {number[]} */
  const reads = [];
  const reader = async () => {
    while (writing) {
      const start = performance.now();
      await (await fetch(`${base}/api/categories`)).text();
      reads.push(performance.now() - start);
    }
  };
  const readers = [reader(), reader()];
  let refused = 0;
  const posts = await timeCalls(100, 100, async (i) => {
    const res = await post(i, `198.51.${net}.${i + 1}`);
    if (res.status !== 201) refused++;
    await res.text();
  });
  writing = false;
  await Promise.all(readers);
  note(
    `100 concurrent comment posts: p50 ${Math.round(percentile(posts, 50))} ms; ${reads.length} reads beside them: p50 ${Math.round(percentile(reads, 50))} ms`,
  );
  record('comments stored of 100 concurrent posts', 100 - refused, '', (v) => v === 100, '100');
  record('comment post p99 under write load', Math.round(percentile(posts, 99)), ' ms', (v) => v < 250, '< 250 ms');
  record('read p99 during 100 concurrent comment posts', Math.round(percentile(reads, 99)), ' ms', (v) => v < 50, '< 50 ms');
}

/**
 * 10,000 requests with random query strings (and some unknown paths): the server's resident
 * memory, all web processes together, must stay within 50 MB of where it was after warm-up.
 * @param {string} base @param {number} pid
 */
export async function benchMemory(base, pid) {
  const paths = ['/', '/news', ARTICLE, '/analytics', '/rss.xml', '/api/articles', '/no-such-page'];
  const random = () => Math.random().toString(36).slice(2);
  const hit = async (/** @type {number} */ i) => {
    const path = paths[i % paths.length] ?? '/';
    const res = await fetch(`${base}${path}?${random()}=${random()}&utm_source=${random()}&page=${i % 3}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    await res.arrayBuffer();
  };
  // Warm up until V8 has sized its heaps for this load (it grows them lazily for the first
  // few thousand requests); a leak shows as growth after that.
  await timeCalls(5000, 16, hit);
  const before = residentMb(pid);
  await timeCalls(10_000, 16, hit);
  const after = residentMb(pid);
  note(`resident memory of the server: ${before} MB after warm-up, ${after} MB after 10,000 requests with random query strings`);
  record('memory growth over 10,000 random-query requests', after - before, ' MB', (v) => v <= 50, '<= 50 MB');
}
