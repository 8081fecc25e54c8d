import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run one after another in a worker's one module cache: each builds its own app and database
    // copy, and no module keeps state between them. Loading the server afresh per file cost 150 s a run.
    isolate: false,
  },
});
