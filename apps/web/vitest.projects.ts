import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * Test files that replace modules (`vi.mock`, `vi.doMock`) or load them afresh (`vi.resetModules`, a
 * dynamic `import()`): they need modules no other file has loaded, so they run isolated. Found by reading
 * the files, so a new one is placed right without a list to keep.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules)\(|\bawait import\(/;
const isolatedFiles = readdirSync(path.join(import.meta.dirname, 'src'), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => REPLACES_MODULES.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')));

/**
 * The web tests as two projects. Most files share one happy-dom and one module cache per worker
 * (isolate: false): building them afresh for each of some 90 files took four fifths of the web tests'
 * time. Runs in shuffled orders found no file depending on another's leftovers; `unstubGlobals` undoes
 * each test's `vi.stubGlobal`.
 */
export const webProject = (isolated: boolean) =>
  defineProject({
    plugins: [react()],
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'happy-dom',
      include: isolated ? isolatedFiles : [TESTS],
      exclude: isolated ? [] : [...configDefaults.exclude, ...isolatedFiles],
      isolate: isolated,
      setupFiles: ['src/test/setup.ts'],
      css: false,
      unstubGlobals: true,
      // Typing through user-event in happy-dom takes seconds on a busy two-core machine.
      testTimeout: 15_000,
    },
  });
