// The environment of a booking service started from this package for a browser run (the
// stack journeys, the Lighthouse report): the built site and the API on one local origin, a
// fresh embedded database, and local adapters only, whatever the shell or a local .env says.

/**
 * @param {{ port: number, dataDir: string, siteDist: string }} stack
 * @returns {Record<string, string>}
 */
export function localStackEnv({ port, dataDir, siteDist }) {
  return {
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    PGLITE_DATA_DIR: dataDir,
    SITE_DIST: siteDist,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATABASE_URL: '',
    DATABASE_DRIVER: 'pglite',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    RESEND_API_KEY: '',
    TEST_CLOCK: '',
  };
}
