import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startBackground } from './container';
import { createDatabase } from './db/client';
import { type EmbeddedDatabase, leaveShutdownToUs, startEmbeddedPostgres } from './db/embedded-postgres';
import { migrateDatabaseAt } from './db/migrate';
import { DatabaseNotReachedError, waitForDatabase } from './db/wait-for-database';
import { closeGracefully } from './http/graceful-close';

/** Starts the database (embedded unless DATABASE_URL, else waits for it), applies migrations, and serves the API and web app. */
async function main() {
  leaveShutdownToUs();
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

  const bootLog = {
    info: (m: string) => console.log(m),
    warn: (m: string) => console.warn(m),
    debug: () => {},
  };
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: bootLog,
    });
    databaseUrl = embedded.url;
  } else {
    await waitForDatabase(databaseUrl, { log: bootLog.warn, waitSeconds: config.databaseWaitSeconds });
  }
  await migrateDatabaseAt(databaseUrl);
  const db = createDatabase(databaseUrl);

  const { app, container } = await buildApp({ config, db, databaseUrl });
  const stopBackground = await startBackground(container, { worker: config.runWorker });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'Shutting down after an error');
    else app.log.info(`${signal} received: shutting down`);
    await closeGracefully(app);
    await stopBackground();
    await db.$client.end();
    await embedded?.stop();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Screenroom is ready on ${config.publicUrl}${config.devOutbox ? ` (dev outbox: ${config.publicUrl}/dev/outbox)` : ''}`,
  );
}

main().catch((error) => {
  if (error instanceof DatabaseNotReachedError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
