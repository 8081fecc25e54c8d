import { EventBudgetSpentError, eventsAllowed, secondsUntilRoom } from './event-budget';
import type { EventJournal } from './event-journal';
import type { BatchOutcome, EventBatch, EventStore } from './event-store';
import { SessionGoneError } from './event-store';

/** Batches folded into PostgreSQL per transaction by the projector. */
const PROJECT_BATCHES = 2000;
/** Sessions whose seq numbers are remembered; past this, idle ones are forgotten (and re-read if needed). */
const REMEMBERED_SESSIONS = 20_000;
/** How long a presenter's read waits for the projector before answering with what is there. */
const SETTLE_WAIT_MS = 2000;

/** PostgreSQL refused the data itself (SQLSTATE classes 22 and 23), as opposed to being unreachable. */
const refusesTheData = (error: unknown) => /^2[23]/.test(String((error as { code?: unknown }).code ?? ''));

/**
 * A session's seq numbers taken so far; `writing` settles once the latest of its batches is in the
 * journal (or failed to get there).
 */
type Seen = { seqs: Set<number>; startedAt: Date; unprojected: number; writing: Promise<unknown> };
type Queued = { batch: EventBatch; segment: number; seen?: Seen };
type Log = { error: (details: object, message: string) => void };

/**
 * Viewer events in: a batch is answered once it is durably in the journal (so "answered" still means
 * "stored"), and the projector folds journaled batches into PostgreSQL (events, session figures and
 * rollups: EventStore) in large transactions behind the answers. Duplicate seq numbers are found at the
 * door, against the seqs each session already has, so the answer still counts them exactly.
 */
export class EventIngest {
  private readonly seen = new Map<string, Seen>();
  private readonly loading = new Map<string, Promise<Seen>>();
  private queue: Queued[] = [];
  private projecting: Promise<void> | null = null;
  private queuedCount = 0;
  private projectedCount = 0;
  private waiters: { target: number; resolve: () => void }[] = [];
  private stopping = false;
  /** Cuts short the projector's wait before a retry (on stop). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly journal: Pick<EventJournal, 'open' | 'append' | 'projected' | 'setAside' | 'close'>,
    private readonly store: Pick<EventStore, 'sessionSoFar' | 'write'>,
    private readonly log: Log,
    private readonly retryBaseMs = 100,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Opens the journal and folds in what a previous run left, before any new batch is taken. */
  async start() {
    const leftover = await this.journal.open();
    this.enqueue(leftover);
    await this.settled(Number.POSITIVE_INFINITY);
  }

  /** Drains the projector for up to `waitMs`; what is not written by then stays in the journal. */
  async stop(waitMs = 5000) {
    await this.settled(waitMs);
    this.stopping = true;
    this.wake?.();
    await this.projecting;
    await this.journal.close();
  }

  /**
   * A session this server has just made has no events yet: known as such, its first batch needs no
   * read of what it has (a resumed session is not new, and is read as any other).
   */
  opened(sessionId: string, startedAt: Date) {
    if (this.seen.has(sessionId) || this.loading.has(sessionId)) return;
    this.forgetIdleSessions();
    this.seen.set(sessionId, { seqs: new Set(), startedAt, unprojected: 0, writing: Promise.resolve() });
  }

  async accept(batch: EventBatch): Promise<BatchOutcome> {
    const seen = await this.seenOf(batch.sessionId);
    // A seq is only a duplicate once the batch that first carried it is durable; if that write
    // failed, its seqs were given back and count as new here.
    if (batch.events.some((e) => seen.seqs.has(e.seq))) await seen.writing;
    const taken = new Set<number>();
    const fresh = batch.events.filter((e) => {
      if (seen.seqs.has(e.seq) || taken.has(e.seq)) return false;
      taken.add(e.seq);
      return true;
    });
    // Counted on the seqs in memory (duplicates are not new), so the budget costs no database read.
    const over = seen.seqs.size + fresh.length - eventsAllowed(seen.startedAt, this.now());
    if (over > 0) throw new EventBudgetSpentError(secondsUntilRoom(over));
    for (const seq of taken) seen.seqs.add(seq);
    const outcome = { accepted: fresh.length, duplicates: batch.events.length - fresh.length };
    if (fresh.length === 0) return outcome;
    const written = { ...batch, events: fresh };
    seen.unprojected++;
    const appended = this.journal.append(written);
    seen.writing = appended.catch(() => undefined);
    try {
      this.enqueue([{ batch: written, segment: await appended, seen }]);
    } catch (error) {
      seen.unprojected--;
      for (const e of fresh) seen.seqs.delete(e.seq);
      throw error;
    }
    return outcome;
  }

