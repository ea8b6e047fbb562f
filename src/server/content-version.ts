import { getDb } from './db';
import { getContentVersion } from './queries/site-state';

let pending: Promise<string> | undefined;

/**
 * The current content version, read from the database for every request but shared by
 * requests that arrive together: the read is scheduled for the next turn of the event loop
 * and every request that joins before it runs gets its result. Each read starts after all
 * of its requests arrived, so none of them can see a version older than one committed
 * before it came in; under load, one query serves a whole batch of requests.
 */
export function readContentVersion(): Promise<string> {
  pending ??= new Promise<string>((resolve, reject) => {
    setImmediate(() => {
      pending = undefined;
      getDb()
        .then((db) => getContentVersion(db))
        .then(resolve, reject);
    });
  });
  return pending;
}
