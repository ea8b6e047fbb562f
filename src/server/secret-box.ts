import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '@/server/config';

/** Where the generated secret lives when APP_SECRET is not set. */
export const APP_SECRET_FILE = 'data/app-secret';

let key: Buffer | undefined;

/**
 * The key for secrets stored in the database: HKDF-SHA256 of APP_SECRET, or of a secret
 * generated once into data/app-secret (mode 600). Several machines sharing one database
 * must share APP_SECRET.
 */
function getKey(): Buffer {
  if (key) return key;
  let secret = loadConfig().appSecret;
  if (!secret) {
    if (!existsSync(APP_SECRET_FILE)) {
      mkdirSync(dirname(APP_SECRET_FILE), { recursive: true });
      try {
        writeFileSync(APP_SECRET_FILE, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        // Another process created it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    chmodSync(APP_SECRET_FILE, 0o600);
    secret = readFileSync(APP_SECRET_FILE, 'utf8').trim();
  }
  key = Buffer.from(hkdfSync('sha256', secret, 'energy-site', 'stored-secrets-v1', 32));
  return key;
}

/** A keyed fingerprint of a value (HMAC-SHA256 with the app key): tells whether a value changed without storing it. */
export function fingerprint(purpose: string, value: string): string {
  return createHmac('sha256', getKey()).update(`${purpose}\u0000${value}`).digest('base64url');
}

/** Whether a sealed value opens with the current key. */
export function canOpenSecret(sealed: string): boolean {
  try {
    openSecret(sealed);
    return true;
  } catch {
    return false;
  }
}

/** Encrypts with AES-256-GCM: "v1.iv.tag.ciphertext", base64url parts. */
export function sealSecret(plaintext: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', getKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what sealSecret produced; throws if it was altered or sealed with another key. */
export function openSecret(sealed: string): Buffer {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable stored secret.');
  const decipher = createDecipheriv('aes-256-gcm', getKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
}
