import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventIngest } from './event-ingest';
import { EventJournal, JournalInUseError, SET_ASIDE_FILE } from './event-journal';
import type { BatchOutcome, EventBatch } from './event-store';

const SESSION = '00000000-0000-4000-8000-000000000001';
const events = (...seqs: number[]): WatchEvent[] =>
  seqs.map((seq) => ({
    seq,
    type: 'progress',
    at: 1_700_000_000_000 + seq,
    position: seq,
    data: { from: seq - 1 },
  }));

/** PostgreSQL's side as the ingest sees it: a session's stored seqs, and transactions that can fail. */
class FakeStore {
  written: EventBatch[] = [];
  failing: ((batch: EventBatch) => boolean) | null = null;
  /** Fail as PostgreSQL refusing the data (else as the database being unreachable). */
  refusing = false;
  reads = 0;
  constructor(private readonly stored: number[] = []) {}
  /** Started long ago: these tests send far fewer events than its budget allows. */
  async sessionSoFar(sessionId: string) {
    this.reads++;
    return sessionId === SESSION ? { seqs: [...this.stored], startedAt: new Date(0) } : null;
  }
  async write(batches: EventBatch[]): Promise<BatchOutcome[]> {
    if (this.failing && batches.some(this.failing)) {
      throw this.refusing
        ? Object.assign(new Error('invalid input'), { code: '22P02' })
        : new Error('ECONNREFUSED');
    }
    this.written.push(...batches);
    return batches.map((b) => ({ accepted: b.events.length, duplicates: 0 }));
  }
}

const quietLog = {
  errors: [] as string[],
  error(_details: object, message: string) {
    this.errors.push(message);
  },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'screenroom-journal-'));
  quietLog.errors = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const segments = async () => (await readdir(dir)).filter((n) => n.endsWith('.jsonl'));
const journalText = async () =>
  (await Promise.all((await segments()).sort().map((n) => readFile(path.join(dir, n), 'utf8')))).join('');

