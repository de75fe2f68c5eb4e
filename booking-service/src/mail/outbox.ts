import { type SQL, sql } from 'drizzle-orm';
import {
  type Db as PgBossDb,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
  type PGliteLike,
} from 'pg-boss';
import type { Database, DbHandle } from '../db/client.ts';
import { mailRecipients } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import type { OutboundRate } from './outbound-rate.ts';

export const MAIL_QUEUE = 'mail';
/** Where a message lands after its last retry, kept for a person to look at. */
export const MAIL_DEAD_LETTER_QUEUE = 'mail-undeliverable';

/**
 * Retries with exponential backoff: 30 s, 1 min, 2 min … capped at 1 hour, 12 attempts, so a
 * provider outage of several hours loses nothing.
 */
export const MAIL_RETRY_POLICY = {
  retryLimit: 12,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
} as const;

/**
 * Which mail goes first when both wait. `immediate`: what a customer or visitor just caused and
 * is waiting for (confirmations, sign-in links, receipts); the default. `bulk`: mail nobody is
 * waiting for at this second (reminders for every 5 pm class at once, digests), delivered
 * after any immediate mail queued at the same time.
 */
export type MailPriority = 'immediate' | 'bulk';
/** pg-boss fetches higher numbers first. */
const PG_BOSS_PRIORITY: Record<MailPriority, number> = { immediate: 10, bulk: 0 };

/**
 * Messages a worker fetches per poll and delivers side by side. With the local mailbox that is
 * a few dozen a second per instance; a provider's per-second limit is kept by the shared
 * outbound rate (docs/decisions/090).
 */
export const MAIL_BATCH_SIZE = 10;

/**
 * A worker refreshes its batch's claim this often (half of it, by pg-boss); a batch whose worker
 * stopped beating (killed mid-delivery) is failed by any instance's supervisor and retried under
 * the same idempotency keys, within about two minutes instead of pg-boss's 15-minute expiry
 * (docs/decisions/096).
 */
export const MAIL_HEARTBEAT_SECONDS = 30;

/** A drizzle database or transaction: enqueueing through it commits with the caller's change. */
export interface MailTransaction {
  execute(query: SQL): PromiseLike<unknown>;
}

export interface MailOutboxOptions {
  dbHandle: DbHandle;
  /**
   * Where pg-boss fetches, settles and looks after the jobs: the direct URL's handle when the
   * app goes through a pooler (docs/decisions/097). Default `dbHandle`. Messages are queued on
   * `dbHandle` (or the caller's transaction) whichever this is.
   */
  queueHandle?: DbHandle;
  mailer: Mailer;
  logger: Logger;
  /**
   * The rate the mailer's provider takes, shared by every instance (docs/decisions/090): each
   * delivery attempt waits for a token first. None: as fast as the worker goes.
   */
  rate?: OutboundRate;
  /**
   * How often an idle worker looks for due mail. While fetches come back full it fetches again
   * at once (a backlog drains at delivery speed, not one batch per interval).
   */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss's own timers (maintenance, monitoring). Tests turn them off so nothing runs behind
   * their back; a server keeps them on.
   */
  maintenance?: boolean;
}

/**
 * The mail outbox: every message is a pg-boss job in the same Postgres database as the data
 * that caused it, delivered by a worker through the configured mailer.
 */
export class MailOutbox {
  private workerId: string | undefined;

  private constructor(
    private readonly boss: PgBoss,
    private readonly bossDb: PgBossDb,
    private readonly db: Database,
    readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly pollingIntervalSeconds: number,
    private readonly rate: OutboundRate | undefined,
  ) {}

  static async start(options: MailOutboxOptions): Promise<MailOutbox> {
    const maintenance = options.maintenance ?? true;
    const bossDb = pgBossDatabase(options.queueHandle ?? options.dbHandle);
    const boss = new PgBoss({
      db: bossDb,
      backend: options.dbHandle.kind === 'pglite' ? 'pglite' : 'postgres',
      supervise: maintenance,
      schedule: false,
      migrate: true,
    });
    // pg-boss reports background failures as 'error' events; unhandled they would crash Node.
    boss.on('error', (error) => options.logger.error({ err: error }, 'mail queue error'));
    await boss.start();
    await boss.createQueue(MAIL_DEAD_LETTER_QUEUE);
    await boss.createQueue(MAIL_QUEUE, {
      ...MAIL_RETRY_POLICY,
      heartbeatSeconds: MAIL_HEARTBEAT_SECONDS,
      deadLetter: MAIL_DEAD_LETTER_QUEUE,
    });
    // A queue created before the heartbeat (an existing database) gets it too.
    await boss.updateQueue(MAIL_QUEUE, { heartbeatSeconds: MAIL_HEARTBEAT_SECONDS });
    // Loads the queue into pg-boss's cache now. Otherwise the first send() inside a caller's
    // transaction looks the queue up on pg-boss's own connection, which on single-connection
    // PGlite waits for that very transaction: a deadlock.
    await boss.findJobs(MAIL_QUEUE, { id: '00000000-0000-0000-0000-000000000000' });
    return new MailOutbox(
      boss,
      bossDb,
      options.dbHandle.db,
      options.mailer,
      options.logger,
      options.pollingIntervalSeconds ?? 1,
      options.rate,
    );
  }

