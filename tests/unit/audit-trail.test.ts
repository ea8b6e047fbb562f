import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client';
import { auditLog } from '@db/schema';
import { useDatabaseFile } from '../helpers/database.ts';

// The audit trail refuses to be edited on every SQLite that may open the file: the site's own
// (libSQL, recent) and the system's `sqlite3` command, which an operator may use on the file
// and which may be older (Debian 12 ships 3.40, which has no unixepoch('subsec')).

const SQLITE3 = ['/usr/bin/sqlite3', '/usr/local/bin/sqlite3'].find((path) => existsSync(path));
const url = useDatabaseFile('audit-trail');
const file = url.replace(/^file:/, '');

describe('the audit trail in the database', () => {
  it.skipIf(!SQLITE3)('refuses a delete of a recent entry and any update through the system sqlite3 command, whatever its version', async () => {
    const database = await openDatabase({ url });
    await database.db.insert(auditLog).values({ at: new Date(), actorName: 'someone', action: 'sign_in' });
    database.close();
    const version = execFileSync(SQLITE3!, ['--version'], { encoding: 'utf8' });
    const run = (sql: string) => spawnSync(SQLITE3!, [file, sql], { encoding: 'utf8' });
    const deleted = run('DELETE FROM audit_log');
    expect([version.split(' ')[0], deleted.status === 0, deleted.stderr]).toEqual([
      version.split(' ')[0],
      false,
      expect.stringMatching(/kept at least 400 days/),
    ]);
    expect(run("UPDATE audit_log SET actor_name = 'someone else'").stderr).toMatch(/append-only/);
    const old = run(
      `INSERT INTO audit_log (at, actor_name, action) VALUES (${Date.now() - 401 * 86_400_000}, 'long ago', 'sign_in'); DELETE FROM audit_log WHERE actor_name = 'long ago'`,
    );
    expect(old.status).toBe(0);
    expect(run('SELECT count(*) FROM audit_log').stdout.trim()).toBe('1');
  });

  it('refuses the same through the site’s own driver', async () => {
    const database = await openDatabase({ url });
    await database.db.insert(auditLog).values({ at: new Date(), actorName: 'someone', action: 'sign_in' });
    await expect(database.client.execute('DELETE FROM audit_log')).rejects.toThrow(/kept at least 400 days/);
    database.close();
  });
});
