import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openViewingSession } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statements of migration 0008 that move stored events (one row each) into batches. */
async function dataMigration() {
  const file = path.join(import.meta.dirname, '../../drizzle/0008_event_batches.sql');
  const statements = (await readFile(file, 'utf8')).split('--> statement-breakpoint');
  return statements.filter((s) => /^\s*(--[^\n]*\n\s*)*(INSERT|UPDATE)\b/.test(s));
}

it('migration 0008 keeps every stored event, and the watch_events view gives them back as they were', async () => {
  const { sessionId } = await openViewingSession(t);

  const before = [
    { seq: 0, type: 'play', at: '2026-11-01T10:00:00.123Z', position: 0, data: null },
    { seq: 1, type: 'progress', at: '2026-11-01T10:00:05.5Z', position: 5.5, data: { from: 0.5 } },
    { seq: 2, type: 'click', at: '2026-11-01T10:00:06Z', position: 6.25, data: { target: 'Play', x: null } },
  ];
  const client = await t.db.$client.connect();
  try {
    // The table as migrations 0005 to 0007 left it, in this connection only (it hides the view).
    await client.query(
      `CREATE TEMP TABLE watch_events (session_id uuid, seq int, type text, at timestamptz, position real, data jsonb)`,
    );
    for (const e of [...before].reverse()) {
      await client.query('INSERT INTO watch_events VALUES ($1, $2, $3, $4, $5, $6)', [
        sessionId,
        e.seq,
        e.type,
        e.at,
        e.position,
        e.data,
      ]);
    }
    const statements = await dataMigration();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await client.query(statement);
    await client.query('DROP TABLE pg_temp.watch_events');

    const after = await client.query(
      `SELECT seq, type, to_json(at) #>> '{}' AS at, position, data FROM watch_events WHERE session_id = $1 ORDER BY seq`,
      [sessionId],
    );
    expect(after.rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }))).toEqual(
      before.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
    );
    const batches = await client.query(
      'SELECT first_seq, last_seq FROM watch_event_batches WHERE session_id = $1 ORDER BY first_seq',
      [sessionId],
    );
    expect(batches.rows).toEqual([
      { first_seq: 0, last_seq: 0 },
      { first_seq: 1, last_seq: 1 },
      { first_seq: 2, last_seq: 2 },
    ]);
    const session = await client.query('SELECT last_seq FROM watch_sessions WHERE id = $1', [sessionId]);
    expect(session.rows[0].last_seq).toBe(2);
  } finally {
    client.release();
  }
});
