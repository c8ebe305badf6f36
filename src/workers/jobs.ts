import { Queue, Worker, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { DB } from '../db/schema.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';

/** Queues are separate so a slow campaign never slows ticket sales or account e-mails. */
export const QUEUES = ['mail', 'whatsapp', 'reminders', 'expiries', 'notifications', 'campaign-email', 'campaign-whatsapp', 'imports'] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * Worker options per queue (5 jobs at once and BullMQ's 30 s stall detection unless listed). A campaign's e-mails
 * spend most of their time waiting on the SMTP server, so its queue takes more at once (the transport's pool bounds
 * the connections); campaign jobs are short, so a killed worker's jobs are found stalled and taken again within
 * seconds instead of half a minute.
 */
export const QUEUE_WORKER_OPTIONS: Partial<Record<QueueName, { concurrency: number; lockDuration?: number; stalledInterval?: number }>> = {
  'campaign-email': { concurrency: 20, lockDuration: 5000, stalledInterval: 5000 },
  'campaign-whatsapp': { concurrency: 32, lockDuration: 5000, stalledInterval: 5000 },
};

export interface JobContext {
  db: Kysely<DB>;
  config: Config;
  logger: Logger;
  /** Runs `send` once per key: a retried or replayed job whose key is in the sent log does nothing. */
  once<T>(key: string, send: () => Promise<T>): Promise<T | undefined>;
  /** The event store, clock and ids, for jobs that record their outcome through handleCommand (sales expiries). */
  commands: Pick<AppContext, 'store' | 'clock' | 'newId'>;
}

/**
 * A background job: an id (`name`), a version, a zod payload and a handler. The BullMQ job carries
 * `<name>@<version>` (jobName), so a payload change bumps the version and a worker never hands a payload of
 * another shape to a handler: jobs of a version no running worker knows wait, retried, for one that does.
 *
 * Lists of jobs are `JobDefinition[]` (the default `S`): `handler` is declared with method syntax, so a job of a
 * specific schema is assignable to it without a cast, and the worker always parses the payload with the job's
 * own schema before calling its handler.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** The job's id, stable across versions; also the prefix of its BullMQ job ids (deduplication keys). */
  name: string;
  /** Bump when the payload's shape changes. */
  version: number;
  queue: QueueName;
  schema: S;
  handler(payload: z.infer<S>, ctx: JobContext): Promise<void>;
  options?: JobsOptions;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  if (!Number.isInteger(def.version) || def.version < 1) throw new Error(`job ${def.name}: version must be a positive integer`);
  return def;
}

/** The BullMQ job name of a job definition: `mail.send@1`. */
export const jobName = (job: Pick<JobDefinition, 'name' | 'version'>) => `${job.name}@${job.version}`;

export interface Jobs {
  /** Enqueue with a deterministic key (usually the causing event id): BullMQ drops duplicates of a key. */
  enqueue<S extends z.ZodType>(job: JobDefinition<S>, payload: z.infer<S>, key: string, opts?: { delay?: number }): Promise<void>;
  /** Many jobs of one definition in one round trip (a campaign's recipients); same ids and options as enqueue. */
  enqueueMany?<S extends z.ZodType>(job: JobDefinition<S>, items: { payload: z.infer<S>; key: string }[]): Promise<void>;
}

export function createJobs(connection: ConnectionOptions, prefix: string): Jobs & { close(): Promise<void>; queue(name: QueueName): Queue } {
  const queues = new Map<QueueName, Queue>();
  const queue = (name: QueueName) => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, { connection, prefix });
      queues.set(name, q);
    }
    return q;
  };
  const options = (job: JobDefinition, key: string): JobsOptions => ({
    // The id stays unversioned: the same key is one job whatever version enqueued it.
    jobId: `${job.name}:${key}`.replace(/:/g, '_'),
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: 1000,
    removeOnFail: 5000,
    ...job.options,
  });
  return {
    queue,
    async enqueue(job, payload, key, opts) {
      const data = job.schema.parse(payload);
      await queue(job.queue).add(jobName(job), data, {
        ...options(job, key),
        // A job due later (a reservation's hold): BullMQ's delayed set, per job.
        ...(opts?.delay ? { delay: Math.max(0, Math.round(opts.delay)) } : {}),
      });
    },
    async enqueueMany(job, items) {
      for (let i = 0; i < items.length; i += 1000) {
        await queue(job.queue).addBulk(
          items.slice(i, i + 1000).map(({ payload, key }) => ({ name: jobName(job), data: job.schema.parse(payload), opts: options(job, key) })),
        );
      }
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}

export function startWorkers(
  deps: {
    connection: ConnectionOptions;
    prefix: string;
    db: Kysely<DB>;
    config: Config;
    logger: Logger;
    commands: Pick<AppContext, 'store' | 'clock' | 'newId'>;
  },
  definitions: JobDefinition[],
): { close(): Promise<void> } {
  const byQueue = new Map<QueueName, Map<string, JobDefinition>>();
  for (const def of definitions) {
    if (!byQueue.has(def.queue)) byQueue.set(def.queue, new Map());
    const defs = byQueue.get(def.queue)!;
    if (defs.has(jobName(def))) throw new Error(`job ${jobName(def)} defined twice`);
    defs.set(jobName(def), def);
    // Jobs enqueued before names carried a version were all of version 1.
    if (def.version === 1) defs.set(def.name, def);
  }
  const ctx: JobContext = {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    commands: deps.commands,
    async once(key, send) {
      // The advisory lock serialises two workers on the same key; the log row commits with the lock held.
      return deps.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        const done = await trx.selectFrom('job_sent_log').select('job_key').where('job_key', '=', key).executeTakeFirst();
        if (done) return undefined;
        const result = await send();
        await trx
          .insertInto('job_sent_log')
          .values({ job_key: key, job_name: key.split(':')[0], result: JSON.stringify(result ?? null) })
          .execute();
        return result;
      });
    },
  };
  const workers = [...byQueue.entries()].map(
    ([queue, defs]) =>
      new Worker(
        queue,
        async (job) => {
          const def = defs.get(job.name);
          if (!def) throw new Error(`Unknown job ${job.name} on queue ${queue}`);
          await def.handler(def.schema.parse(job.data), ctx);
        },
        { connection: deps.connection, prefix: deps.prefix, concurrency: 5, ...QUEUE_WORKER_OPTIONS[queue] },
      ).on('failed', (job, err) => deps.logger.warn({ err, job: job?.name, id: job?.id }, 'job failed')),
  );
  return {
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
