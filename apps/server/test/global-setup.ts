import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrateDatabaseAt } from '../src/db/migrate';
import { JobQueue } from '../src/infra/queue/job-queue';
import { type PipelineDeps, VideoPipeline } from '../src/modules/videos/pipeline/video-pipeline';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database that each test file copies (CREATE DATABASE ... TEMPLATE). */
    pgTemplateUrl: string;
  }
}

export const TEMPLATE_DB = 'screenroom_template';

/**
 * One real PostgreSQL for the whole run (or the one in TEST_DATABASE_URL), migrated once into a template
 * database; every test file gets its own copy, so files run in parallel without seeing each other.
 */
export default async function setup(project: TestProject) {
  // embedded-postgres registers async-exit-hook on import, which ends the process with exit(0) on
  // 'beforeExit': Vitest's exit code 1 for a failed run was lost, and CI passed with failing tests.
  // Stopping the database is this file's teardown's job. ('exit' goes too: without 'beforeExit' first,
  // the hook would run there and throw. Signals keep it, so Ctrl-C still stops the database.)
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent: (e: string) => void };
  exitHook.unhookEvent('beforeExit');
  exitHook.unhookEvent('exit');
  const external = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let url: string;
  if (external) {
    url = external;
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'screenroom-test-pg-'));
    const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
    const pg = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      log: quiet,
      database: TEMPLATE_DB,
    });
    url = pg.url;
    stop = async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  await migrateDatabaseAt(url);
  // pg-boss installs its own schema on first start: do it once here, so every copy already has it.
  const queue = new JobQueue(url, { monitorIntervalSeconds: 60 });
  await queue.start(new VideoPipeline({} as PipelineDeps).queueDefinitions());
  await queue.stop();
  project.provide('pgTemplateUrl', url);
  return stop;
}
