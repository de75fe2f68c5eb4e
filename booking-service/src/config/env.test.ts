import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_AUTH_SECRET, DEV_LIVEKIT_API_KEY, loadConfig } from './env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://tuition.example.co.uk',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/tuition',
  BETTER_AUTH_SECRET: 'a'.repeat(40),
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  RESEND_API_KEY: 're_x',
  MAIL_FROM: 'Tuition <bookings@tuition.example.co.uk>',
  MEETING_PROVIDER: 'livekit',
  LIVEKIT_URL: 'wss://tuition.livekit.cloud',
  LIVEKIT_API_KEY: 'APIlive',
  LIVEKIT_API_SECRET: 'livekit-secret-0123456789abcdef0123456789',
  RECORDINGS_S3_BUCKET: 'tuition-recordings',
  RECORDINGS_S3_REGION: 'eu-west-2',
  RECORDINGS_S3_ACCESS_KEY_ID: 'AKIALIVE',
  RECORDINGS_S3_SECRET_ACCESS_KEY: 's3-secret',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_MESSAGING_SERVICE_SID: `MG${'0'.repeat(32)}`,
};

/** The S3 variables that go together. */
const S3_SET = [
  'RECORDINGS_S3_BUCKET',
  'RECORDINGS_S3_REGION',
  'RECORDINGS_S3_ACCESS_KEY_ID',
  'RECORDINGS_S3_SECRET_ACCESS_KEY',
];

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
    expect(config.rooms).toMatchObject({
      provider: 'local',
      livekit: undefined,
      s3: undefined,
      twinKey: { apiKey: DEV_LIVEKIT_API_KEY },
    });
    expect(config.rooms.twinKey.apiSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.rooms.recordingsDir).toMatch(/booking-service[/\\].data[/\\]recordings$/);
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
    expect(config.rooms).toMatchObject({
      provider: 'livekit',
      livekit: {
        url: 'wss://tuition.livekit.cloud',
        apiKey: 'APIlive',
        apiSecret: PRODUCTION.LIVEKIT_API_SECRET,
      },
      s3: {
        endpoint: undefined,
        bucket: 'tuition-recordings',
        region: 'eu-west-2',
        accessKeyId: 'AKIALIVE',
        secretAccessKey: 's3-secret',
      },
    });
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

  it('hashes passwords as better-auth does except in tests, and refuses quick hashing in production', () => {
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(loadConfig(PRODUCTION).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashing).toBe('quick');
    expect(loadConfig({ PASSWORD_HASHING: 'quick' }).passwordHashing).toBe('quick');
    expect(problemsOf({ ...PRODUCTION, PASSWORD_HASHING: 'quick' })).toEqual([
      expect.stringMatching(/^PASSWORD_HASHING: "quick" is refused when NODE_ENV=production/),
    ]);
    expect(problemsOf({ PASSWORD_HASHING: 'fast' })).toEqual([
      'PASSWORD_HASHING: must be "standard" or "quick"',
    ]);
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

  it('refuses the local room twin in production, whether chosen or left as the default', () => {
    expect(problemsOf({ ...PRODUCTION, MEETING_PROVIDER: undefined })).toEqual([
      expect.stringMatching(/^MEETING_PROVIDER: is required when NODE_ENV=production.*livekit/),
    ]);
    expect(problemsOf({ ...PRODUCTION, MEETING_PROVIDER: 'local' })).toEqual([
      expect.stringMatching(/^MEETING_PROVIDER: local is refused when NODE_ENV=production/),
    ]);
  });

  it('refuses local recording files in production unless the meeting links are used', () => {
    const withoutS3 = Object.fromEntries(
      Object.entries(PRODUCTION).filter(([name]) => !name.startsWith('RECORDINGS_S3_')),
    );
    expect(problemsOf(withoutS3)).toEqual([
      expect.stringMatching(/^RECORDINGS_S3_BUCKET: is required when NODE_ENV=production/),
    ]);
    const links = loadConfig({ ...withoutS3, MEETING_PROVIDER: 'link', LIVEKIT_URL: undefined });
    expect(links.rooms).toMatchObject({ provider: 'link', livekit: undefined, s3: undefined });
  });

  it('needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET for LiveKit, naming each', () => {
    expect(problemsOf({ MEETING_PROVIDER: 'livekit' }).sort()).toEqual([
      'LIVEKIT_API_KEY: is required when MEETING_PROVIDER=livekit',
      'LIVEKIT_API_SECRET: is required when MEETING_PROVIDER=livekit',
      'LIVEKIT_URL: is required when MEETING_PROVIDER=livekit',
    ]);
    expect(problemsOf({ MEETING_PROVIDER: 'zoom' })[0]).toMatch(/^MEETING_PROVIDER: .*local/);
    expect(problemsOf({ LIVEKIT_URL: 'ftp://x' })[0]).toMatch(/^LIVEKIT_URL: .*wss:\/\//);
    expect(problemsOf({ ...PRODUCTION, LIVEKIT_URL: 'ws://livekit.internal:7880' })).toEqual([
      expect.stringMatching(/^LIVEKIT_URL: must be a wss:\/\/ or https:\/\/ URL when NODE_ENV/),
    ]);
    // Outside production a plain ws:// server (livekit-server --dev) is fine.
    const dev = loadConfig({
      MEETING_PROVIDER: 'livekit',
      LIVEKIT_URL: 'ws://localhost:7880',
      LIVEKIT_API_KEY: 'devkey',
      LIVEKIT_API_SECRET: 'secret',
    });
    expect(dev.rooms.livekit).toEqual({
      url: 'ws://localhost:7880',
      apiKey: 'devkey',
      apiSecret: 'secret',
    });
  });

  it('signs the twin’s tokens with LIVEKIT_API_KEY/SECRET when both are set', () => {
    const config = loadConfig({ LIVEKIT_API_KEY: 'mykey', LIVEKIT_API_SECRET: 'x'.repeat(32) });
    expect(config.rooms.provider).toBe('local');
    expect(config.rooms.twinKey).toEqual({ apiKey: 'mykey', apiSecret: 'x'.repeat(32) });
    expect(config.rooms.livekit).toBeUndefined();
    expect(problemsOf({ LIVEKIT_API_KEY: 'mykey' })).toEqual([
      expect.stringMatching(/^LIVEKIT_API_SECRET: is required when LIVEKIT_API_KEY is set/),
    ]);
    expect(problemsOf({ LIVEKIT_API_SECRET: 'x'.repeat(32) })).toEqual([
      expect.stringMatching(/^LIVEKIT_API_KEY: is required when LIVEKIT_API_SECRET is set/),
    ]);
  });

  it('takes the recording bucket, region and keys all together, naming what is missing', () => {
    expect(problemsOf({ RECORDINGS_S3_BUCKET: 'b' }).map((p) => p.split(':')[0])).toEqual(
      S3_SET.filter((v) => v !== 'RECORDINGS_S3_BUCKET'),
    );
    expect(problemsOf({ RECORDINGS_S3_ENDPOINT: 'http://minio:9000' }).length).toBe(4);
    expect(problemsOf({ RECORDINGS_S3_ENDPOINT: 'minio' })[0]).toMatch(/^RECORDINGS_S3_ENDPOINT: /);
    const s3 = Object.fromEntries(S3_SET.map((v) => [v, `${v.toLowerCase()}-value`]));
    const config = loadConfig({ ...s3, RECORDINGS_S3_ENDPOINT: 'http://minio:9000' });
    expect(config.rooms.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'recordings_s3_bucket-value',
      region: 'recordings_s3_region-value',
      accessKeyId: 'recordings_s3_access_key_id-value',
      secretAccessKey: 'recordings_s3_secret_access_key-value',
    });
  });

  it('keeps local recordings under RECORDINGS_DIR, resolved', () => {
    expect(loadConfig({ RECORDINGS_DIR: 'some/dir' }).rooms.recordingsDir).toBe(
      path.resolve('some/dir'),
    );
  });

  it('reads DEMO_SEED as a flag and refuses other words', () => {
    expect(loadConfig({ DEMO_SEED: 'false' }).demoSeed).toBe(false);
    expect(problemsOf({ DEMO_SEED: 'maybe' })[0]).toMatch(/^DEMO_SEED: /);
  });
});

