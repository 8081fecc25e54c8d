import type { WatchEvent } from '@screenroom/shared/schemas/watch';
import type { Database } from '../../db/client';
import { LOCK_FILMS_OF_SESSIONS_FIRST } from '../../db/film-lock';
import type { PlayedRanges } from '../../db/schema/watch';
import { mergeRanges, summarize } from './ingest';
import { rollups, type SessionActivity } from './rollups';
import { silencesAfterEvents } from './silence';

export type EventBatch = {
  sessionId: string;
  events: WatchEvent[];
  duration: number | null;
  /**
   * How far the page's clock was ahead of ours (negative: behind) as the batch arrived, when the page
   * sent its clock (silence.ts: clockOffsetAtArrival); journaled with the batch, so a replay reads it
   * as measured then.
   */
  clockOffsetMs?: number;
};
export type BatchOutcome = { accepted: number; duplicates: number };

type LockedSession = {
  id: string;
  tracking_link_id: string;
  video_id: string;
  started_at: Date;
  country: string | null;
  device_type: string | null;
  browser: string | null;
  is_preview: boolean;
  watched_seconds: number;
  played_ranges: PlayedRanges;
  views: number;
  clicks: number;
  events_count: number;
  last_seen_at: Date;
  closed_at: Date | null;
  silent_seconds: number;
  silence_from: Date | null;
  silence_to: Date | null;
  clock_ahead_ms: number;
  last_seq: number | null;
  last_position: number | null;
};

export class SessionGoneError extends Error {}

/**
 * Writes many event batches (of many sessions) in one transaction: the sessions locked in id order,
 * each batch's seqs the session does not have yet inserted at once as one row (so a batch replayed or
 * retried counts once: newEvents), then each session's figures, and the rollups of its tracking link
 * and film (rollups.ts).
 * This is the hot path of the viewer API, so it speaks SQL directly with array parameters: a handful
 * of round trips whatever the number of batches.
 */
export class EventStore {
  constructor(private readonly db: Database) {}

  /**
   * The seq numbers a session already has, or null when there is no such session (`client`: inside a
   * transaction).
   */
  async storedSeqs(
    sessionId: string,
    client: { query: Database['$client']['query'] } = this.db.$client,
  ): Promise<number[] | null> {
    const { rows } = await client.query<{ seqs: number[] }>(
      `SELECT ARRAY(SELECT seq FROM watch_events WHERE session_id = s.id) AS seqs
         FROM watch_sessions s WHERE s.id = $1`,
      [sessionId],
    );
    return rows[0]?.seqs ?? null;
  }

  /**
   * What the door needs of a session, in one statement: the seq numbers it already has and when it
   * started (its events budget, event-budget.ts); null when there is no such session.
   */
  async sessionSoFar(sessionId: string): Promise<{ seqs: number[]; startedAt: Date } | null> {
    const { rows } = await this.db.$client.query<{ seqs: number[]; started_at: Date }>(
      `SELECT ARRAY(SELECT seq FROM watch_events WHERE session_id = s.id) AS seqs, s.started_at
         FROM watch_sessions s WHERE s.id = $1`,
      [sessionId],
    );
    const row = rows[0];
    return row ? { seqs: row.seqs, startedAt: row.started_at } : null;
  }

