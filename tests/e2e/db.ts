import { openDatabase, type Database } from '@db/client';

/** The browser tests' server database (see playwright.config.ts), for arranging data. */
export function openE2eDatabase(): Promise<Database> {
  return openDatabase({ url: 'file:./data/e2e/e2e.db' });
}

let counter = 0;
/** A client address of its own for a test, so rate limits never couple tests. */
export function uniqueClientAddress(): string {
  counter += 1;
  return `192.0.2.${counter}-${process.pid}-${Date.now()}`;
}
