import { MESSAGES } from '@screenroom/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVimeoFake, type VimeoFake } from '../../../test/fakes/vimeo-fake';
import { createTestApp, type TestApp } from '../../../test/helpers';

let fake: VimeoFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startVimeoFake();
  t = await createTestApp({ VIMEO_API_URL: fake.url, PLAN_FREE_VIDEO_LIMIT: '1' });
});
afterAll(async () => {
  expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t.close();
  await fake.close();
});

async function linked() {
  const me = await t.signUp();
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/presenters/updateVimeoAccessToken',
    headers: me.headers,
    payload: { accessToken: fake.issueToken() },
  });
  expect(res.statusCode).toBe(200);
  return me;
}

const importFilm = (headers: Record<string, string>, vimeoId: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/videos',
    headers,
    payload: { source: 'vimeo', vimeo_id: vimeoId, ...extra },
  });

describe('POST /videos from Vimeo', () => {
  it("creates a screener with Vimeo's title, description, duration and thumbnail, ready to play", async () => {
    const me = await linked();
    const res = await importFilm(me.headers, '760001');
    expect(res.statusCode).toBe(201);
    expect(res.json().video).toMatchObject({
      type: 'vimeo',
      status: 'ready-to-use',
      status_label: 'Vimeo',
      playable: true,
      processing: false,
      title: 'The Long Night',
      vimeo_id: '760001',
      video_url: expect.stringContaining('vimeo.com'),
    });
    expect(res.json().video.duration).toBeGreaterThan(0);
    expect(res.json().video.thumbnail).toBeTruthy();
  });

  it('keeps the presenter’s own title when given', async () => {
    const me = await linked();
    const res = await importFilm(me.headers, '760002', {
      title: 'Salt & Ash (festival cut)',
      description: 'Ours',
    });
    expect(res.json().video).toMatchObject({ title: 'Salt & Ash (festival cut)', description: 'Ours' });
  });

  it('keeps the privacy hash a hidden film plays with; a public film has none', async () => {
    const me = await linked();
    const hidden = (await importFilm(me.headers, '760002')).json().video;
    expect(hidden.vimeo_hash).toMatch(/^[0-9a-f]{10}$/);
    expect(hidden.video_url).toBe(`https://vimeo.com/760002/${hidden.vimeo_hash}`);
    const other = await linked();
    expect((await importFilm(other.headers, '760001')).json().video.vimeo_hash).toBeNull();
  });

  it('refuses a password-protected film with the advice to set it to Hidden', async () => {
    const me = await linked();
    const res = await importFilm(me.headers, '760004');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.passwordProtectedVideo);
  });

  it("answers 'Your Vimeo account was not linked' without a linked account", async () => {
    const me = await t.signUp();
    const res = await importFilm(me.headers, '760001');
    expect(res.json().message).toBe(MESSAGES.vimeoNotLinked);
    expect(res.statusCode).toBe(409);
  });

  it('counts imported films toward the plan', async () => {
    const me = await linked();
    expect((await importFilm(me.headers, '760001')).statusCode).toBe(201);
    const second = await importFilm(me.headers, '760002');
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(MESSAGES.videoLimitReached(1));
  });

  it('has no stream of its own to preview: Vimeo plays it', async () => {
    const me = await linked();
    const { id } = (await importFilm(me.headers, '760001')).json().video;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/getHlsUrl',
      headers: me.headers,
      payload: { videoId: id },
    });
    expect(res.statusCode).toBe(409);
  });
});
