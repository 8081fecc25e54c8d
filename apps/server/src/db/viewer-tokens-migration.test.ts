import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlayableFilm } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helpers';
import { sha256 } from '../lib/crypto';
import { SecretBox } from '../lib/secret-box';
import { runMigrations } from './migrate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** When migration 0021 was made: the migrator records it under this time once applied. */
async function whenMigration0021() {
  const journal = JSON.parse(
    await readFile(path.join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  return journal.entries.find((e) => e.tag.startsWith('0021_'))!.when;
}

it('migration 0021 and the next start seal every plain viewer token: old links still open and are copied back the same', async () => {
  const me = await t.signUp();
  const { video } = await createPlayableFilm(t, me.id);
  const links: { id: string; access_url: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/screeners',
      headers: me.headers,
      payload: { video_id: video.id },
    });
    links.push(created.json().screener);
  }
  const tokenOf = (link: { access_url: string }) => link.access_url.split('/watch/')[1]!;

  // The table as migration 0020 left it, each token in plain text, and 0021 not applied yet.
  const sql = t.db.$client;
  await sql.query('ALTER TABLE tracking_links DROP COLUMN token_hash, DROP COLUMN token_enc');
  for (const link of links)
    await sql.query('UPDATE tracking_links SET token = $1 WHERE id = $2', [tokenOf(link), link.id]);
  await sql.query(
    'ALTER TABLE tracking_links ALTER COLUMN token SET NOT NULL, ADD CONSTRAINT tracking_links_token_unique UNIQUE (token)',
  );
  await sql.query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at >= $1', [
    await whenMigration0021(),
  ]);

  await runMigrations(t.db);
  // Two servers start at once on the migrated database; each seals what it finds in plain text.
  const [one, two] = await Promise.all([t.anotherServer(), t.anotherServer()]);

  // Another start finds nothing left to seal.
  expect(await t.container.trackingLinks.sealPlainTokens()).toBe(0);

  const { rows } = await sql.query(
    'SELECT id, token, token_hash, token_enc FROM tracking_links WHERE id = ANY($1::uuid[])',
    [links.map((l) => l.id)],
  );
  expect(rows).toHaveLength(links.length);
  const box = new SecretBox(t.config.masterKey);
  for (const link of links) {
    const row = rows.find((r) => r.id === link.id)!;
    expect(row.token).toBeNull();
    expect(row.token_hash).toBe(sha256(tokenOf(link)));
    expect(box.openText(row.token_enc)).toBe(tokenOf(link));

    const copied = await two.app.inject({
      method: 'GET',
      url: `/v1/screeners/${link.id}/getAccessUrl`,
      headers: me.headers,
    });
    expect(copied.json()).toEqual({ url: link.access_url });
    const opened = await one.app.inject({ method: 'POST', url: `/v1/watch/links/${tokenOf(link)}/sessions` });
    expect(opened.statusCode).toBe(200);
  }
});
