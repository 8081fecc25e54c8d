// `npm test`: every check, in order: lint, types, unit + HTTP tests, build, browser tests.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests drive Debian's Chromium; install it when missing (as root, or through sudo). */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return 0;
  const isRoot = process.getuid?.() === 0;
  const hasSudo = spawnSync('sh', ['-c', 'command -v sudo'], { stdio: 'ignore' }).status === 0;
  if (!isRoot && !hasSudo) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    return 1;
  }
  const sudo = isRoot ? '' : 'sudo ';
  console.log('Installing Debian chromium for the browser tests…');
  try {
    execSync(
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
      {
        stdio: 'inherit',
      },
    );
    return 0;
  } catch {
    return 1;
  }
}

const run = (command) => () => spawnSync(command, { stdio: 'inherit', shell: true }).status ?? 1;

const steps = [
  ['Chromium for browser tests', ensureChromium],
  ['Lint and format (Biome)', run('npx biome check .')],
  ['Type check', run('npm run typecheck')],
  ['Unit and HTTP tests (Vitest, real PostgreSQL and SMTP)', run('npx vitest run')],
  ['Build', run('npm run build')],
  ['Browser tests (Playwright, Chromium)', run('npm test -w @screenroom/e2e')],
];

const results = [];
for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const status = step();
  results.push([name, status, ((Date.now() - started) / 1000).toFixed(1)]);
  if (status !== 0) break;
}
console.log('\nSummary');
for (const [name, status, seconds] of results)
  console.log(`  ${status === 0 ? '✓' : '✗'} ${name} (${seconds} s)`);
const failed = results.some(([, status]) => status !== 0);
process.exit(failed ? 1 : 0);
