import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A US site in US English: the text readers and the editors see (pages, components, server
// messages, the seed) never uses the British spelling of a word. Identifiers that name
// outside systems (`dataCentre`, a stored column) are whole words only where they stand alone.
const root = fileURLToPath(new URL('../..', import.meta.url));
const BRITISH = [
  'centre',
  'centres',
  'colour',
  'colours',
  'organisation',
  'organisations',
  'organise',
  'programme',
  'programmes',
  'utilisation',
  'authorisation',
  'authorisations',
  'unauthorised',
  'neighbourhood',
  'neighbourhoods',
  'neighbouring',
  'behaviour',
  'favour',
  'licence',
  'labelled',
  'cancelled',
  'modelled',
  'signalled',
  'refuelling',
  'enrol',
  'enrolment',
  'analyse',
  'analysing',
  'emphasise',
  'recognise',
  'realise',
  'prioritise',
  'optimise',
  'minimise',
  'maximise',
  'standardise',
  'standardising',
  'decarbonising',
  'sanitised',
  'sanitise',
  'autumn',
];
const pattern = new RegExp(`(?<!\\w)(${BRITISH.join('|')})(?!\\w)`, 'gi');

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(astro|tsx?|md)$/.test(entry.name)) yield path;
  }
}

/** Every British spelling in the given folders, as "file:line word". */
function britishSpellings(dirs: string[]): string[] {
  const found: string[] = [];
  for (const dir of dirs) {
    for (const file of files(join(root, dir))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const match of line.matchAll(pattern)) {
            // An all-capitals word is a protocol's keyword, not prose (iCalendar's STATUS:CANCELLED, RFC 5545).
            if (match[0] === match[0].toUpperCase()) continue;
            found.push(`${relative(root, file)}:${i + 1} ${match[0]}`);
          }
        });
    }
  }
  return found;
}

describe('the site is written in US English', () => {
  it('uses no British spelling in pages, components, server messages or the seed', () => {
    expect(britishSpellings(['src', 'db/seed'])).toEqual([]);
  });

  it('would find one (the check itself can fail)', () => {
    expect('The data centre’s programme'.match(pattern)).toEqual(['centre', 'programme']);
    expect('dataCentre ZOHO_DATA_CENTRES'.match(pattern)).toBeNull();
  });
});
