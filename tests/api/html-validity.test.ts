import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { useTempDir } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';

// Every kind of page the server sends, checked by the Nu HTML Checker (the W3C validator,
// run locally from the vnu-jar package; it needs Java 11 or newer on the PATH).
const PASSWORD = 'html-validity-password';
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
const dir = useTempDir('energy-html-');

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

/** The checker's errors for the given HTML files, as "page: message (extract)". */
async function checkerErrors(files: Map<string, string>): Promise<string[]> {
  const paths = [...files.keys()];
  // vnu exits non-zero when it finds errors; its JSON report is on stderr either way.
  const { stderr } = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...paths], {
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: unknown }) => {
    if (typeof error.stderr === 'string' && error.stderr.startsWith('{')) return { stderr: error.stderr };
    throw new Error(
      `The Nu HTML Checker did not run (is Java 11+ installed? apt-get install default-jre-headless): ${String(error.stderr ?? error.code)}`,
    );
  });
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type === 'error')
    .map((m) => `${files.get(m.url.replace(/^file:/, '')) ?? m.url}: ${m.message} (${(m.extract ?? '').trim().slice(0, 80)})`);
}

describe('the HTML the server sends', () => {
  it('has no errors in the Nu HTML Checker, on every kind of page', async () => {
    const { signIn, call } = apiClient(server, PASSWORD);
    const cookie = await signIn();
    // An author page with everything it can show: photo, title, bio, links.
    const authors = (await call('GET', '/api/admin/authors?q=rachel', { cookie })).json as { items: { id: number }[] };
    await call('PATCH', `/api/admin/authors/${authors.items[0]?.id ?? 0}`, {
      cookie,
      body: { photoUrl: '/images/articles/capitol.jpg', links: [{ label: 'Website', url: 'https://rachel.example/?a=1&b=2' }] },
    });
    const [first] = (await (await fetch(`${server.url}/api/articles?limit=1&fields=summary`)).json()) as { slug: string }[];
    const pages: [string, Record<string, string>?][] = [
      ['/'],
      ['/news'],
      ['/news?q=natural%20gas'],
      ['/news?category=nuclear'],
      ['/news?q=zzzz-no-match'],
      [`/article/${first?.slug ?? ''}`],
      ['/article/no-such-article'],
      ['/category/oil-gas'],
      ['/category/nuclear?page=1'],
      ['/category/no-such-topic'],
      ['/author/dana-whitfield'],
      ['/author/rachel-kim'],
      ['/author/no-such-author'],
      // The seeded sample correction: under the text, and on the corrections page.
      ['/article/gulf-coast-refiners-post-strong-margins-into-q4'],
      ['/corrections'],
      ['/corrections?page=9'],
      ['/analytics'],
      ['/analytics?tab=analytics'],
      ['/analytics?tab=reports'],
      ['/calendar'],
      ['/calendar?page=2&kind=storage'],
      ['/markets'],
      ['/markets/wti'],
      ['/markets/gas-storage?range=5y'],
      ['/markets/no-such-series'],
      ['/grid'],
      ['/grid/tex'],
      ['/grid/no-such-region'],
      ['/states'],
      ['/states/tx?sector=industrial'],
      ['/states/zz'],
      ['/embed/markets/wti?compare=brent'],
      ['/embed/grid/TEX?chart=generation'],
      ['/embed/states/TX'],
      ['/embed/states/zz'],
      ['/embed/reports/custom?series=wti,brent&chart=area'],
      // The first seeded analysis item: the crude benchmarks, with their chart.
      ['/embed/analysis/1'],
      ['/embed/cards/energy-mix'],
      ['/embed/cards/nope'],
      ['/api/docs'],
      ['/about'],
      ['/contact'],
      ['/privacy-policy'],
      ['/terms-of-service'],
      ['/admin/login'],
      ['/admin', { Cookie: cookie }],
      ['/newsletter'],
      [`/newsletter/confirm?token=${'x'.repeat(43)}`],
      [`/newsletter/preferences?token=${'x'.repeat(43)}`],
      [`/newsletter/unsubscribe?token=${'x'.repeat(43)}`],
      ['/no-such-page'],
    ];
    const files = new Map<string, string>();
    for (const [index, [path, headers]] of pages.entries()) {
      const response = await fetch(`${server.url}${path}`, { headers: headers ?? {} });
      expect(response.headers.get('Content-Type'), path).toContain('text/html');
      const file = join(dir.path, `page-${index}.html`);
      writeFileSync(file, await response.text());
      files.set(file, path);
    }
    expect(await checkerErrors(files)).toEqual([]);
    // The checker is a Java program: on a busy machine its start alone takes tens of seconds.
  }, 180_000);

  it('would report an error (the check itself can fail)', async () => {
    const file = join(dir.path, 'broken.html');
    writeFileSync(file, '<!doctype html><html lang="en"><title>x</title><div aria-label="not allowed here">x</div></html>');
    expect(await checkerErrors(new Map([[file, 'broken']]))).toHaveLength(1);
  }, 180_000);
});
