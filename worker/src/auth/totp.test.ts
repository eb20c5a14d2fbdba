import { describe, expect, it } from 'vitest';
import { base32Encode, matchingStep, otpauthUri, stepAt, totpCode } from './totp.ts';

// RFC 6238 Appendix B, SHA-1: the seed is the ASCII '12345678901234567890'; the 8-digit codes'
// last six digits are the 6-digit codes every authenticator app shows.
const SEED = base32Encode(new TextEncoder().encode('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('encodes the RFC seed as the base32 authenticator apps read', () => {
    expect(SEED).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it.each(VECTORS)('at %i s gives the RFC 6238 code', async (seconds, code) => {
    expect(await totpCode(SEED, stepAt(seconds * 1000))).toBe(code.slice(-6));
  });

  it('accepts one step of drift either way, not two', async () => {
    const now = 1111111111 * 1000;
    const step = stepAt(now);
    for (const delta of [-1, 0, 1]) {
      expect(await matchingStep(SEED, await totpCode(SEED, step + delta), now)).toBe(step + delta);
    }
    for (const delta of [-2, 2]) {
      const code = await totpCode(SEED, step + delta);
      // Unless that far code happens to equal one in the window (1 in 333,333).
      const window = await Promise.all([-1, 0, 1].map((d) => totpCode(SEED, step + d)));
      if (!window.includes(code)) expect(await matchingStep(SEED, code, now)).toBeNull();
    }
    expect(await matchingStep(SEED, '12345', now)).toBeNull();
  });

  it('writes the otpauth:// URI of the Key Uri Format', () => {
    const text = otpauthUri(SEED, 'admin@globalimperium.id', 'PT. Global Imperium');
    expect(text.startsWith('otpauth://totp/PT.%20Global%20Imperium%3Aadmin%40globalimperium.id?')).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: SEED,
      issuer: 'PT. Global Imperium',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