  async write(batches: EventBatch[]): Promise<(BatchOutcome | Error)[]> {
    const client = await this.db.$client.connect();
    try {
      await client.query('BEGIN');
      const outcomes = await this.writeIn(client, batches);
      await client.query('COMMIT');
      return outcomes;
    } catch (error) {
      // A failed ROLLBACK answers as done (db/client.ts): the error thrown is the transaction's.
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  private async writeIn(client: { query: Database['$client']['query'] }, batches: EventBatch[]) {
    const ids = [...new Set(batches.map((b) => b.sessionId))].sort();
    await client.query(LOCK_FILMS_OF_SESSIONS_FIRST, [ids]);
    const locked = await client.query<LockedSession>(
      `SELECT id, tracking_link_id, video_id, started_at, country, device_type, browser, is_preview, watched_seconds, played_ranges, views, clicks, events_count,
              last_seen_at, closed_at, silent_seconds, silence_from, silence_to, clock_ahead_ms, last_seq, last_position
         FROM watch_sessions WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    const sessions = new Map(locked.rows.map((s) => [s.id, s]));
    const newEvents = await this.newEvents(client, batches, sessions);
    const rows = [...newEvents].map(([batch, events]) => ({
      session_id: batch.sessionId,
      first_seq: events[0]!.seq,
      last_seq: events.at(-1)!.seq,
      events,
    }));
    // One JSON document for all the rows: PostgreSQL reads it in C, where node-postgres would escape
    // arrays element by element on the server's one JavaScript thread. The conflict clause is a last
    // guard; newEvents already left out every seq the session has.
    const inserted = rows.length
      ? await client.query<{ session_id: string; first_seq: number }>(
          `INSERT INTO watch_event_batches (session_id, first_seq, last_seq, events)
           SELECT r.session_id, r.first_seq, r.last_seq, r.events
             FROM jsonb_to_recordset($1::jsonb) AS r(session_id uuid, first_seq int, last_seq int, events jsonb)
           ON CONFLICT DO NOTHING RETURNING session_id, first_seq`,
          [JSON.stringify(rows)],
        )
      : { rows: [] };
    const stored = new Set(inserted.rows.map((r) => `${r.session_id}:${r.first_seq}`));
    const outcomes: (BatchOutcome | Error)[] = [];
    const now = Date.now();
    const activity: SessionActivity[] = [];
    const touched = new Set<string>();

    for (const batch of batches) {
      const session = sessions.get(batch.sessionId);
      if (!session) {
        outcomes.push(new SessionGoneError('This viewing session does not exist.'));
        continue;
      }
      const events = newEvents.get(batch) ?? [];
      const mine = events.length && stored.delete(`${batch.sessionId}:${events[0]!.seq}`) ? events : [];
      outcomes.push({ accepted: mine.length, duplicates: batch.events.length - mine.length });
      if (mine.length === 0) continue;
      const delta = summarize(mine, batch.duration);
      const firstView = delta.started && session.views === 0;
      session.watched_seconds += delta.watchedSeconds;
      session.played_ranges = mergeRanges([...session.played_ranges, ...delta.stretches]);
      session.views = firstView ? 1 : session.views;
      session.clicks += delta.clicks;
      session.events_count += mine.length;
      const silences = silencesAfterEvents(
        {
          lastSeenMs: session.last_seen_at.getTime(),
          latest:
            session.silence_from && session.silence_to
              ? { from: session.silence_from.getTime(), to: session.silence_to.getTime() }
              : null,
          clockAheadMs: session.clock_ahead_ms,
        },
        mine.map((e) => e.at),
        now,
        session.last_seq !== null && mine[0]!.seq < session.last_seq,
        batch.clockOffsetMs,
      );
      // Never below none: a real column sums with a little rounding.
      session.silent_seconds = Math.max(0, session.silent_seconds + silences.seconds);
      session.silence_from = silences.latest && new Date(silences.latest.from);
      session.silence_to = silences.latest && new Date(silences.latest.to);
      session.clock_ahead_ms = silences.clockAheadMs;
      // Event times come from the viewer's clock, read in ours (silence.ts): one ahead of ours must not
      // keep a session "live" past now, nor shorten the next silence, which is measured from here; one
      // behind must not end it before it started (its last sign of life starts as the server's time of
      // opening).
      session.last_seen_at = new Date(silences.lastSeenMs);
      const lastAt = new Date(silences.newestMs);
      const latest = mine.at(-1)!; // sorted by seq
      if (session.last_seq === null || latest.seq > session.last_seq) {
        session.last_seq = latest.seq;
        session.last_position = latest.position;
        // Closed while its latest event is the page's goodbye, or the player stopping because the server
        // ended the session (revoked, ended: `stopped`): a reloaded page that resumed the session numbers
        // on past it, and its events open the session again.
        const stoppedByUs = latest.type === 'pause' && typeof latest.data?.stopped === 'string';
        session.closed_at = latest.type === 'unload' || stoppedByUs ? session.last_seen_at : null;
      }
      touched.add(session.id);
      if (session.is_preview) continue;
      activity.push({
        trackingLinkId: session.tracking_link_id,
        videoId: session.video_id,
        startedAt: session.started_at,
        audience: { country: session.country, device: session.device_type, browser: session.browser },
        duration: batch.duration,
        views: firstView ? 1 : 0,
        watchedSeconds: delta.watchedSeconds,
        clicks: delta.clicks,
        stretches: delta.stretches,
        lastAt,
      });
    }

    const changed = [...touched].map((id) => sessions.get(id)!);
    if (changed.length) {
      await client.query(
        `UPDATE watch_sessions AS s SET
            watched_seconds = v.watched_seconds, played_ranges = v.played_ranges, views = v.views,
            clicks = v.clicks, events_count = v.events_count, last_seen_at = v.last_seen_at, closed_at = v.closed_at,
            silent_seconds = v.silent_seconds, silence_from = v.silence_from, silence_to = v.silence_to,
            clock_ahead_ms = v.clock_ahead_ms, last_seq = v.last_seq, last_position = v.last_position
           FROM unnest($1::uuid[], $2::real[], $3::jsonb[], $4::int[], $5::int[], $6::int[],
                       $7::timestamptz[], $8::timestamptz[], $9::real[], $10::timestamptz[], $11::timestamptz[],
                       $12::int[], $13::int[], $14::real[])
             AS v(id, watched_seconds, played_ranges, views, clicks, events_count, last_seen_at, closed_at,
                  silent_seconds, silence_from, silence_to, clock_ahead_ms, last_seq, last_position)
          WHERE s.id = v.id`,
        [
          changed.map((s) => s.id),
          changed.map((s) => s.watched_seconds),
          changed.map((s) => JSON.stringify(s.played_ranges)),
          changed.map((s) => s.views),
          changed.map((s) => s.clicks),
          changed.map((s) => s.events_count),
          changed.map((s) => s.last_seen_at.toISOString()),
          changed.map((s) => s.closed_at?.toISOString() ?? null),
          changed.map((s) => s.silent_seconds),
          changed.map((s) => s.silence_from?.toISOString() ?? null),
          changed.map((s) => s.silence_to?.toISOString() ?? null),
          changed.map((s) => s.clock_ahead_ms),
          changed.map((s) => s.last_seq),
          changed.map((s) => s.last_position),
        ],
      );
    }
    await rollups.activityAdded(client, activity);
    return outcomes;
  }

  /**
   * Each batch's events the session does not have yet, sorted by seq (batches with none are left out).
   * Runs with the sessions locked. Most batches start past the session's highest seq and cannot repeat
   * anything; the others (a journal replayed after a crash, a retry that reached another server, a batch
   * overtaken by a later one) are checked seq by seq against what the session has stored.
   */
  private async newEvents(
    client: { query: Database['$client']['query'] },
    batches: EventBatch[],
    sessions: Map<string, LockedSession>,
  ) {
    const result = new Map<EventBatch, WatchEvent[]>();
    const highest = new Map<string, number>();
    const takenNow = new Map<string, Set<number>>();
    const storedSeqs = new Map<string, Set<number>>();
    for (const batch of batches) {
      const session = sessions.get(batch.sessionId);
      if (!session) continue;
      const events = [...batch.events].sort((a, b) => a.seq - b.seq);
      const top = highest.get(session.id) ?? session.last_seq ?? -1;
      let stored: Set<number> | undefined;
      if (events.length && events[0]!.seq <= top) {
        stored = storedSeqs.get(session.id);
        if (!stored) {
          stored = new Set(await this.storedSeqs(session.id, client));
          storedSeqs.set(session.id, stored);
        }
      }
      const taken = takenNow.get(session.id) ?? new Set<number>();
      takenNow.set(session.id, taken);
      const fresh = events.filter((e) => {
        if (taken.has(e.seq) || stored?.has(e.seq)) return false;
        taken.add(e.seq);
        return true;
      });
      if (fresh.length === 0) continue;
      result.set(batch, fresh);
      highest.set(session.id, Math.max(top, fresh.at(-1)!.seq));
    }
    return result;
  }
}
