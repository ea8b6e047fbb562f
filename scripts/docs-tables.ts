// `npm run docs:tables`: writes the guides' tables of facts the code keeps in catalogs (the
// settings, the market series, the grid regions, the state metrics, the staff roles) from those catalogs, between
// marker comments in docs/*.md: `<!-- generated:NAME -->` … `<!-- /generated:NAME -->`.
// With `--check` (run by `npm run check`) it writes nothing and exits 1 naming each stale table
// and the command that rewrites it. Each file is put through prettier with the project's
// options before it is compared or written, so this check and `prettier --check .` agree.
// `--docs DIR` reads another docs folder (the unit test's copy).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { z } from 'zod';
import { GRID_REGIONS } from '../db/catalog/grid.ts';
import { MARKET_SERIES } from '../db/catalog/market-series.ts';
import { STATE_METRICS } from '../db/catalog/states.ts';
import { CAPABILITIES, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Capability } from '../src/lib/staff/permissions.ts';
import { envSchema } from '../src/server/config.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIX = 'npm run docs:tables';

interface GeneratedTable {
  /** The marker's name: `<!-- generated:NAME -->`. */
  name: string;
  /** The guide it is in, below docs/. */
  file: string;
  render: () => string;
}

export const TABLES: readonly GeneratedTable[] = [
  { name: 'settings', file: 'configuration.md', render: settingsTable },
  { name: 'market-series', file: 'market-data.md', render: marketSeriesTable },
  { name: 'grid-regions', file: 'market-data.md', render: gridRegionsTable },
  { name: 'state-metrics', file: 'market-data.md', render: stateMetricsTable },
  { name: 'roles', file: 'newsroom.md', render: rolesTable },
];

/** A Markdown table (prettier aligns it). */
function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|').replace(/\n/g, ' ')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const code = (text: string) => `\`${text}\``;
const NONE = '—';

/** What a setting is when unset: the schema's default, or the words its `defaultText` gives. */
function defaultOf(name: string, schema: z.ZodType): string {
  const meta = schema.meta();
  if (typeof meta?.defaultText === 'string') return meta.defaultText;
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    const value: unknown = schema.def.defaultValue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return code(String(value));
    throw new Error(`${name}: a default the guide cannot show (${JSON.stringify(value)}); give the schema .prefault() with the text a person types`);
  }
  return NONE;
}

function settingsTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, schema]: [string, z.ZodType]) => {
    const description = schema.meta()?.description;
    if (!description) throw new Error(`${name} in src/server/config.ts has no description: give it .meta({ description })`);
    return [code(name), defaultOf(name, schema), description];
  });
  return table(['variable', 'default', 'meaning'], rows);
}

function marketSeriesTable(): string {
  const rows = MARKET_SERIES.map((s) => [
    s.name,
    code(s.slug),
    s.unit,
    s.frequency,
    code(s.eia.route),
    code(s.eia.series),
    'ended' in s && s.ended ? s.ended.on : NONE,
  ]);
  return table(['series', 'slug', 'unit', 'frequency', 'EIA route', 'EIA series', 'ended'], rows);
}

function gridRegionsTable(): string {
  return table(
    ['code', 'region', 'time zone'],
    GRID_REGIONS.map((r) => [code(r.code), r.name, `${r.zoneName} (${code(r.timeZone)})`]),
  );
}

function stateMetricsTable(): string {
  return table(
    ['month field', 'metric', 'unit', 'parts', 'beside the US', 'EIA route', 'EIA data'],
    STATE_METRICS.map((m) => [
      code(m.key),
      m.name,
      m.unit,
      m.parts.map((p) => code(p.place)).join(', '),
      m.us === null ? NONE : code(m.us),
      code(m.eia.route),
      code(m.eia.data),
    ]),
  );
}

function rolesTable(): string {
  const roles = table(
    ['role', 'may'],
    ROLES.map((role) => [ROLE_LABELS[role], ROLE_DESCRIPTIONS[role]]),
  );
  const matrix = table(
    ['capability', ...ROLES.map((role) => ROLE_LABELS[role])],
    (Object.keys(CAPABILITIES) as Capability[]).map((capability) => [
      code(capability),
      ...ROLES.map((role) => ((CAPABILITIES[capability] as readonly string[]).includes(role) ? '✓' : '')),
    ]),
  );
  return `${roles}\n\nEach capability and the roles that have it:\n\n${matrix}`;
}

/** `text` with the table between `name`'s markers replaced; throws when the markers are missing. */
function replaceBlock(text: string, file: string, name: string, body: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`${file} has no ${open} … ${close} markers for the ${name} table`);
  return `${text.slice(0, start + open.length)}\n\n${body}\n\n${text.slice(end)}`;
}

/** The text between `name`'s markers, or undefined. */
function blockOf(text: string, name: string): string | undefined {
  const open = `<!-- generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(`<!-- /generated:${name} -->`);
  return start < 0 || end < start ? undefined : text.slice(start + open.length, end);
}

export interface DocsTablesResult {
  /** Each stale table as `file: name`, and each file that differs elsewhere (its formatting). */
  stale: string[];
}

/** Renders every table into the guides of `docsDir`; writes the files unless `check`. */
export async function updateDocsTables(docsDir: string, check: boolean): Promise<DocsTablesResult> {
  const stale: string[] = [];
  const files = [...new Set(TABLES.map((t) => t.file))];
  for (const file of files) {
    const path = join(docsDir, file);
    const before = readFileSync(path, 'utf8');
    let text = before;
    for (const t of TABLES.filter((t) => t.file === file)) text = replaceBlock(text, file, t.name, t.render());
    const options = (await prettier.resolveConfig(path)) ?? {};
    const after = await prettier.format(text, { ...options, filepath: path });
    if (after === before) continue;
    const tables = TABLES.filter((t) => t.file === file && blockOf(before, t.name) !== blockOf(after, t.name));
    stale.push(...(tables.length ? tables.map((t) => `${relative(ROOT, path)}: the ${t.name} table`) : [`${relative(ROOT, path)} (formatting)`]));
    if (!check) writeFileSync(path, after);
  }
  return { stale };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, docs: { type: 'string', default: join(ROOT, 'docs') } } });
  const { stale } = await updateDocsTables(resolve(values.docs), values.check);
  if (values.check && stale.length) {
    console.error(`Generated docs tables are stale (run \`${FIX}\` to rewrite them):\n${stale.map((s) => `  ${s}`).join('\n')}`);
    process.exitCode = 1;
  } else if (!values.check) {
    console.log(stale.length ? `Rewrote:\n${stale.map((s) => `  ${s}`).join('\n')}` : 'Every generated docs table is current.');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
