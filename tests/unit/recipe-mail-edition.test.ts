// docs/contributing.md's "How to add a mail edition", held against the code: every edition of the
// catalog has its job, every reader's choice has its column, and the recipe's step for an edition
// readers choose names exactly the files that spell the readers' choices out by hand (a file that
// starts or stops spelling them fails here until the recipe says so; everything else derives them
// from the catalog).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscribers } from '@db/schema';
import { CHOSEN_EDITIONS, MAIL_EDITIONS } from '@/lib/mail-editions';
import { dataAlertJob, newsletterJobs, priceAlertJob, topicDigestJob } from '@/server/jobs/newsletter';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const recipe = (() => {
  const text = readFileSync(join(ROOT, 'docs/contributing.md'), 'utf8');
  const start = text.indexOf('### How to add a mail edition');
  return text.slice(start, text.indexOf('\n### ', start + 1));
})();

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The files of src and db (migrations aside) that spell a reader's choice of edition, in camel or snake case. */
function filesSpellingChoices(): string[] {
  const choices = CHOSEN_EDITIONS.flatMap((e) => [e.choice, snakeCase(e.choice)]);
  const pattern = new RegExp(`\\b(?:${choices.join('|')})\\b`);
  return ['src', 'db'].flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .map((f) => `${dir}/${f.replace(/\\/g, '/')}`)
      .filter((f) => /\.(ts|tsx|astro)$/.test(f) && !f.startsWith('db/migrations/') && f !== 'src/lib/mail-editions.ts')
      .filter((f) => pattern.test(readFileSync(join(ROOT, f), 'utf8'))),
  );
}

describe('How to add a mail edition (docs/contributing.md)', () => {
  it('every edition of the catalog has its job', () => {
    const jobs = [...newsletterJobs({ briefingTime: '06:30' }), topicDigestJob, priceAlertJob, dataAlertJob].map((j) => j.name);
    for (const edition of Object.values(MAIL_EDITIONS)) expect(jobs).toContain(edition.job);
  });

  it('every reader’s choice has its boolean column on subscribers, named as it and defaulting as the sign-up form ticks it', () => {
    const columns: Record<string, { name: string; dataType: string; notNull: boolean; default: unknown }> = getTableColumns(subscribers);
    expect(CHOSEN_EDITIONS.length).toBeGreaterThan(0);
    for (const edition of CHOSEN_EDITIONS) {
      expect(columns[edition.choice], edition.choice).toMatchObject({
        name: snakeCase(edition.choice),
        dataType: 'boolean',
        notNull: true,
        default: edition.chosenByDefault,
      });
    }
  });

  it('names exactly the files that spell the readers’ choices out', () => {
    // The bullets of step 4, each naming a file that spells the choices by hand.
    const step = recipe.slice(recipe.indexOf('4. Only when readers choose it'));
    const bullets = step
      .slice(0, step.indexOf('\n\n'))
      .split('\n')
      .filter((line) => /^\s+- /.test(line));
    const named = [...new Set(bullets.flatMap((line) => [...line.matchAll(/`((?:src|db)\/[^`]+\.(?:ts|tsx|astro))`/g)].map((m) => m[1])))].sort();
    const spelling = filesSpellingChoices().sort();
    expect(spelling.length).toBeGreaterThan(0);
    expect(named).toEqual(spelling);
  });
});
