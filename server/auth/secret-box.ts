/**
 * Secrets the agency gives us to keep (an identity provider's client secret) are stored encrypted: AES-256-GCM with
 * the installation's key, so a copied database alone does not hold them. The key is SECRET_KEY's SHA-256 (any long
 * random text), or, without it, 32 random bytes written once to `secret.key` beside the upload folder (the data
 * folder: ./data/secret.key by default). Several app instances on one database must share SECRET_KEY.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

const VERSION = 'v1';

/** The key file's place when SECRET_KEY is unset: the data folder (the upload folder's parent). */
const secretKeyFile = (env: Pick<Env, 'uploadDir'>) => path.join(path.dirname(env.uploadDir), 'secret.key');

const keys = new Map<string, Buffer>();

/** The installation's key: from SECRET_KEY, else read from (or, the first time, written to) the key file. */
export function secretKey(env: Pick<Env, 'SECRET_KEY' | 'uploadDir'>): Buffer {
  if (env.SECRET_KEY) return createHash('sha256').update(env.SECRET_KEY).digest();
  const file = secretKeyFile(env);
  const known = keys.get(file);
  if (known) return known;
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // 'wx': of two instances starting at once, one writes; the other reads what it wrote.
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  }
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64url)`);
  keys.set(file, key);
  return key;
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be opened (another key, or a changed value): never the stored text. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
