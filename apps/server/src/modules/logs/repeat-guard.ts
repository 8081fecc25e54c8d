import { networkOf } from '../../lib/network-of';

/** How long the same refusal from the same client is recorded once. */
export const REPEAT_WINDOW_MS = 60_000;

/**
 * Decides which of the entries anyone can cause without signing in are written
 * (`LogsService.recordRepeatable`), so nobody can flood a log. Kept in memory, per process.
 */
export class RepeatGuard {
  /** When each entry was last recorded, by what it says and whence. */
  private readonly lastRecorded = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether to write `entry` (what it says) from `ipAddress` now; a yes counts as written. */
  admits(entry: string, ipAddress: string | undefined, windowMs = REPEAT_WINDOW_MS): boolean {
    const key = `${entry}\u0000${networkOf(ipAddress)}`;
    const now = this.now();
    if (now - (this.lastRecorded.get(key) ?? 0) < windowMs) return false;
    if (this.lastRecorded.size >= 10_000) this.lastRecorded.clear();
    this.lastRecorded.set(key, now);
    return true;
  }
}
