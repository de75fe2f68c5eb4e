import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_AUTH_SECRET, loadConfig } from './env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://tuition.example.co.uk',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/tuition',
  BETTER_AUTH_SECRET: 'a'.repeat(40),
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  RESEND_API_KEY: 're_x',
  MAIL_FROM: 'Tuition <bookings@tuition.example.co.uk>',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected loadConfig to refuse this environment');
}

describe('loadConfig', () => {
  it('starts with zero set-up on local adapters', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4321);
    expect(config.publicUrl).toBe('http://localhost:4321');
    expect(config.database.url).toBeUndefined();
    expect(config.database.pgliteDataDir).toMatch(/booking-service[/\\].data[/\\]pglite$/);
    expect(config.auth.secret).toBe(DEV_AUTH_SECRET);
    expect(config.stripe).toBeUndefined();
    expect(config.resend).toBeUndefined();
    expect(config.demoSeed).toBe(true);
    expect(config.siteDist).toMatch(/site[/\\]dist$/);
  });

  it('derives the default public URL from PORT and keeps only the origin of PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://example.co.uk/' }).publicUrl).toBe(
      'https://example.co.uk',
    );
    expect(loadConfig({ SITE_URL: 'https://site.example' }).publicUrl).toBe('https://site.example');
  });

  it.each(['abc', '0', '70000', '12.5'])('refuses PORT=%s naming the variable', (port) => {
    const problems = problemsOf({ PORT: port });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: /);
  });

  it('refuses a DATABASE_URL that is not a postgres URL', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL: .*postgres/);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'x',
      TEST_CLOCK: 'yesterday',
      ADMIN_EMAILS: 'not-an-email',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ADMIN_EMAILS',
      'PORT',
      'TEST_CLOCK',
    ]);
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.isProduction).toBe(true);
    expect(config.auth.secret).toBe(PRODUCTION.BETTER_AUTH_SECRET);
    expect(config.stripe).toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
    expect(config.demoSeed).toBe(false);
  });

  it('refuses production without BETTER_AUTH_SECRET', () => {
    const problems = problemsOf({ ...PRODUCTION, BETTER_AUTH_SECRET: undefined });
    expect(problems).toEqual([expect.stringMatching(/^BETTER_AUTH_SECRET: is required/)]);
  });

  it('refuses a short BETTER_AUTH_SECRET anywhere', () => {
    expect(problemsOf({ BETTER_AUTH_SECRET: 'short' })[0]).toMatch(/^BETTER_AUTH_SECRET: .*32/);
  });

  it('refuses TEST_CLOCK in production but honours it elsewhere', () => {
    expect(problemsOf({ ...PRODUCTION, TEST_CLOCK: '2026-11-03T09:00:00Z' })).toEqual([
      expect.stringMatching(/^TEST_CLOCK: is refused when NODE_ENV=production/),
    ]);
    expect(loadConfig({ TEST_CLOCK: '2026-11-03T09:00:00Z' }).testClock).toEqual(
      new Date('2026-11-03T09:00:00Z'),
    );
  });

  it.each([
    ['DATABASE_URL', 'PGlite'],
    ['STRIPE_SECRET_KEY', 'local checkout'],
    ['RESEND_API_KEY', 'local mailbox'],
    ['MAIL_FROM', 'sender'],
    ['PUBLIC_URL', 'origin'],
  ])('refuses the local adapter in production when %s is missing', (variable, reason) => {
    const env: Record<string, string | undefined> = { ...PRODUCTION, [variable]: undefined };
    if (variable === 'STRIPE_SECRET_KEY') env.STRIPE_WEBHOOK_SECRET = undefined;
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${variable}: is required when NODE_ENV=production`));
    expect(problems[0]).toContain(reason);
  });

  it('refuses PGlite forced by DATABASE_DRIVER in production', () => {
    expect(problemsOf({ ...PRODUCTION, DATABASE_DRIVER: 'pglite' })[0]).toMatch(/^DATABASE_URL: /);
  });

  it('migrates over DATABASE_URL unless DATABASE_URL_DIRECT names an unpooled connection', () => {
    expect(loadConfig({}).database.directUrl).toBeUndefined();
    expect(loadConfig(PRODUCTION).database.directUrl).toBe(PRODUCTION.DATABASE_URL);
    const direct = 'postgres://app:secret@db-direct.internal:5432/tuition';
    const config = loadConfig({ ...PRODUCTION, DATABASE_URL_DIRECT: direct });
    expect(config.database).toMatchObject({ url: PRODUCTION.DATABASE_URL, directUrl: direct });
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL_DIRECT: ' ' }).database.directUrl).toBe(
      PRODUCTION.DATABASE_URL,
    );
  });

  it('refuses a DATABASE_URL_DIRECT that is not a postgres URL, or one without DATABASE_URL', () => {
    expect(problemsOf({ ...PRODUCTION, DATABASE_URL_DIRECT: 'mysql://x' })).toEqual([
      expect.stringMatching(/^DATABASE_URL_DIRECT: .*postgres/),
    ]);
    expect(problemsOf({ DATABASE_URL_DIRECT: 'postgres://localhost/tuition' })).toEqual([
      expect.stringMatching(/^DATABASE_URL: is required when DATABASE_URL_DIRECT is set/),
    ]);
  });

  it('needs the webhook secret together with the Stripe key', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })[0]).toMatch(/^STRIPE_WEBHOOK_SECRET: /);
  });

  it('normalises ADMIN_EMAILS and passes SANITY_* through to the content loader', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Owner@Example.com, admin@example.com ,',
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'production',
    });
    expect(config.auth.adminEmails).toEqual(['owner@example.com', 'admin@example.com']);
    expect(config.contentEnv).toEqual({
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'production',
    });
  });

  it('trusts only PUBLIC_URL by default, and adds TRUSTED_ORIGINS as origins', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tuition.example.co.uk' }).trustedOrigins).toEqual([
      'https://tuition.example.co.uk',
    ]);
    const config = loadConfig({
      PUBLIC_URL: 'https://tuition.example.co.uk',
      TRUSTED_ORIGINS:
        ' https://www.tuition.example.co.uk/ , http://localhost:4322,,https://tuition.example.co.uk',
    });
    expect(config.publicUrl).toBe('https://tuition.example.co.uk');
    expect(config.trustedOrigins).toEqual([
      'https://tuition.example.co.uk',
      'https://www.tuition.example.co.uk',
      'http://localhost:4322',
    ]);
    expect(loadConfig({ TRUSTED_ORIGINS: '' }).trustedOrigins).toEqual(['http://localhost:4321']);
  });

  it.each([
    'www.tuition.example.co.uk',
    'ftp://files.example.co.uk',
    'https://*.example.co.uk',
    'https://ok.example.co.uk, not a url',
  ])('refuses TRUSTED_ORIGINS=%s naming the variable and the entry', (value) => {
    const problems = problemsOf({ ...PRODUCTION, TRUSTED_ORIGINS: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUSTED_ORIGINS: "/);
    const bad = value.split(',').at(-1)!.trim();
    expect(problems[0]).toContain(`"${bad}"`);
  });

  it('trusts no proxy by default: the socket peer is the client', () => {
    expect(loadConfig({}).trustedProxies).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUSTED_PROXIES: ' none ' }).trustedProxies).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUSTED_PROXIES: '0' }).trustedProxies).toEqual({ kind: 'none' });
  });

  it('reads TRUSTED_PROXIES as a hop count or as proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '1' }).trustedProxies).toEqual({ kind: 'hops', hops: 1 });
    expect(
      loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7,fd00::/8, ::1' }).trustedProxies,
    ).toEqual({ kind: 'ranges', ranges: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8', '::1'] });
  });

  it.each([
    ['proxy.internal', 'proxy.internal'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['10.0.0.1, 300.1.1.1', '300.1.1.1'],
    ['fd00::/129', 'fd00::/129'],
    ['10.0.0.0/8/2', '10.0.0.0/8/2'],
  ])('refuses TRUSTED_PROXIES=%s naming the variable and the entry', (value, bad) => {
    const problems = problemsOf({ ...PRODUCTION, TRUSTED_PROXIES: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUSTED_PROXIES: "/);
    expect(problems[0]).toContain(`"${bad}"`);
  });

  it('refuses an implausible hop count', () => {
    expect(problemsOf({ TRUSTED_PROXIES: '99' })[0]).toMatch(/^TRUSTED_PROXIES: .*at most 10/);
  });

  it('reads DEMO_SEED as a flag and refuses other words', () => {
    expect(loadConfig({ DEMO_SEED: 'false' }).demoSeed).toBe(false);
    expect(problemsOf({ DEMO_SEED: 'maybe' })[0]).toMatch(/^DEMO_SEED: /);
  });
});
