import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's argon2id minimum: 19 MiB of memory, 2 passes, 1 lane. (argon2id is the library's
 * default algorithm; its const enum cannot be imported under verbatimModuleSyntax, and a test
 * asserts the stored hashes are `$argon2id$`.)
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash no password matches, verified against unknown user names so both take equal time. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}
