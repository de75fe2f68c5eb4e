import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { quickPasswordHashing } from './quick-password-hashing.ts';

describe('quick password hashing (test accounts only)', () => {
  it('accepts the password it hashed and refuses any other, with a fresh salt each time', async () => {
    const first = await quickPasswordHashing.hash('correct-horse-battery');
    const second = await quickPasswordHashing.hash('correct-horse-battery');
    expect(first).toMatch(/^quick:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(
      await quickPasswordHashing.verify({ hash: first, password: 'correct-horse-battery' }),
    ).toBe(true);
    expect(
      await quickPasswordHashing.verify({ hash: first, password: 'correct-horse-batterz' }),
    ).toBe(false);
  });

  it('never accepts a real (better-auth) hash or a damaged one', async () => {
    const real = await hashPassword('correct-horse-battery');
    expect(
      await quickPasswordHashing.verify({ hash: real, password: 'correct-horse-battery' }),
    ).toBe(false);
    expect(await quickPasswordHashing.verify({ hash: 'quick:abc', password: 'x' })).toBe(false);
  });
});