  /**
   * Queues a message. Pass `tx` (a drizzle transaction) to make the message part of that
   * transaction: it is sent only if the change that caused it commits. `priority` defaults to
   * `immediate`; mail sent to many people at once by a timer passes `bulk`. The job's recipient
   * record is written with it, in the same transaction (docs/decisions/076).
   */
  async enqueue(
    mail: OutgoingMail,
    options: { tx?: MailTransaction; priority?: MailPriority } = {},
  ): Promise<string> {
    const priority = options.priority ?? 'immediate';
    if (options.tx) return this.enqueueIn(options.tx, mail, priority);
    // The job and its recipient record commit together, or neither does.
    return this.db.transaction((tx) => this.enqueueIn(tx, mail, priority));
  }

  private async enqueueIn(
    tx: MailTransaction,
    mail: OutgoingMail,
    priority: MailPriority,
  ): Promise<string> {
    const about = mail.about?.map((address) => address.trim().toLowerCase());
    const data: OutgoingMail = about ? { ...mail, about } : mail;
    const id = await this.boss.send(MAIL_QUEUE, data, {
      priority: PG_BOSS_PRIORITY[priority],
      // pg-boss's adapter only calls execute(sql`…`) and reads rows, which every driver returns.
      db: fromDrizzle(tx as DrizzleTransactionLike, sql),
    });
    if (!id) throw new Error('the mail queue did not accept the message');
    await tx.execute(recordRecipient(id, data));
    return id;
  }

  /**
   * Starts polling for due mail (server.ts; tests use deliverPending instead). Each fetch takes
   * up to MAIL_BATCH_SIZE messages, highest priority first, and delivers them side by side;
   * each message is settled on its own, so a failure retries only the message that failed.
   * Any number of instances may run a worker: pg-boss hands each job to one of them.
   */
  async startWorker(): Promise<void> {
    if (this.workerId) return;
    this.workerId = await this.boss.work(
      MAIL_QUEUE,
      {
        pollingIntervalSeconds: this.pollingIntervalSeconds,
        batchSize: MAIL_BATCH_SIZE,
        burstWhenBatchFull: true,
        perJobResults: true,
        includeMetadata: true,
      },
      (jobs: JobWithMetadata<OutgoingMail>[]) => this.deliverBatch(jobs),
    );
  }

  private async deliverBatch(batch: JobWithMetadata<OutgoingMail>[]): Promise<JobResult[]> {
    const jobs = inDeliveryOrder(batch);
    const outcomes = await Promise.allSettled(jobs.map((job) => this.deliver(job)));
    // Delivered jobs are completed here rather than by pg-boss after the handler returns, so
    // their bodies can be dropped at once (completeDelivered); pg-boss's own settle then finds
    // them completed already and leaves them be, or completes them if this failed.
    await this.completeDelivered(jobs.filter((_, i) => outcomes[i]?.status === 'fulfilled')).catch(
      (error: unknown) =>
        this.logger.warn({ err: errorMessage(error) }, 'delivered mail not completed early'),
    );
    return jobs.map((job, i) => {
      const outcome = outcomes[i];
      return outcome?.status === 'fulfilled'
        ? { id: job.id, status: 'completed' }
        : { id: job.id, status: 'failed', output: { message: errorMessage(outcome?.reason) } };
    });
  }

  async stopWorker(): Promise<void> {
    if (!this.workerId) return;
    await this.boss.offWork(MAIL_QUEUE, { id: this.workerId, wait: true });
    this.workerId = undefined;
  }

  /**
   * One deterministic delivery pass over every queued message (tests, scripts). With
   * `includeDelayed`, messages waiting out a retry delay are tried now too. A message that
   * fails is put back for retry exactly as the worker would, and not tried again in this pass.
   */
  async deliverPending(
    options: { includeDelayed?: boolean } = {},
  ): Promise<{ delivered: number; failed: number }> {
    const jobs = inDeliveryOrder(
      await this.boss.fetch<OutgoingMail>(MAIL_QUEUE, {
        batchSize: 100,
        ignoreStartAfter: options.includeDelayed ?? false,
        includeMetadata: true,
      }),
    );
    let delivered = 0;
    let failed = 0;
    for (const job of jobs) {
      try {
        await this.deliver(job);
        await this.completeDelivered([job]);
        delivered++;
      } catch (error) {
        await this.boss.fail(MAIL_QUEUE, job.id, { message: errorMessage(error) });
        failed++;
      }
    }
    return { delivered, failed };
  }

