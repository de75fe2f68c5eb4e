import { smsParts } from './sms/sms-setup.ts';
import type { Server, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import { contentConfigFromEnv, createContentLoader } from '@tuition/content';
import { type AppDeps, roomParts } from './app-deps.ts';
import { createApp } from './app.ts';
import { DEMO_TUTOR_EMAIL, seedDemoUsers } from './auth/demo-users.ts';
import { seedDemoTutor } from './tutors/demo-tutor.ts';
import { startAuth } from './auth/start-auth.ts';
import { clockFromConfig } from './clock.ts';
import { scheduleRetention } from './retention/retention-job.ts';
import { scheduledJobs } from './scheduled-jobs.ts';
import { startScheduler } from './scheduler/scheduler.ts';
import { loadConfigAtStart } from './config/env.ts';
import { createDb, openJobQueueDb } from './db/client.ts';
import { prepareSchemaAtStart, SchemaNotCurrentError } from './db/migrate.ts';
import { createLogger } from './logging/logger.ts';
import { createMailOutbox, startMailWorker, stopMailWorker } from './mail/mail-setup.ts';
import { paymentProviderFromConfig } from './payments/provider-from-config.ts';
import { mountStaticSite } from './static-site/static-site.ts';

/** Content is re-read from the CMS at most this often at runtime. */
const CONTENT_CACHE_TTL_MS = 60_000;

/**
 * How long a stopping instance waits for its in-flight requests, workers and pool before it
 * gives up and exits 1: under the 30 s most platforms allow between SIGTERM and SIGKILL.
 */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * Makes every response written while draining say Connection: close, also those of requests
 * already in flight when it began, so no kept-alive socket outlives its last response and holds
 * server.close() up. Answers the function that marks the in-flight ones.
 */
function closeConnectionsWhenDraining(server: Server, isDraining: () => boolean): () => void {
  const unanswered = new Set<ServerResponse>();
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  // Prepended: it must run before the app's listener can write the response.
  server.prependListener('request', (_request, response) => {
    if (isDraining()) {
      closeAfter(response);
      return;
    }
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });
  return () => {
    for (const response of unanswered) closeAfter(response);
  };
}

async function main() {
  // Optional local .env (see .env.example); variables already set in the environment win.
  const config = loadConfigAtStart('booking-service cannot start.');
  if (!config) process.exit(1);
  const logger = createLogger({ level: config.logLevel });

  const dbHandle = await createDb({
    databaseUrl: config.database.url,
    driver: config.database.driver,
    dataDir: config.database.pgliteDataDir,
    // Through a transaction pooler the seat reads go unnamed (docs/decisions/091).
    ...(config.database.pooled === undefined ? {} : { pooled: config.database.pooled }),
  });
  try {
    // Production only checks the schema: the release step migrates (db/migrate-cli.ts).
    await prepareSchemaAtStart(config, dbHandle);
  } catch (error) {
    if (error instanceof SchemaNotCurrentError) {
      console.error(`booking-service cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const content = createContentLoader(contentConfigFromEnv(config.contentEnv), {
    cacheTtlMs: CONTENT_CACHE_TTL_MS,
  });
  // pg-boss works its queues on the direct URL when the app goes through a pooler (decision 097).
  const queueHandle = await openJobQueueDb(config.database, dbHandle);
  const mail = await createMailOutbox({ config, dbHandle, queueHandle, logger });
  // One clock for the app and its auth mails, so a moved local clock moves both.
  const clock = clockFromConfig(config);
  const auth = await startAuth({ config, db: dbHandle.db, mail, content, logger, clock });
  // Set by shutdown(); the health check reads it through deps.
  let draining = false;
  const deps: AppDeps = {
    config,
    db: dbHandle.db,
    dbHandle,
    clock,
    content,
    logger,
    auth,
    mail,
    payments: paymentProviderFromConfig(config),
    ...roomParts(config, dbHandle.db, () => clock),
    ...smsParts(config, dbHandle.db, () => clock),
    isDraining: () => draining,
  };

  const app = createApp(deps);
  // Last, so the site's files never shadow /api or /dev.
  mountStaticSite(app, config.siteDist);

  await startMailWorker(deps);
  // Every sweep, each occurrence run by one instance however many there are (decision 095).
  const scheduler = startScheduler(deps, scheduledJobs(deps));
  const retention = await scheduleRetention({ ...deps, dbHandle: queueHandle });
  const demoLogins = config.demoSeed ? await seedDemoUsers(deps) : [];
  if (config.demoSeed) await seedDemoTutor(deps, DEMO_TUTOR_EMAIL);

  const server = serve({ fetch: app.fetch, port: config.port }, () => {
    const lines = [
      `Tuition booking site and API: ${config.publicUrl}`,
      `  listening on port ${config.port} (${dbHandle.kind} database)`,
    ];
    if (!config.resend) lines.push(`  local mailbox: ${config.publicUrl}/dev/mail`);
    if (!config.stripe) lines.push('  payments: local checkout page (no real card charges)');
    if (config.testClock) {
      const how = config.testClockRuns ? 'starts "now" at' : 'fixes "now" at';
      lines.push(`  TEST_CLOCK ${how} ${config.testClock.toISOString()}`);
    }
    for (const login of demoLogins) {
      lines.push(`  demo ${login.role}: ${login.email} / ${login.password}`);
    }
    console.log(lines.join('\n'));
  }) as Server;
  const closeInFlightConnections = closeConnectionsWhenDraining(server, () => draining);

  const shutdown = async (signal: string) => {
    if (draining) return;
    // First, so a health check already on its way answers 503 and the balancer looks elsewhere.
    draining = true;
    closeInFlightConnections();
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    // A stuck request or worker must not keep a stopped service alive forever.
    setTimeout(() => {
      logger.error(`shutdown: not done within ${SHUTDOWN_TIMEOUT_MS / 1000} s, exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // Stop taking connections, let in-flight requests finish, then stop workers and the pool.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await scheduler.stop();
    await retention.stop();
    await stopMailWorker(deps);
    if (queueHandle !== dbHandle) await queueHandle.close();
    await dbHandle.close();
    logger.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error('booking-service failed to start:', error);
  process.exit(1);
});
