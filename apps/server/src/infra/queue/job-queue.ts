import { PgBoss } from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

export type QueueDefinition = {
  name: string;
  /** Retries after a failure before the job goes to the dead-letter queue. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A worker that stops sending heartbeats for this long (it died) gets its job retried elsewhere. */
  heartbeatSeconds?: number;
  expireInSeconds?: number;
  deadLetter?: string;
};

/**
 * Durable jobs on PostgreSQL (pg-boss): the API enqueues, workers (in the API process or `worker.ts`)
 * run them with retries; a job whose worker died is retried once its heartbeat stops.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(connectionString: string, options: { monitorIntervalSeconds: number }) {
    this.boss = new PgBoss({
      connectionString,
      max: 4,
      superviseIntervalSeconds: options.monitorIntervalSeconds,
      monitorIntervalSeconds: options.monitorIntervalSeconds,
    });
    this.boss.on('error', () => {
      // Connection blips are retried by pg-boss itself; failures reach the job handlers.
    });
  }

  async start(queues: QueueDefinition[]) {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    // Dead-letter queues first: a queue may only name one that exists.
    const ordered = [...queues].sort((a, b) => Number(Boolean(a.deadLetter)) - Number(Boolean(b.deadLetter)));
    for (const q of ordered) {
      await this.boss.createQueue(q.name, {
        retryLimit: q.retryLimit ?? 2,
        retryDelay: q.retryDelaySeconds ?? 5,
        expireInSeconds: q.expireInSeconds ?? 4 * 3600,
        // pg-boss validates present keys: leave unset options out rather than undefined.
        ...(q.heartbeatSeconds ? { heartbeatSeconds: q.heartbeatSeconds } : {}),
        ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
      });
    }
  }

  async send<T extends object>(name: string, data: T, options: { delaySeconds?: number } = {}) {
    return this.boss.send(name, data, options.delaySeconds ? { startAfter: options.delaySeconds } : {});
  }

  async work<T extends object>(name: string, concurrency: number, handler: JobHandler<T>) {
    await this.boss.work<T>(
      name,
      { batchSize: 1, localConcurrency: concurrency, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await handler(job.data);
      },
    );
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
