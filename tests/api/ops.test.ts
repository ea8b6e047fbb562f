// Operating the site: the database file checked at start, backups and restores, the
// administrator's password across restarts, and stored secrets after APP_SECRET changes.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client';
import { articles, users, zohoConfig } from '@db/schema';
import { verifyPassword } from '@/server/auth/password';
import { freePort, useTestServer } from '../helpers/test-server.ts';

const APP_SECRET = 'ops-test-app-secret-0123456789abcdef';
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'energy-ops-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const isRoot = process.getuid?.() === 0;
/** Files the permission checks use belong to another user (root's own would be writable to it anyway). */
const OTHER_USER = { uid: 65534, gid: 65534 };

/**
 * Root may write anything: the checks of permissions run as root without the capabilities
 * that let it pass over them (setpriv drops them from the bounding set), so the kernel holds
 * it to the files' modes like any user. Still root, it reads the checkout wherever it sits,
 * a private folder included.
 */
const withoutOverride = (command: string[]): string[] =>
  isRoot ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--', ...command] : command;

function run(script: string, args: string[], env: Record<string, string>, options: { permissionsApply?: boolean } = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const [command = process.execPath, ...rest] = (options.permissionsApply ? withoutOverride : (c: string[]) => c)([
      process.execPath,
      '--import',
      './scripts/aliases.mjs',
      script,
      ...args,
    ]);
    const child = spawn(command, rest, {
      env: { ...process.env, HOST: '127.0.0.1', WEB_CONCURRENCY: '1', APP_SECRET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Starts the server on a database and answers what it printed when it refused to. */
async function refusedStart(databasePath: string, options: { permissionsApply?: boolean } = {}) {
  const result = await run('scripts/serve.ts', [], { PORT: String(await freePort()), DATABASE_URL: `file:${databasePath}` }, options);
  expect(result.code).toBe(1);
  expect(result.output.trim().split('\n')).toHaveLength(1);
  return result.output.trim();
}

/**
 * Each test here runs whole processes (a migration and seed, a backup, a restore) one after
 * another; on a busy machine one takes many seconds. The limit guards against a hang, it is
 * no speed budget, so it is set for the work the tests do rather than the suite's default.
 */
const PROCESS_TESTS = { timeout: 240_000 };

const prepare = (path: string, env: Record<string, string> = {}) => run('scripts/prepare-db.ts', [], { DATABASE_URL: `file:${path}`, ...env });

describe('the database file at start', PROCESS_TESTS, () => {
  it('refuses a file that is not an SQLite database, in one line naming DATABASE_URL', async () => {
    const path = join(tempDir(), 'random.db');
    writeFileSync(path, randomBytes(8192));
    const line = await refusedStart(path);
    expect(line).toBe(
      `DATABASE_URL (file:${path}): ${path} is not an SQLite database; restore a backup (npm run db:restore) or point DATABASE_URL elsewhere.`,
    );
  });

  it('refuses a path that runs through a file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'plain'), 'not a folder');
    const line = await refusedStart(join(dir, 'plain', 'sub', 'x.db'));
    expect(line).toContain(`${join(dir, 'plain')} is a file, not a folder`);
  });

  it('refuses a damaged database and points at a restore', async () => {
    const path = join(tempDir(), 'damaged.db');
    expect((await prepare(path)).code).toBe(0);
    const database = await openDatabase({ url: `file:${path}` });
    const pageSize = Number((await database.client.execute('PRAGMA page_size')).rows[0]?.[0]);
    const root = Number((await database.client.execute("SELECT rootpage FROM sqlite_master WHERE name = 'articles'")).rows[0]?.[0]);
    await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    database.close();
    // Overwrite the articles table's root page (pages count from 1) with noise.
    const fd = openSync(path, 'r+');
    writeSync(fd, randomBytes(pageSize), 0, pageSize, (root - 1) * pageSize);
    closeSync(fd);
    const line = await refusedStart(path);
    expect(line).toMatch(new RegExp(`^DATABASE_URL \\(file:${path}\\): ${path} is damaged \\(.+\\); restore a backup with npm run db:restore\\.$`));
  });

  it.runIf(process.platform === 'linux')('refuses a read-only database file and a folder it cannot write', async () => {
    const dir = tempDir();
    const path = join(dir, 'readonly.db');
    expect((await prepare(path)).code).toBe(0);
    if (isRoot) for (const owned of [dir, path]) chownSync(owned, OTHER_USER.uid, OTHER_USER.gid);
    chmodSync(path, 0o444);
    expect(await refusedStart(path, { permissionsApply: true })).toContain(`${path} (or its folder) is read-only`);

    const locked = join(tempDir(), 'locked');
    mkdirSync(locked, { mode: 0o555 });
    if (isRoot) chownSync(locked, OTHER_USER.uid, OTHER_USER.gid);
    expect(await refusedStart(join(locked, 'new.db'), { permissionsApply: true })).toContain(`the folder ${locked} is not writable`);
  });
});

describe('backups', PROCESS_TESTS, () => {
  const server = useTestServer({ APP_SECRET });
  let backupDir: string;

  beforeAll(() => {
    backupDir = tempDir();
  });

  const articleCount = async (url: string) => {
    const database = await openDatabase({ url });
    try {
      return (await database.db.select({ n: count() }).from(articles))[0]?.n ?? -1;
    } finally {
      database.close();
    }
  };

  it('backs up the live database while it serves, and restores it over a changed one', async () => {
    const backup = join(backupDir, 'live.db');
    const before = await articleCount(server.databaseUrl);
    const backedUp = await run('scripts/db-backup.ts', [backup], { DATABASE_URL: server.databaseUrl });
    expect(backedUp).toMatchObject({ code: 0 });
    expect(backedUp.output).toContain('integrity checked');
    expect((await fetch(`${server.url}/api/categories`)).status).toBe(200);
    expect(await articleCount(`file:${backup}`)).toBe(before);
    // Never over an existing file.
    expect((await run('scripts/db-backup.ts', [backup], { DATABASE_URL: server.databaseUrl })).output).toContain('exists already');

    // Another site's database, changed since: the restore puts the backup's content back
    // and leaves no write-ahead log of the old one behind.
    const target = join(tempDir(), 'site.db');
    expect((await prepare(target)).code).toBe(0);
    const database = await openDatabase({ url: `file:${target}` });
    await database.db.delete(articles);
    database.close();
    expect(await articleCount(`file:${target}`)).toBe(0);
    const restored = await run('scripts/db-restore.ts', [backup], { DATABASE_URL: `file:${target}`, PORT: String(await freePort()) });
    expect(restored).toMatchObject({ code: 0 });
    expect(existsSync(`${target}-wal`)).toBe(false);
    expect(await articleCount(`file:${target}`)).toBe(before);
    expect((await prepare(target)).code).toBe(0);
  });

  it('refuses to restore while the site answers on its port, or from a file that is not a sound backup', async () => {
    const backup = join(backupDir, 'for-refusal.db');
    expect((await run('scripts/db-backup.ts', [backup], { DATABASE_URL: server.databaseUrl })).code).toBe(0);
    const running = await run('scripts/db-restore.ts', [backup], { DATABASE_URL: server.databaseUrl, PORT: new URL(server.url).port });
    expect(running.code).toBe(1);
    expect(running.output).toContain('is running on port');

    const target = join(tempDir(), 'kept.db');
    expect((await prepare(target)).code).toBe(0);
    const original = readFileSync(target);
    const junk = join(backupDir, 'junk.db');
    writeFileSync(junk, randomBytes(4096));
    const refused = await run('scripts/db-restore.ts', [junk], { DATABASE_URL: `file:${target}`, PORT: String(await freePort()) });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${junk} is not a readable SQLite database`);
    expect(readFileSync(target).equals(original)).toBe(true);
  });
});

describe('the administrator across restarts', PROCESS_TESTS, () => {
  const hashOf = async (path: string) => {
    const database = await openDatabase({ url: `file:${path}` });
    try {
      return (await database.db.select().from(users))[0]!;
    } finally {
      database.close();
    }
  };

  it('keeps a password set with admin:password while ADMIN_PASSWORD is unchanged, and applies a new ADMIN_PASSWORD', async () => {
    const path = join(tempDir(), 'admin.db');
    expect((await prepare(path, { ADMIN_PASSWORD: 'first-password-from-env' })).code).toBe(0);
    const changed = await run('scripts/admin-password.ts', [], { DATABASE_URL: `file:${path}`, NEW_ADMIN_PASSWORD: 'set-by-the-script-later' });
    expect(changed).toMatchObject({ code: 0 });
    expect((await prepare(path, { ADMIN_PASSWORD: 'first-password-from-env' })).code).toBe(0);
    expect(await verifyPassword((await hashOf(path)).passwordHash, 'set-by-the-script-later')).toBe(true);

    expect((await prepare(path, { ADMIN_PASSWORD: 'second-password-from-env' })).code).toBe(0);
    expect(await verifyPassword((await hashOf(path)).passwordHash, 'second-password-from-env')).toBe(true);
  });

  it('turns two-factor sign-in off with --reset-two-factor, and refuses an unknown option', async () => {
    const path = join(tempDir(), 'reset.db');
    expect((await prepare(path)).code).toBe(0);
    const database = await openDatabase({ url: `file:${path}` });
    await database.db.update(users).set({ totpKey: 'v1.a.b.c', totpLastStep: 5 });
    database.close();
    const env = { DATABASE_URL: `file:${path}`, NEW_ADMIN_PASSWORD: 'a-brand-new-password' };
    expect((await run('scripts/admin-password.ts', ['--reset-2fa'], env)).code).toBe(1);
    expect((await hashOf(path)).totpKey).toBe('v1.a.b.c');
    const reset = await run('scripts/admin-password.ts', ['--reset-two-factor'], env);
    expect(reset).toMatchObject({ code: 0 });
    expect(reset.output).toContain('two-factor sign-in turned off');
    expect(await hashOf(path)).toMatchObject({ totpKey: null, totpLastStep: null });
  });

  it('names the stored secrets APP_SECRET cannot open, at start', async () => {
    const path = join(tempDir(), 'secrets.db');
    expect((await prepare(path)).code).toBe(0);
    const database = await openDatabase({ url: `file:${path}` });
    // Sealed under another key: a well-formed value whose tag does not match.
    const foreign = `v1.${randomBytes(12).toString('base64url')}.${randomBytes(16).toString('base64url')}.${randomBytes(20).toString('base64url')}`;
    await database.db.update(users).set({ totpKey: foreign });
    await database.db
      .insert(zohoConfig)
      .values({ id: 1, workspaceId: 'workspace', clientId: 'client', clientSecretSealed: foreign, updatedAt: new Date() });
    database.close();
    const started = await prepare(path);
    expect(started.code).toBe(0);
    expect(started.output).toContain("APP_SECRET cannot open the Zoho client secret, the administrator's two-factor key");
    expect(started.output).toContain('npm run admin:password -- --reset-two-factor');
  });
});
