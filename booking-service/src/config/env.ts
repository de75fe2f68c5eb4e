import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseAddressRange, type TrustedProxies } from '../http/client-address.ts';

/*
 * The one place the booking service reads process.env. Everything is parsed once by zod at
 * start-up; a bad or missing value stops start-up with a message naming the variable.
 * Local adapters (PGlite, the local mailbox, the local checkout, the local room twin and
 * recording files, the local text twin, TEST_CLOCK) refuse NODE_ENV=production, so a forgotten variable cannot
 * silently run production on them.
 */

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Used only outside production so `pnpm dev` needs no set-up; production must set its own. */
export const DEV_AUTH_SECRET = 'dev-only-secret-not-for-production-use-0123456789';

/**
 * The local room twin's LiveKit key when LIVEKIT_API_KEY/SECRET are not set (never production:
 * the twin is refused there). `devkey` is the name `livekit-server --dev` uses too.
 */
export const DEV_LIVEKIT_API_KEY = 'devkey';
export const DEV_LIVEKIT_API_SECRET = 'dev-only-livekit-secret-not-for-production-0123456789';

/** SMS_PROVIDER: the local text twin (default) or Twilio (docs/decisions/103). */
export const SMS_PROVIDERS = ['local', 'twilio'] as const;
export type SmsProviderKind = (typeof SMS_PROVIDERS)[number];

/** Texts a day for the whole business when SMS_DAILY_LIMIT is unset (docs/decisions/103). */
export const DEFAULT_SMS_DAILY_LIMIT = 500;

/** MEETING_PROVIDER: the room twin on this service, LiveKit, or standing meeting links. */
export const MEETING_PROVIDERS = ['local', 'livekit', 'link'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** The database drivers the service can use (DATABASE_DRIVER; db/client.ts opens each). */
export const DB_KINDS = ['pglite', 'pg', 'neon'] as const;
export type DbKind = (typeof DB_KINDS)[number];

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')
  .optional();

const originUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.co.uk' })
  .transform((v) => new URL(v).origin)
  .optional();

/** The origin of an http(s) URL, or undefined when `entry` is not one (wildcards are not). */
function httpOrigin(entry: string): string | undefined {
  if (entry.includes('*') || !URL.canParse(entry)) return undefined;
  const url = new URL(entry);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
}

/** Comma-separated http(s) origins; a bad entry is named in the message. */
const originList = optionalText.pipe(
  z
    .string()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((e) => e.trim())) {
        if (!entry) continue;
        const origin = httpOrigin(entry);
        if (origin) origins.push(origin);
        else
          ctx.addIssue({
            code: 'custom',
            input: entry,
            message: `"${entry}" is not an http(s) URL such as https://www.example.co.uk (comma-separated, no wildcards)`,
          });
      }
      return origins;
    })
    .optional(),
);

/** Hop counts above this are surely a typo for an address. */
const MAX_PROXY_HOPS = 10;

/**
 * TRUSTED_PROXIES: "none" (or unset), a hop count ("1"), or comma-separated proxy addresses
 * and CIDR ranges, IPv4 or IPv6 ("10.0.0.0/8, fd00::/8"). See docs/decisions/038.
 */
const trustedProxies = optionalText.pipe(
  z
    .string()
    .transform((value, ctx): TrustedProxies => {
      if (value.toLowerCase() === 'none' || value === '0') return { kind: 'none' };
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= MAX_PROXY_HOPS) return { kind: 'hops', hops };
        ctx.addIssue({
          code: 'custom',
          input: value,
          message: `a hop count must be at most ${MAX_PROXY_HOPS} (use proxy addresses instead)`,
        });
        return z.NEVER;
      }
      const ranges = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of ranges) {
        if (!parseAddressRange(entry)) {
          ctx.addIssue({
            code: 'custom',
            input: entry,
            message: `"${entry}" is not an IP address or CIDR range such as 10.0.0.0/8 or fd00::/8 (expected none, a hop count such as 1, or comma-separated addresses/ranges)`,
          });
        }
      }
      return { kind: 'ranges', ranges };
    })
    .optional(),
);

const postgresUrl = optionalText.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
);

