import type { ContentLoader } from '@tuition/content';
import type { Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { Database, DbHandle } from './db/client.ts';
import type { Logger } from './logging/logger.ts';

/** Everything the app needs from outside, built once by server.ts or the test harness. */
export interface AppDeps {
  config: Config;
  db: Database;
  dbHandle: DbHandle;
  clock: Clock;
  content: ContentLoader;
  logger: Logger;
  /* B adds: auth, mail (outbox/mailer) */
}
