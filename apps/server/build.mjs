// Bundles the server's TypeScript (and the shared package's) into dist/; npm dependencies stay external.
import { existsSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@screenroom/'));
const entryPoints = ['src/main.ts', 'src/worker.ts'].filter((f) => existsSync(f));

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  jsx: 'automatic',
  external,
  logLevel: 'warning',
});
console.log(
  `server built: ${entryPoints.map((e) => e.replace('src/', 'dist/').replace('.ts', '.js')).join(', ')}`,
);