  /**
   * Resolves once every batch answered before this call is in PostgreSQL, or after `waitMs`: presenters'
   * figures read after it include what viewers reported up to that moment.
   */
  settled(waitMs = SETTLE_WAIT_MS) {
    const target = this.queuedCount;
    if (this.projectedCount >= target) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter = { target, resolve };
      this.waiters.push(waiter);
      if (!Number.isFinite(waitMs)) return;
      setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve();
      }, waitMs).unref();
    });
  }

  /** How many answered batches are not yet in PostgreSQL. */
  get backlog() {
    return this.queuedCount - this.projectedCount;
  }

  private async seenOf(sessionId: string): Promise<Seen> {
    const known = this.seen.get(sessionId);
    if (known) {
      // Most recently used last, so forgetting starts with the longest idle.
      this.seen.delete(sessionId);
      this.seen.set(sessionId, known);
      return known;
    }
    let loading = this.loading.get(sessionId);
    if (!loading) {
      loading = this.store
        .sessionSoFar(sessionId)
        .then((session): Seen => {
          if (!session) throw new SessionGoneError('This viewing session does not exist.');
          const seen = {
            seqs: new Set(session.seqs),
            startedAt: session.startedAt,
            unprojected: 0,
            writing: Promise.resolve(),
          };
          this.forgetIdleSessions();
          this.seen.set(sessionId, seen);
          return seen;
        })
        .finally(() => this.loading.delete(sessionId));
      this.loading.set(sessionId, loading);
    }
    return loading;
  }

  /** Forgets the least recently used sessions that have nothing on its way to PostgreSQL. */
  private forgetIdleSessions() {
    if (this.seen.size < REMEMBERED_SESSIONS) return;
    for (const [id, seen] of this.seen) {
      if (this.seen.size < REMEMBERED_SESSIONS * 0.9) break;
      if (seen.unprojected === 0) this.seen.delete(id);
    }
  }

  private enqueue(items: Queued[]) {
    for (const item of items) this.queue.push(item);
    this.queuedCount += items.length;
    this.startProjector();
  }

  private startProjector() {
    this.projecting ??= this.project().finally(() => {
      this.projecting = null;
      // A batch queued after the loop's last look at the queue, but before this, would wait for the next.
      if (this.queue.length > 0 && !this.stopping) this.startProjector();
    });
  }

  /**
   * Folds the queue into PostgreSQL, oldest first. A failing transaction is retried in smaller groups:
   * with a growing wait while the database is unreachable (the journal keeps everything meanwhile), and
   * at once when PostgreSQL refuses the data, so one bad batch cannot hold up the others. Refused alone
   * twice, it goes to the journal's set-aside file, with an error in the log. (Validation at the door
   * keeps such batches out; this is the last line of defence.)
   */
  private async project() {
    let limit = PROJECT_BATCHES;
    let failures = 0;
    while (this.queue.length > 0 && !this.stopping) {
      const group = this.queue.slice(0, limit);
      try {
        // A batch of a session deleted meanwhile comes back as SessionGoneError: nothing to keep.
        await this.store.write(group.map((q) => q.batch));
        failures = 0;
        limit = PROJECT_BATCHES;
      } catch (error) {
        failures++;
        const refused = refusesTheData(error);
        const givingUp = refused && group.length === 1 && failures >= 2;
        this.log.error(
          { err: error, batches: group.length, sessionId: group[0]?.batch.sessionId },
          givingUp
            ? 'Viewer events refused by the database were set aside'
            : 'Viewer events could not be written yet',
        );
        if (!givingUp) {
          limit = Math.max(1, Math.floor(group.length / 2));
          // Refused data: find the culprit at once. Unreachable database: wait longer each time.
          if (!refused) {
            await new Promise<void>((resolve) => {
              this.wake = resolve;
              setTimeout(resolve, Math.min(30_000, this.retryBaseMs * 2 ** failures)).unref();
            });
          }
          continue;
        }
        await this.journal.setAside(group[0]!.batch).catch(() => undefined);
        failures = 0;
      }
      this.queue = this.queue.slice(group.length);
      this.projectedCount += group.length;
      for (const { segment, seen } of group) {
        this.journal.projected(segment);
        if (seen) seen.unprojected--;
      }
      this.waiters = this.waiters.filter((w) => {
        if (w.target > this.projectedCount) return true;
        w.resolve();
        return false;
      });
    }
  }
}
