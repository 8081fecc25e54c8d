import { AgingMap } from '../../lib/aging-map';
import { networkOf, wideNetworkOf } from '../../lib/network-of';

/** How long the same refusal from the same client is recorded once. */
export const REPEAT_WINDOW_MS = 60_000;
/**
 * How often one wide network (an IPv6 /48, an IPv4 /24: `wideNetworkOf`) may write the same entry a
 * minute, however many client networks it asks from: a flood from a /48 writes three where it wrote one
 * per /64 (65,536), and three people behind one office's network still each get theirs.
 */
export const SAME_ENTRY_PER_NETWORK_A_MINUTE = 3;
/**
 * Entries of any kind one wide network may write a minute: whoever makes up fresh ones (a sign-in code
 * tried for a new e-mail address each time) writes 30 a minute at most. Not per presenter: entries name
 * films by the address asked for, and a made-up film id a try would be a fresh allowance each. The first
 * entry held back in a minute is replaced by one saying so (`verdict`), so holding them back is never
 * silent. A viewer whose link was stopped
 * causes four or five different ones (page, streams, keys, heartbeats, reports); 30 leave room for
 * several such people behind one network in the same minute.
 */
export const ENTRIES_PER_NETWORK_A_MINUTE = 30;
const MINUTE_MS = 60_000;
/** Keys each generation of the guard's memories holds (see AgingMap): under 20 MB in all. */
const MEMORY_CAPACITY = 10_000;

/**
 * Decides which of the entries anyone can cause without signing in are written
 * (`LogsService.recordRepeatable`), so nobody can flood a log: the same entry from the same client
 * network (`networkOf`) once a window, and a few a minute from one wide network (the caps below).
 * Kept in memory, per process; only what is let through is remembered, so refused tries cost no memory.
 */
export class RepeatGuard {
  /** When each entry was last let through, by what it says and whence; one memory per window length. */
  private readonly lastAdmitted = new Map<number, AgingMap<number>>();
  /**
   * Each wide network's minute, and each entry's in it: when it began, how many were let through, and
   * whether the log was told that more were held back.
   */
  private readonly networkMinutes = new AgingMap<{ since: number; count: number; told?: boolean }>(
    MINUTE_MS,
    MEMORY_CAPACITY,
  );

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether to write `entry` (what it says) from `ipAddress` now; a yes counts as written. */
  admits(entry: string, ipAddress: string | undefined, windowMs = REPEAT_WINDOW_MS) {
    return this.verdict(entry, ipAddress, windowMs) === 'write';
  }

  /**
   * Write `entry`, skip it, or, the first time in a minute that a network's entries are held back by
   * their number, write that they are instead.
   */
  verdict(
    entry: string,
    ipAddress: string | undefined,
    windowMs = REPEAT_WINDOW_MS,
  ): 'write' | 'skip' | 'say-held-back' {
    const now = this.now();
    const lastAdmitted = this.memoryFor(windowMs);
    const fromClient = `${entry}\u0000${networkOf(ipAddress)}`;
    const last = lastAdmitted.get(fromClient, now);
    if (last !== undefined && now - last < windowMs) return 'skip';

    const network = wideNetworkOf(ipAddress) ?? '';
    const networkKey = `network\u0000${network}`;
    const counts = [
      { key: networkKey, cap: ENTRIES_PER_NETWORK_A_MINUTE },
      { key: `entry\u0000${network}\u0000${entry}`, cap: SAME_ENTRY_PER_NETWORK_A_MINUTE },
    ].map(({ key, cap }) => ({ key, cap, minute: this.minuteOf(key, now) }));
    const full = counts.find(({ minute, cap }) => minute.count >= cap);
    // More of the same entry speaks for itself; other entries held back are said once a minute.
    if (full?.key === networkKey && !full.minute.told) {
      this.networkMinutes.set(networkKey, { ...full.minute, told: true }, now);
      return 'say-held-back';
    }
    if (full) return 'skip';

    for (const { key, minute } of counts)
      this.networkMinutes.set(key, { ...minute, count: minute.count + 1 }, now);
    lastAdmitted.set(fromClient, now, now);
    return 'write';
  }

  /** The minute a count is in: the one begun by its first entry, or a new one once that is over. */
  private minuteOf(key: string, now: number) {
    const minute = this.networkMinutes.get(key, now);
    return minute && now - minute.since < MINUTE_MS ? minute : { since: now, count: 0 };
  }

  private memoryFor(windowMs: number) {
    let memory = this.lastAdmitted.get(windowMs);
    if (!memory) {
      memory = new AgingMap<number>(windowMs, MEMORY_CAPACITY);
      this.lastAdmitted.set(windowMs, memory);
    }
    return memory;
  }
}
