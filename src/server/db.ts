import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { loadConfig } from './config.ts';

let opening: Promise<Database> | undefined;

/** The process-wide database handle, opened on first use with the configured URL. */
export async function getDb(): Promise<Db> {
  opening ??= (() => {
    const config = loadConfig();
    return openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  })();
  return (await opening).db;
}