  /**
   * Marks delivered jobs completed, then empties their stored message down to address, subject
   * and the people it names (docs/decisions/058, addendum 2026-11-26): a delivered reset link
   * or enquiry stays in nobody's database. Only completed jobs are emptied, so a job that was
   * not completed keeps its body for the retry, and delivery stays exactly once.
   */
  private async completeDelivered(jobs: readonly Job<OutgoingMail>[]): Promise<void> {
    if (jobs.length === 0) return;
    const ids = jobs.map((job) => job.id);
    await this.boss.complete(MAIL_QUEUE, ids);
    try {
      await this.bossDb.executeSql(
        `update pgboss.job
           set data = jsonb_strip_nulls(jsonb_build_object(
             'to', data->'to', 'subject', data->'subject', 'about', data->'about'))
         where name = $1 and id = any($2::uuid[]) and state = 'completed'`,
        [MAIL_QUEUE, ids],
      );
    } catch (error) {
      // The mail went and is completed; only the emptying failed, which retention catches up.
      this.logger.warn({ err: errorMessage(error) }, 'delivered mail bodies not emptied');
    }
  }

  /** Counts of queued messages by state, for health output and tests. */
  async pendingCount(): Promise<number> {
    const jobs = await this.boss.findJobs(MAIL_QUEUE, { queued: true });
    return jobs.length;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, close: true, timeout: 5_000 });
  }

  private async deliver(job: Job<OutgoingMail>): Promise<void> {
    try {
      await this.rate?.waitForTurn();
      await this.mailer.deliver(job.data, { idempotencyKey: `mail-${job.id}` });
      // Only the recipient's domain: addresses are personal data and stay out of logs.
      this.logger.info({ jobId: job.id, toDomain: job.data.to.split('@')[1] }, 'mail delivered');
    } catch (error) {
      this.logger.warn({ jobId: job.id, err: errorMessage(error) }, 'mail delivery failed');
      throw error;
    }
  }
}

/**
 * The message's recipient record (docs/decisions/076): what the export lists and a deletion or
 * retention erases, found by an index on the recipient instead of inside pg-boss's job data.
 */
function recordRecipient(jobId: string, mail: OutgoingMail): SQL {
  return sql`insert into ${mailRecipients} (job_id, recipient, about, subject)
    values (${jobId}, ${mail.to.trim().toLowerCase()}, ${sqlTextArray(mail.about ?? [])},
      ${mail.subject})`;
}

const sqlTextArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/**
 * pg-boss picks a batch by priority, then age, but hands it over in no particular order; the
 * outbound rate hands out its tokens in this order, so immediate mail starts first.
 */
function inDeliveryOrder<T>(jobs: JobWithMetadata<T>[]): JobWithMetadata<T>[] {
  return [...jobs].sort(
    (a, b) => b.priority - a.priority || a.createdOn.getTime() - b.createdOn.getTime(),
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface QueryablePool {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/**
 * pg-boss runs multi-statement scripts whose RETURNING rows may sit before a trailing COMMIT,
 * so it needs every statement's rows, not only the last. We therefore talk to the client under
 * the drizzle database directly: PGlite through pg-boss's own adapter, a pg or Neon pool with
 * the rows of all statements flattened (as pg-boss does for its own pool).
 */
export function pgBossDatabase(handle: DbHandle): PgBossDb {
  const client = (handle.db as unknown as { $client?: unknown }).$client;
  if (handle.kind === 'pglite' && isPglite(client)) return fromPglite(client);
  if (isQueryablePool(client)) {
    return {
      async executeSql(text, values) {
        const result = (await client.query(text, values)) as
          | { rows: unknown[] }
          | Array<{ rows: unknown[] }>;
        if (Array.isArray(result)) return { rows: result.flatMap((r) => r.rows ?? []) };
        return { rows: result.rows };
      },
    };
  }
  return { executeSql: (text, values) => handle.executeSql(text, values) };
}

function isPglite(client: unknown): client is PGliteLike {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as PGliteLike).exec === 'function' &&
    typeof (client as PGliteLike).query === 'function'
  );
}

function isQueryablePool(client: unknown): client is QueryablePool {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as QueryablePool).query === 'function'
  );
}
