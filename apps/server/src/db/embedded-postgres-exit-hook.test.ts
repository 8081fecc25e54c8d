import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'screenroom-exit-hook-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const moduleUrl = new URL('./embedded-postgres.ts', import.meta.url).href;

/** A real process that loads the module as main.ts does, then stops gracefully (200 ms) on SIGTERM. */
async function runUntilSigterm() {
  const script = path.join(dir, 'graceful.mts');
  await writeFile(
    script,
    `import { leaveShutdownToUs } from ${JSON.stringify(moduleUrl)};
leaveShutdownToUs();
process.on('SIGTERM', () => setTimeout(() => { console.log('stopped gracefully'); process.exit(0); }, 200));
setInterval(() => {}, 1000);
console.log('ready');
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out };
}

describe('the server’s own shutdown', () => {
  it('is not cut short by embedded-postgres’s exit hook (exit 143 on the next tick of a SIGTERM)', async () => {
    const { code, out } = await runUntilSigterm();
    expect(out).toContain('stopped gracefully');
    expect(code).toBe(0);
  }, 30_000);
});
