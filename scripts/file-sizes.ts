// Fails when a file in src is over MAX_LINES lines (`npm run check` runs it; so does
// tests/unit/file-size.test.ts). A file past that holds more than one concern: split it by
// concern rather than raise the limit.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 400;
const root = fileURLToPath(new URL('..', import.meta.url));

/** Every source file under src, with its text. */
function sourceFiles(): { path: string; text: string }[] {
  const dir = join(root, 'src');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|astro|mjs|js|css)$/.test(f))
    .map((f) => ({ path: relative(root, join(dir, f)).replace(/\\/g, '/'), text: readFileSync(join(dir, f), 'utf8') }));
}

/** `path: N lines` of each file over the limit (a final line break ends a line, it starts none). */
export function oversizedFiles(files: { path: string; text: string }[] = sourceFiles()): string[] {
  return files.flatMap(({ path, text }) => {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > MAX_LINES ? [`${path}: ${lines} lines`] : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const over = oversizedFiles();
  if (over.length > 0) {
    console.error(`Files in src over ${MAX_LINES} lines (split each by concern):\n${over.join('\n')}`);
    process.exit(1);
  }
}