describe('text messages (docs/decisions/103)', () => {
  it('defaults to the local twin outside production and a 500-a-day limit', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.sms).toMatchObject({ provider: 'local', dailyLimit: 500, twilio: undefined });
  });

  it('refuses the local twin in production, and Twilio without its account or sender', () => {
    expect(problemsOf({ ...PRODUCTION, SMS_PROVIDER: 'local' })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: local is refused when NODE_ENV=production/),
    ]);
    expect(problemsOf({ ...PRODUCTION, SMS_PROVIDER: undefined })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: is required when NODE_ENV=production/),
    ]);
    expect(
      problemsOf({
        ...PRODUCTION,
        TWILIO_AUTH_TOKEN: undefined,
        TWILIO_MESSAGING_SERVICE_SID: undefined,
      }),
    ).toEqual([
      expect.stringMatching(/^TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER=twilio/),
      expect.stringMatching(/^TWILIO_MESSAGING_SERVICE_SID: is required when SMS_PROVIDER=twilio/),
    ]);
    expect(problemsOf({ NODE_ENV: 'development', SMS_DAILY_LIMIT: 'lots' })[0]).toMatch(
      /^SMS_DAILY_LIMIT: must be a whole number/,
    );
    expect(loadConfig(PRODUCTION).sms.twilio).toMatchObject({
      messagingServiceSid: `MG${'0'.repeat(32)}`,
    });
  });
});
