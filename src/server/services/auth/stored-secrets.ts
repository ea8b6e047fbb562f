import type { Executor } from '@/server/db';
import { getAdministrator } from '@/server/queries/users';
import { getZohoRow } from '@/server/queries/zoho-config';
import { canOpenSecret } from '@/server/secret-box';

/**
 * The stored secrets the current APP_SECRET cannot open (they were sealed with another
 * key): named for the operator. Empty when all is well.
 */
export async function findUnreadableSecrets(tx?: Executor): Promise<string[]> {
  const [zoho, admin] = await Promise.all([getZohoRow(tx), getAdministrator(tx)]);
  const sealed: [string, string | null | undefined][] = [
    ['the Zoho client secret', zoho?.clientSecretSealed],
    ['the Zoho refresh token', zoho?.refreshTokenSealed],
    ["the administrator's two-factor key", admin?.totpKey],
  ];
  return sealed.flatMap(([name, value]) => (value && !canOpenSecret(value) ? [name] : []));
}

/** What to tell the operator about unreadable secrets, in one line. */
export function unreadableSecretsMessage(names: string[]): string {
  return (
    `APP_SECRET cannot open ${names.join(', ')}: they were saved with another key. Set APP_SECRET back to that key (or restore data/app-secret). ` +
    'Otherwise enter the Zoho credentials again in the admin panel, and reset two-factor sign-in with npm run admin:password -- --reset-two-factor.'
  );
}
