// The route table of permissions names exactly the staff calls the route files answer: a
// staff route without an entry would be refused to everyone (and is caught here), an entry
// without a route is a mistake in the table.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sessionNeed } from '@/server/auth/guard';
import { ROUTE_CAPABILITIES } from '@/server/auth/route-permissions';

const pagesDir = fileURLToPath(new URL('../../src/pages', import.meta.url));

/** `METHOD /pattern` of every method a route file under src/pages/api exports, and the panel's page. */
function staffCalls(): string[] {
  const apiDir = join(pagesDir, 'api');
  const files = (readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.includes('[...'));
  const calls = files.flatMap((file) => {
    const pattern = `/api/${file
      .replace(/\\/g, '/')
      .replace(/\.ts$/, '')
      .replace(/\/index$/, '')}`;
    const source = readFileSync(join(apiDir, file), 'utf8');
    const methods = (/export const \{([^}]*)\}/.exec(source)?.[1] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m && m !== 'ALL');
    return methods.filter((method) => sessionNeed(pattern, method) === 'required').map((method) => `${method} ${pattern}`);
  });
  return [...calls, 'GET /admin'];
}

describe('the route table of permissions', () => {
  it('gives every staff call a capability, and names no call that does not exist', () => {
    const calls = staffCalls().sort();
    expect(calls.length).toBeGreaterThan(70);
    expect(Object.keys(ROUTE_CAPABILITIES).sort()).toEqual(calls);
  });
});
