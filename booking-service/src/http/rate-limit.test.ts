import { describe, expect, it } from 'vitest';
import { betterAuthRateLimitKey, rateLimitKey } from './rate-limit.ts';

const SECRET = 'test-secret-0123456789abcdef0123456789';

describe('rate-limit keys', () => {
  it('never hold the address, and are the same for the same address however typed', () => {
    const key = rateLimitKey(SECRET, 'contact:email', 'Ada@Example.com ');
    expect(key).toMatch(/^contact:email:[A-Za-z0-9_-]{43}$/);
    expect(key.toLowerCase()).not.toContain('ada');
    expect(key).toBe(rateLimitKey(SECRET, 'contact:email', 'ada@example.com'));
    expect(key).not.toBe(rateLimitKey(SECRET, 'contact:email', 'bo@example.com'));
    expect(key).not.toBe(rateLimitKey(SECRET, 'sign-in-failures', 'ada@example.com'));
  });

  it('depend on the auth secret, so a list of addresses cannot be matched without it', () => {
    expect(rateLimitKey(SECRET, 'contact:ip', '203.0.113.7')).not.toBe(
      rateLimitKey(`${SECRET}x`, 'contact:ip', '203.0.113.7'),
    );
  });

  it("keep better-auth's endpoint path and hash its client address", () => {
    const key = betterAuthRateLimitKey(SECRET, '2001:db8::/64|/sign-in/email');
    expect(key).toBe(rateLimitKey(SECRET, 'auth-client:/sign-in/email', '2001:db8::/64'));
    expect(key).not.toContain('2001');
  });
});
