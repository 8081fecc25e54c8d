import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayableFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const tokenOf = (url: string) => url.split('/watch/')[1]!;

/** A playable film with five links, a session open on each. */
async function watchedFilm() {
  const me = await t.signUp();
  const { video } = await createPlayableFilm(t, me.id);
  const links = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/screeners',
        headers: me.headers,
        payload: { video_id: video.id },
      });
      return tokenOf(res.json().screener.access_url);
    }),
  );
  const sessions = await Promise.all(links.map((token) => openSession(token).then((r) => r.json())));
  return { me, video, links, sessions };
}

const openSession = (token: string) =>
  t.app.inject({ method: 'POST', url: `/v1/watch/links/${token}/sessions` });

/** Deletes the film between `count` other requests and as many after, and answers every status. */
async function deleteAmid(
  me: { headers: Record<string, string> },
  videoId: string,
  one: (k: number) => Promise<{ statusCode: number }>,
  count = 40,
) {
  const before = Array.from({ length: count }, (_, k) => one(k));
  // Once the first answers are in, their writers (the projector, for events) are at work.
  await Promise.race(before);
  const deletion = t.app.inject({ method: 'DELETE', url: `/v1/videos/${videoId}`, headers: me.headers });
  const after = Array.from({ length: count }, (_, k) => one(count + k));
  const others = await Promise.all([...before, ...after]);
  return { deleted: (await deletion).statusCode, others: others.map((r) => r.statusCode) };
}

// Deleting a film cascades to its links, sessions and rollups; viewers opening sessions and the events'
// projector lock some of those rows too. Before every writer took the film's row first, these deadlocked
// and one side answered 500 (three runs out of three).
describe('deleting a film while it is being watched', () => {
  it('deletes it while viewers open sessions, and they are told the link is gone', async () => {
    const { me, video, links } = await watchedFilm();
    const { deleted, others } = await deleteAmid(me, video.id, (k) => openSession(links[k % 5]!));
    expect(deleted).toBe(200);
    expect(others.filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect(await openSession(links[0]!).then((r) => r.statusCode)).toBe(404);
  });

  it('deletes it while viewers report events', async () => {
    const { me, video, sessions } = await watchedFilm();
    const at = Date.now();
    const { deleted, others } = await deleteAmid(me, video.id, (k) => {
      const s = sessions[k % 5];
      return t.app.inject({
        method: 'POST',
        url: `/v1/watch/sessions/${s.sessionId}/events?token=${s.playbackToken}`,
        payload: {
          events: [{ seq: k, type: 'progress', at: at + k, position: (k % 50) + 1, data: { from: k % 50 } }],
        },
      });
    });
    await t.container.events.settled();
    expect(deleted).toBe(200);
    // A batch answered before the deletion was stored; one after it finds its session gone.
    expect(others.filter((s) => s !== 200 && s !== 404 && s !== 410)).toEqual([]);
  });
});