describe('EventIngest', () => {
  it('reads nothing for the first batch of a session this server just opened', async () => {
    const store = new FakeStore();
    const ingest = new EventIngest(new EventJournal(dir), store, quietLog);
    await ingest.start();
    const opened = '00000000-0000-4000-8000-00000000beef';
    ingest.opened(opened, new Date());
    expect(await ingest.accept({ sessionId: opened, events: events(0, 1), duration: 60 })).toEqual({
      accepted: 2,
      duplicates: 0,
    });
    expect(await ingest.accept({ sessionId: opened, events: events(1), duration: 60 })).toEqual({
      accepted: 0,
      duplicates: 1,
    });
    expect(store.reads).toBe(0);
    // A session it did not open (another server's, or one from before a restart) is read once.
    await ingest.accept({ sessionId: SESSION, events: events(5), duration: 60 });
    await ingest.accept({ sessionId: SESSION, events: events(6), duration: 60 });
    expect(store.reads).toBe(1);
    await ingest.stop();
  });

  it('answers once the batch is in the journal file, and counts duplicates at the door', async () => {
    const store = new FakeStore([0, 1]);
    const ingest = new EventIngest(new EventJournal(dir), store, quietLog);
    await ingest.start();
    expect(await ingest.accept({ sessionId: SESSION, events: events(1, 2, 3, 3), duration: 60 })).toEqual({
      accepted: 2,
      duplicates: 2,
    });
    const line = JSON.parse((await journalText()).trim()) as EventBatch;
    expect(line.events.map((e) => e.seq)).toEqual([2, 3]);
    expect(await ingest.accept({ sessionId: SESSION, events: events(2, 3), duration: 60 })).toEqual({
      accepted: 0,
      duplicates: 2,
    });
    await ingest.settled();
    expect(store.written.flatMap((b) => b.events.map((e) => e.seq))).toEqual([2, 3]);
    await expect(
      ingest.accept({ sessionId: '00000000-0000-4000-8000-00000000dead', events: events(0), duration: 60 }),
    ).rejects.toThrow('This viewing session does not exist.');
    await ingest.stop();
    expect(await segments()).toEqual([]); // Everything is in PostgreSQL: nothing left to replay.
  });

  it('keeps answered batches through a database outage and a restart, and writes them on the next start', async () => {
    const down = new FakeStore();
    down.failing = () => true;
    const first = new EventIngest(new EventJournal(dir), down, quietLog, 1);
    await first.start();
    await first.accept({ sessionId: SESSION, events: events(0, 1), duration: 60 });
    await first.accept({ sessionId: SESSION, events: events(2), duration: 60 });
    await new Promise((r) => setTimeout(r, 300)); // Many retries, none of which may give up.
    await first.stop(0);
    expect(down.written).toEqual([]);
    expect(quietLog.errors.length).toBeGreaterThan(0);
    // A crash can cut the last line short; it was never answered, so it is skipped.
    const [segment] = await segments();
    await writeFile(path.join(dir, segment!), '{"sessionId":"cut sho', { flag: 'a' });

    const up = new FakeStore();
    const second = new EventIngest(new EventJournal(dir), up, quietLog);
    await second.start();
    expect(up.written.flatMap((b) => b.events.map((e) => e.seq))).toEqual([0, 1, 2]);
    await second.stop();
    expect(await segments()).toEqual([]);
  });

  it('replays a batch with the clock offset it arrived with', async () => {
    const down = new FakeStore();
    down.failing = () => true;
    const first = new EventIngest(new EventJournal(dir), down, quietLog, 1);
    await first.start();
    await first.accept({ sessionId: SESSION, events: events(0), duration: 60, clockOffsetMs: -180_000 });
    await first.accept({ sessionId: SESSION, events: events(1), duration: 60 });
    await first.stop(0);

    const up = new FakeStore();
    const second = new EventIngest(new EventJournal(dir), up, quietLog);
    await second.start();
    expect(up.written.map((b) => b.clockOffsetMs)).toEqual([-180_000, undefined]);
    await second.stop();
  });

  it('sets aside a batch the database keeps refusing, and writes the others', async () => {
    const store = new FakeStore();
    store.failing = (b) => b.events.some((e) => e.seq === 13);
    store.refusing = true;
    const ingest = new EventIngest(new EventJournal(dir), store, quietLog, 1);
    await ingest.start();
    await Promise.all(
      [12, 13, 14].map((seq) => ingest.accept({ sessionId: SESSION, events: events(seq), duration: 60 })),
    );
    await ingest.settled(Number.POSITIVE_INFINITY);
    expect(store.written.flatMap((b) => b.events.map((e) => e.seq)).sort()).toEqual([12, 14]);
    expect(quietLog.errors).toContain('Viewer events refused by the database were set aside');
    const setAside = await readFile(path.join(dir, SET_ASIDE_FILE), 'utf8');
    expect((JSON.parse(setAside) as EventBatch).events.map((e) => e.seq)).toEqual([13]);
    await ingest.stop();
  });

  it('answers "duplicate" only once the original is durable, and counts it as new if that write failed', async () => {
    const journal = new EventJournal(dir);
    let failNext = true;
    const flaky = {
      open: () => journal.open(),
      projected: (segment: number) => journal.projected(segment),
      setAside: (batch: EventBatch) => journal.setAside(batch),
      close: () => journal.close(),
      append: async (batch: EventBatch) => {
        await new Promise((r) => setTimeout(r, 30));
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        return journal.append(batch);
      },
    };
    const store = new FakeStore();
    const ingest = new EventIngest(flaky, store, quietLog);
    await ingest.start();
    const first = ingest.accept({ sessionId: SESSION, events: events(1), duration: 60 });
    const retry = ingest.accept({ sessionId: SESSION, events: events(1), duration: 60 });
    await expect(first).rejects.toThrow('disk full');
    expect(await retry).toEqual({ accepted: 1, duplicates: 0 });
    await ingest.settled();
    expect(store.written.flatMap((b) => b.events.map((e) => e.seq))).toEqual([1]);
    await ingest.stop();
  });

  it('projects a batch that arrives just as the projector finishes its queue', async () => {
    // The projector's last write ends and, a few microtasks later, the next batch is in the journal:
    // at one of these offsets it is queued after the projector's loop has ended but before the
    // projector has marked itself idle. Every offset must still reach PostgreSQL.
    const deferred = () => {
      let resolve!: (value: number) => void;
      return { promise: new Promise<number>((r) => (resolve = r)), resolve };
    };
    for (let offset = 0; offset < 12; offset++) {
      const appends = [deferred(), deferred()];
      const lastWrite = deferred();
      const journal = {
        open: async () => [],
        append: () => appends.shift()!.promise,
        projected: () => {},
        setAside: async () => {},
        close: async () => {},
      };
      const store = new FakeStore();
      const write = store.write.bind(store);
      let writes = 0;
      store.write = async (batches) => {
        if (writes++ === 0) await lastWrite.promise;
        return write(batches);
      };
      const ingest = new EventIngest(journal, store, quietLog);
      await ingest.start();
      const [firstAppend, secondAppend] = appends;
      const first = ingest.accept({ sessionId: SESSION, events: events(1), duration: 60 });
      firstAppend!.resolve(1);
      await first;
      const second = ingest.accept({ sessionId: SESSION, events: events(2), duration: 60 });
      await new Promise((r) => setTimeout(r, 0));
      lastWrite.resolve(0);
      for (let tick = 0; tick < offset; tick++) await Promise.resolve();
      secondAppend!.resolve(1);
      await second;
      await ingest.settled(200);
      expect({ offset, backlog: ingest.backlog }).toEqual({ offset, backlog: 0 });
      await ingest.stop(0);
    }
  });

  it('refuses a journal another live process owns', async () => {
    await writeFile(path.join(dir, 'owner.pid'), String(process.ppid));
    await expect(new EventJournal(dir).open()).rejects.toBeInstanceOf(JournalInUseError);
    // A stale owner (no such process) is taken over.
    await writeFile(path.join(dir, 'owner.pid'), '999999999');
    const journal = new EventJournal(dir);
    await expect(journal.open()).resolves.toEqual([]);
    await journal.close();
  });
});
