import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/web/vitest.isolated.config.ts'],
    // Vitest's default (one worker less than the cores) is one worker on a two-core machine; many files
    // spend their time waiting on PostgreSQL, ffmpeg or a timer, so two overlap well there (622 s → 406 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