/** The S3 variables that go together (RECORDINGS_S3_ENDPOINT is optional beside them). */
const RECORDINGS_S3_SET = [
  'RECORDINGS_S3_BUCKET',
  'RECORDINGS_S3_REGION',
  'RECORDINGS_S3_ACCESS_KEY_ID',
  'RECORDINGS_S3_SECRET_ACCESS_KEY',
] as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(4321),
  PUBLIC_URL: originUrl,
  SITE_URL: originUrl,
  TRUSTED_ORIGINS: originList,
  TRUSTED_PROXIES: trustedProxies,
  DATABASE_URL: postgresUrl,
  DATABASE_URL_DIRECT: postgresUrl,
  DATABASE_POOLED: flag,
  DATABASE_DRIVER: z.enum(DB_KINDS).optional(),
  PGLITE_DATA_DIR: optionalText,
  BETTER_AUTH_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  ADMIN_EMAILS: optionalText.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses')))
      .optional(),
  ),
  TEST_CLOCK: optionalText.pipe(
    z.iso
      .datetime({ offset: true, error: 'must be an ISO instant such as 2026-11-03T09:00:00Z' })
      .optional(),
  ),
  TEST_CLOCK_RUNS: flag,
  PASSWORD_HASHING: z
    .enum(['standard', 'quick'], { error: 'must be "standard" or "quick"' })
    .optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  RESEND_API_KEY: optionalText,
  MAIL_FROM: optionalText,
  MAIL_RATE_PER_SECOND: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a number of messages a second, such as 2' })
      .positive('must be more than 0')
      .optional(),
  ),
  SMS_PROVIDER: optionalText.pipe(
    z.enum(SMS_PROVIDERS, { error: 'must be local or twilio' }).optional(),
  ),
  TWILIO_ACCOUNT_SID: optionalText.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID such as AC0123…')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_MESSAGING_SERVICE_SID: optionalText.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID such as MG0123…')
      .optional(),
  ),
  TWILIO_FROM: optionalText.pipe(
    z
      .string()
      .regex(
        /^\+[1-9]\d{6,14}$/,
        'must be a phone number in E.164 such as +447700900123 (one that can receive replies)',
      )
      .optional(),
  ),
  SMS_DAILY_LIMIT: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a whole number of texts a day, such as 500' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .optional(),
  ),
  MEETING_PROVIDER: optionalText.pipe(
    z.enum(MEETING_PROVIDERS, { error: 'must be local, livekit or link' }).optional(),
  ),
  LIVEKIT_URL: optionalText.pipe(
    z
      .url({
        protocol: /^(wss?|https?)$/,
        error: 'must be a wss:// or https:// URL such as wss://tuition.livekit.cloud',
      })
      .optional(),
  ),
  LIVEKIT_API_KEY: optionalText,
  LIVEKIT_API_SECRET: optionalText,
  RECORDINGS_S3_ENDPOINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' })
      .optional(),
  ),
  RECORDINGS_S3_BUCKET: optionalText,
  RECORDINGS_S3_REGION: optionalText,
  RECORDINGS_S3_ACCESS_KEY_ID: optionalText,
  RECORDINGS_S3_SECRET_ACCESS_KEY: optionalText,
  RECORDINGS_DIR: optionalText,
  SITE_DIST: optionalText,
  DEMO_SEED: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  /** The site's origin (scheme://host[:port]), where the site and /api are served. */
  publicUrl: string;
  /**
   * Origins whose pages may send state-changing requests (better-auth and our own cross-site
   * checks): publicUrl first, then TRUSTED_ORIGINS (e.g. the www. host, a preview deployment).
   */
  trustedOrigins: string[];
  /**
   * Which proxies in front of the service may name the client in X-Forwarded-For
   * (TRUSTED_PROXIES; default none: the socket's peer is the client). Every per-client rate
   * limit keys on the address this resolves to (src/http/client-address.ts).
   */
  trustedProxies: TrustedProxies;
  database: {
    /** undefined -> embedded PGlite */
    url: string | undefined;
    /**
     * DATABASE_URL_DIRECT, else DATABASE_URL: an unpooled connection for the migrator and its
     * advisory lock (decision 089). undefined -> embedded PGlite.
     */
    directUrl: string | undefined;
    /**
     * DATABASE_POOLED: DATABASE_URL goes through a transaction pooler (PgBouncer, Neon's
     * pooler), so no named statements (decision 091). undefined -> told from the URL (an
     * `-pooler` Neon host or `pgbouncer=true`) by createDb.
     */
    pooled?: boolean | undefined;
    driver: DbKind | undefined;
    pgliteDataDir: string;
  };
  auth: { secret: string; adminEmails: string[] };
  /** Fixed "now" for every booking rule; never set in production. */
  testClock: Date | undefined;
  /** The clock starts at testClock and runs on from there, instead of standing still. */
  testClockRuns: boolean;
  /**
   * How passwords are hashed: better-auth's scrypt (`standard`), or a far cheaper scrypt for the
   * accounts tests make by the thousand (`quick`: NODE_ENV=test's default, refused in production;
   * docs/decisions/120).
   */
  passwordHashing: 'standard' | 'quick';
  /** undefined -> the local checkout page */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** undefined -> the local mailbox */
  resend: { apiKey: string } | undefined;
  mailFrom: string;
  /**
   * Mail sent a second by all instances together (docs/decisions/090); undefined -> Resend's
   * default limit with Resend, no limit with the local mailbox.
   */
  mailRatePerSecond: number | undefined;
  /** Lesson rooms and their recordings (docs/decisions/098, 099). */
  rooms: {
    /** local: the room twin on this service (default); livekit; link: standing meeting links. */
    provider: MeetingProvider;
    /** LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET: set exactly when provider is livekit. */
    livekit?: { url: string; apiKey: string; apiSecret: string } | undefined;
    /** The local twin's signing key: LIVEKIT_API_KEY/SECRET, else the dev key. */
    twinKey: { apiKey: string; apiSecret: string };
    /** RECORDINGS_S3_*; undefined -> recording files under recordingsDir (never production). */
    s3?:
      | {
          endpoint: string | undefined;
          bucket: string;
          region: string;
          accessKeyId: string;
          secretAccessKey: string;
        }
      | undefined;
    /** RECORDINGS_DIR: where local recording files are kept. */
    recordingsDir: string;
  };
  /** Text messages (docs/decisions/103). */
  sms: {
    provider: SmsProviderKind;
    /** Set exactly when provider is twilio. */
    twilio?:
      | {
          accountSid: string;
          authToken: string;
          messagingServiceSid: string | undefined;
          from: string | undefined;
        }
      | undefined;
    /** What signs and checks the local twin's webhooks: TWILIO_AUTH_TOKEN, else a dev token. */
    twinAuthToken: string | undefined;
    /** SMS_DAILY_LIMIT: texts a London day for the whole business. */
    dailyLimit: number;
  };
  /** The SANITY_* variables, handed to @tuition/content's contentConfigFromEnv. */
  contentEnv: Record<string, string | undefined>;
  siteDist: string;
  demoSeed: boolean;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Parses and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${String(i.path[0] ?? '(environment)')}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];

  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
  }
  if (e.DATABASE_DRIVER && e.DATABASE_DRIVER !== 'pglite' && !e.DATABASE_URL) {
    problems.push(`DATABASE_URL: is required when DATABASE_DRIVER=${e.DATABASE_DRIVER}`);
  }
  if (e.DATABASE_URL_DIRECT && !e.DATABASE_URL) {
    problems.push(
      'DATABASE_URL: is required when DATABASE_URL_DIRECT is set (the direct URL is for migrations only)',
    );
  }
  problems.push(...roomProblems(e, isProduction));
  problems.push(...smsProblems(e, isProduction));
  if (isProduction) {
    const refuse = (variable: string, why: string) =>
      problems.push(`${variable}: is required when NODE_ENV=production (${why})`);
    if (!e.BETTER_AUTH_SECRET) refuse('BETTER_AUTH_SECRET', 'signs session cookies');
    if (!e.DATABASE_URL || e.DATABASE_DRIVER === 'pglite')
      refuse('DATABASE_URL', 'the embedded PGlite database is for local use only');
    if (!e.STRIPE_SECRET_KEY)
      refuse('STRIPE_SECRET_KEY', 'the local checkout page takes no real payments');
    if (!e.RESEND_API_KEY) refuse('RESEND_API_KEY', 'the local mailbox delivers no e-mail');
    if (!e.MAIL_FROM) refuse('MAIL_FROM', 'the sender address of real e-mail');
    if (!e.PUBLIC_URL && !e.SITE_URL) refuse('PUBLIC_URL', "the site's public origin");
    if (e.TEST_CLOCK) {
      problems.push('TEST_CLOCK: is refused when NODE_ENV=production (it fixes "now" for tests)');
    }
    if (e.PASSWORD_HASHING === 'quick') {
      problems.push(
        'PASSWORD_HASHING: "quick" is refused when NODE_ENV=production (it is for test accounts)',
      );
    }
  }
  if (e.TEST_CLOCK_RUNS && !e.TEST_CLOCK) {
    problems.push('TEST_CLOCK_RUNS: needs TEST_CLOCK, the instant the clock starts from');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const contentEnv: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('SANITY_')) contentEnv[key] = value;
  }

  const publicUrl = e.PUBLIC_URL ?? e.SITE_URL ?? `http://localhost:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    publicUrl,
    trustedOrigins: [...new Set([publicUrl, ...(e.TRUSTED_ORIGINS ?? [])])],
    trustedProxies: e.TRUSTED_PROXIES ?? { kind: 'none' },
    database: {
      url: e.DATABASE_URL,
      directUrl: e.DATABASE_URL_DIRECT ?? e.DATABASE_URL,
      pooled: e.DATABASE_POOLED,
      driver: e.DATABASE_DRIVER,
      pgliteDataDir: e.PGLITE_DATA_DIR ?? path.join(PACKAGE_ROOT, '.data/pglite'),
    },
    auth: { secret: e.BETTER_AUTH_SECRET ?? DEV_AUTH_SECRET, adminEmails: e.ADMIN_EMAILS ?? [] },
    testClock: e.TEST_CLOCK ? new Date(e.TEST_CLOCK) : undefined,
    testClockRuns: e.TEST_CLOCK_RUNS ?? false,
    passwordHashing: e.PASSWORD_HASHING ?? (e.NODE_ENV === 'test' ? 'quick' : 'standard'),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    resend: e.RESEND_API_KEY ? { apiKey: e.RESEND_API_KEY } : undefined,
    mailFrom: e.MAIL_FROM ?? 'Tuition bookings <bookings@localhost>',
    mailRatePerSecond: e.MAIL_RATE_PER_SECOND,
    rooms: roomsConfig(e),
    sms: smsConfig(e),
    contentEnv,
    siteDist: e.SITE_DIST ? path.resolve(e.SITE_DIST) : path.resolve(PACKAGE_ROOT, '../site/dist'),
    demoSeed: e.DEMO_SEED ?? !isProduction,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}

type ParsedEnv = z.infer<typeof EnvSchema>;

/** What is wrong with the room and recording variables (docs/decisions/098, 099). */
function roomProblems(e: ParsedEnv, isProduction: boolean): string[] {
  const problems: string[] = [];
  const meetingProvider = e.MEETING_PROVIDER ?? 'local';
  if (meetingProvider === 'livekit') {
    for (const variable of ['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'] as const) {
      if (!e[variable]) problems.push(`${variable}: is required when MEETING_PROVIDER=livekit`);
    }
  } else if (Boolean(e.LIVEKIT_API_KEY) !== Boolean(e.LIVEKIT_API_SECRET)) {
    const missing = e.LIVEKIT_API_KEY ? 'LIVEKIT_API_SECRET' : 'LIVEKIT_API_KEY';
    const set = e.LIVEKIT_API_KEY ? 'LIVEKIT_API_KEY' : 'LIVEKIT_API_SECRET';
    problems.push(`${missing}: is required when ${set} is set (the key and secret go together)`);
  }
  const s3Named = RECORDINGS_S3_SET.filter((variable) => e[variable]);
  if (s3Named.length > 0 || e.RECORDINGS_S3_ENDPOINT) {
    for (const variable of RECORDINGS_S3_SET) {
      if (!e[variable]) {
        problems.push(
          `${variable}: is required when another RECORDINGS_S3_* variable is set (bucket, region and keys go together)`,
        );
      }
    }
  }
  if (!isProduction) return problems;
  if (e.MEETING_PROVIDER === 'local') {
    problems.push(
      'MEETING_PROVIDER: local is refused when NODE_ENV=production (the local room twin carries no video; use livekit or link)',
    );
  } else if (meetingProvider === 'local') {
    problems.push(
      'MEETING_PROVIDER: is required when NODE_ENV=production (livekit, or link for standing meeting links; the local room twin carries no video)',
    );
  }
  if (meetingProvider === 'livekit' && e.LIVEKIT_URL && !/^(wss|https):/.test(e.LIVEKIT_URL)) {
    problems.push(
      'LIVEKIT_URL: must be a wss:// or https:// URL when NODE_ENV=production (browsers on an https page cannot reach ws://)',
    );
  }
  if (meetingProvider !== 'link' && s3Named.length === 0) {
    problems.push(
      'RECORDINGS_S3_BUCKET: is required when NODE_ENV=production (with RECORDINGS_S3_REGION and keys: recordings are kept in S3-compatible storage, not on the instance; unless MEETING_PROVIDER=link)',
    );
  }
  return problems;
}

/** What is wrong with the text-message variables (docs/decisions/103). */
function smsProblems(e: ParsedEnv, isProduction: boolean): string[] {
  const problems: string[] = [];
  const provider = e.SMS_PROVIDER ?? 'local';
  if (provider === 'twilio') {
    for (const variable of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
      if (!e[variable]) problems.push(`${variable}: is required when SMS_PROVIDER=twilio`);
    }
    if (!e.TWILIO_MESSAGING_SERVICE_SID && !e.TWILIO_FROM) {
      problems.push(
        'TWILIO_MESSAGING_SERVICE_SID: is required when SMS_PROVIDER=twilio (or TWILIO_FROM, a number that can receive replies)',
      );
    }
  }
  if (isProduction && provider === 'local') {
    problems.push(
      e.SMS_PROVIDER
        ? 'SMS_PROVIDER: local is refused when NODE_ENV=production (the local twin sends no text; use twilio)'
        : 'SMS_PROVIDER: is required when NODE_ENV=production (twilio; the local twin sends no text)',
    );
  }
  return problems;
}

/** config.sms from variables smsProblems found nothing wrong with. */
function smsConfig(e: ParsedEnv): Config['sms'] {
  const provider = e.SMS_PROVIDER ?? 'local';
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = e;
  return {
    provider,
    twilio:
      provider === 'twilio' && accountSid && authToken
        ? {
            accountSid,
            authToken,
            messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
            from: e.TWILIO_FROM,
          }
        : undefined,
    twinAuthToken: authToken,
    dailyLimit: e.SMS_DAILY_LIMIT ?? DEFAULT_SMS_DAILY_LIMIT,
  };
}

/** config.rooms from variables roomProblems found nothing wrong with. */
function roomsConfig(e: ParsedEnv): Config['rooms'] {
  const provider = e.MEETING_PROVIDER ?? 'local';
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = e;
  const bucket = e.RECORDINGS_S3_BUCKET;
  const region = e.RECORDINGS_S3_REGION;
  const accessKeyId = e.RECORDINGS_S3_ACCESS_KEY_ID;
  const secretAccessKey = e.RECORDINGS_S3_SECRET_ACCESS_KEY;
  return {
    provider,
    livekit:
      provider === 'livekit' && url && apiKey && apiSecret ? { url, apiKey, apiSecret } : undefined,
    twinKey:
      apiKey && apiSecret
        ? { apiKey, apiSecret }
        : { apiKey: DEV_LIVEKIT_API_KEY, apiSecret: DEV_LIVEKIT_API_SECRET },
    s3:
      bucket && region && accessKeyId && secretAccessKey
        ? { endpoint: e.RECORDINGS_S3_ENDPOINT, bucket, region, accessKeyId, secretAccessKey }
        : undefined,
    recordingsDir: e.RECORDINGS_DIR
      ? path.resolve(e.RECORDINGS_DIR)
      : path.join(PACKAGE_ROOT, '.data/recordings'),
  };
}

/**
 * What the service and its release step read at start: the optional local .env (variables
 * already set win), then the config. A bad or missing value prints `cannot` and what is wrong,
 * and answers null so the caller exits 1.
 */
export function loadConfigAtStart(cannot: string): Config | null {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${cannot}\n${error.message}`);
    return null;
  }
}
