import type { Logger } from 'pino';

/** Hono context variables every handler can read (c.get('requestId'), c.get('log')). */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The request's child logger, already carrying the request id. */
    log: Logger;
  };
}
