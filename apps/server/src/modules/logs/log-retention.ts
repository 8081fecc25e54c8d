import type { FastifyBaseLogger } from 'fastify';
import type { LogsService } from './logs.service';

const HOUR_MS = 3600_000;

/**
 * Keeps the log table to LOG_RETENTION_DAYS: purges once at start, then every hour. Several API nodes
 * purging at once is harmless (the same DELETE twice).
 */
export class LogRetention {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logs: LogsService,
    private readonly retentionDays: number,
    private readonly logger: FastifyBaseLogger,
    private readonly intervalMs = HOUR_MS,
  ) {}

  async runOnce() {
    try {
      const purged = await this.logs.purgeExpired(this.retentionDays);
      if (purged > 0) this.logger.info(`Purged ${purged} log entries older than ${this.retentionDays} days`);
      return purged;
    } catch (error) {
      this.logger.error({ err: error }, 'Could not purge old log entries');
      return 0;
    }
  }

  start() {
    if (this.timer) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
