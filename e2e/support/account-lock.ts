import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Longer than any sign-in takes: a lock this old was left by a worker that died holding it. */
const STALE_MS = 60_000;

/**
 * Runs `signIn` alone among the test workers for this address. An account's newest code is its only
 * valid one, so two workers signing in to the same account at once (the administrator's) spoiled each
 * other's codes. `mkdir` is atomic across processes.
 */
export async function aloneForAccount<T>(email: string, signIn: () => Promise<T>): Promise<T> {
  const name = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16);
  const lock = path.join(tmpdir(), 'screenroom-e2e-locks', name);
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSafe(lock) ?? Date.now());
      if (age > STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  try {
    return await signIn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function statSafe(file: string) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}
