import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openViewingSession } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { EventStore } from './event-store';

let t: TestApp;
let store: EventStore;
beforeAll(async () => {
  t = await createTestApp();
  store = new EventStore(t.db);
});
afterAll(() => t.close());

/** Progress reports, one per seq: each one played the second before its position. */
const progress = (...seqs: number[]): WatchEvent[] =>
  seqs.map((seq) => ({
    seq,
    type: 'progress',
    at: 1_790_000_000_000 + seq * 1000,
    position: seq + 1,
    data: { from: seq },
  }));

async function stored(sessionId: string) {
  const events = await t.db.$client.query<{ seq: number }>(
    'SELECT seq FROM watch_events WHERE session_id = $1 ORDER BY seq',
    [sessionId],
  );
  const session = await t.db.$client.query<{
    events_count: number;
    watched_seconds: number;
    last_seq: number;
    last_position: number;
  }>('SELECT events_count, watched_seconds, last_seq, last_position FROM watch_sessions WHERE id = $1', [
    sessionId,
  ]);
  return { seqs: events.rows.map((r) => r.seq), ...session.rows[0] };
}

describe('EventStore: each seq is stored and counted once', () => {
  it('skips a batch written again, as when the journal is replayed after a crash', async () => {
    const { sessionId } = await openViewingSession(t);
    const batch = { sessionId, events: progress(0, 1, 2, 3, 4), duration: 120 };
    expect(await store.write([batch])).toEqual([{ accepted: 5, duplicates: 0 }]);
    const first = await stored(sessionId);
    expect(first).toMatchObject({ seqs: [0, 1, 2, 3, 4], events_count: 5, watched_seconds: 5, last_seq: 4 });
    expect(await store.write([batch])).toEqual([{ accepted: 0, duplicates: 5 }]);
    expect(await stored(sessionId)).toEqual(first);
    // Stored seqs inside a batch that starts elsewhere: the batches' key alone would not catch these.
    expect(await store.write([{ sessionId, events: progress(1, 2, 3), duration: 120 }])).toEqual([
      { accepted: 0, duplicates: 3 },
    ]);
    expect(await stored(sessionId)).toEqual(first);
  });

  it('keeps only the new seqs of a batch that overlaps stored ones, as a retry reaching another server', async () => {
    const { sessionId } = await openViewingSession(t);
    await store.write([{ sessionId, events: progress(0, 1, 2, 3), duration: 120 }]);
    expect(await store.write([{ sessionId, events: progress(2, 3, 4, 5, 6), duration: 120 }])).toEqual([
      { accepted: 3, duplicates: 2 },
    ]);
    expect(await stored(sessionId)).toMatchObject({
      seqs: [0, 1, 2, 3, 4, 5, 6],
      events_count: 7,
      watched_seconds: 7,
      last_seq: 6,
      last_position: 7,
    });
  });

  it('sorts out batches of one write that overlap each other or arrive out of order', async () => {
    const { sessionId } = await openViewingSession(t);
    const outcomes = await store.write([
      { sessionId, events: progress(12, 10, 11), duration: 120 },
      { sessionId, events: progress(8, 9), duration: 120 },
      { sessionId, events: progress(9, 10, 13), duration: 120 },
    ]);
    expect(outcomes).toEqual([
      { accepted: 3, duplicates: 0 },
      { accepted: 2, duplicates: 0 },
      { accepted: 1, duplicates: 2 },
    ]);
    // The latest position is the highest seq's, whatever order the batches came in.
    expect(await stored(sessionId)).toMatchObject({
      seqs: [8, 9, 10, 11, 12, 13],
      events_count: 6,
      last_seq: 13,
      last_position: 14,
    });
  });
});

describe('EventStore: a batch read in our time with the clock offset it arrived with', () => {
  it('uses the offset measured at arrival, however late the batch is written (a journal replayed)', async () => {
    const { sessionId } = await openViewingSession(t);
    const arrived = Date.now();
    // Silent for ten minutes, then a batch from a page whose clock runs three minutes slow.
    await t.db.$client.query('UPDATE watch_sessions SET last_seen_at = $2 WHERE id = $1', [
      sessionId,
      new Date(arrived - 10 * 60_000),
    ]);
    const behind = -3 * 60_000;
    const batch = {
      sessionId,
      events: [{ seq: 0, type: 'play' as const, at: arrived + behind, position: 60 }],
      duration: 120,
      clockOffsetMs: behind,
    };
    // Written twenty minutes after it arrived, as after a crash: what counts is how the page's clock
    // stood when the batch came in.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(arrived + 20 * 60_000);
      await store.write([batch]);
    } finally {
      vi.useRealTimers();
    }
    const { rows } = await t.db.$client.query<{ silent_seconds: number; last_seen_at: Date }>(
      'SELECT silent_seconds, last_seen_at FROM watch_sessions WHERE id = $1',
      [sessionId],
    );
    expect(rows[0]!.silent_seconds).toBe(600);
    expect(rows[0]!.last_seen_at.getTime()).toBe(arrived);
  });
});
