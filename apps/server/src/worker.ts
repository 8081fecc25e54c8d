import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { createContainer, startBackground } from './container';
import { createDatabase } from './db/client';
import { migrateDatabaseAt } from './db/migrate';
import { DatabaseNotReachedError, waitForDatabase } from './db/wait-for-database';

/**
 * The job worker alone, for running transcoding on more machines: `node dist/worker.js` with the same
 * DATABASE_URL (and S3 settings) as the API. It serves no HTTP.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    console.error('The worker needs DATABASE_URL: it shares the database of a running API.');
    process.exit(1);
  }
  const logger = pino({ level: config.logLevel });
  await waitForDatabase(config.databaseUrl, {
    log: (message) => logger.warn(message),
    waitSeconds: config.databaseWaitSeconds,
  });
  await migrateDatabaseAt(config.databaseUrl);
  const db = createDatabase(config.databaseUrl);
  const container = createContainer({ config, db, databaseUrl: config.databaseUrl, logger });
  const stop = await startBackground(container, { worker: true });
  logger.info('Worker ready: processing films');
  closeWithGrace({ delay: 30_000 }, async () => {
    await stop();
    await db.$client.end();
  });
}

main().catch((error) => {
  if (error instanceof DatabaseNotReachedError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
