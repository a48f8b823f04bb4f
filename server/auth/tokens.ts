import { hash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** 20 random bytes → 32 base32 characters (160 bits of entropy), as Lucia's guide recommends. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * Only the SHA-256 of a token is stored, so a leaked database holds no usable session. The digest of the token's UTF-8
 * bytes as lowercase hex, as Lucia's guide computes it with @oslojs/crypto; node:crypto's native hash gives the same
 * bytes (tests/unit/tokens.test.ts) at a fraction of the CPU, and every signed-in request pays it.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
