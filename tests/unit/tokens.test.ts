import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { generateSessionToken, hashToken } from '../../server/auth/tokens';

// Sessions, API tokens, invitations and links are stored by hashToken's digest: it must stay the one Lucia's guide
// computes with @oslojs/crypto, or every stored session and link would stop matching after an upgrade.
describe('hashToken', () => {
  it('is the SHA-256 of the UTF-8 bytes as lowercase hex, as @oslojs/crypto computes it', () => {
    for (const token of [
      generateSessionToken(),
      generateSessionToken(),
      '',
      'cf_pat_abc',
      'ünïcödé ✓',
      'a'.repeat(1000),
    ])
      expect(hashToken(token)).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(token))));
  });
});
