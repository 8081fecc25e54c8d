import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PATCH /presenters/{id}', () => {
  it('updates your own name and preferences', async () => {
    const me = await t.signUp();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/presenters/${me.id}`,
      headers: me.headers,
      payload: {
        name: '  Kim Director ',
        timezone: 'Europe/Paris',
        theme: 'light',
        player_settings: { autoPlay: true },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().presenter).toMatchObject({
      name: 'Kim Director',
      timezone: 'Europe/Paris',
      theme: 'light',
      player_settings: { autoPlay: true, syncingWithVideoPlayer: true, autoJumpToNextSession: true },
    });
  });

  it('changes only the session-player settings it names, even when two saves arrive at once', async () => {
    const me = await t.signUp();
    const save = (player_settings: Record<string, boolean>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/presenters/${me.id}`,
        headers: me.headers,
        payload: { player_settings },
      });
    expect((await save({ autoJumpToNextSession: false })).statusCode).toBe(200);
    const after = await save({ autoPlay: true });
    expect(after.json().presenter.player_settings).toEqual({
      autoPlay: true,
      syncingWithVideoPlayer: true,
      autoJumpToNextSession: false,
    });
    await Promise.all([save({ autoPlay: false }), save({ syncingWithVideoPlayer: false })]);
    const mine = await t.app.inject({ method: 'GET', url: '/v1/auth/getAuthPresenter', headers: me.headers });
    expect(mine.json().presenter.player_settings).toEqual({
      autoPlay: false,
      syncingWithVideoPlayer: false,
      autoJumpToNextSession: false,
    });
  });

  it("answers 404 for another presenter's id, and changes nothing", async () => {
    const me = await t.signUp();
    const other = await t.signUp(undefined, 'Other Person');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/presenters/${other.id}`,
      headers: me.headers,
      payload: { name: 'Hijacked' },
    });
    expect(res.statusCode).toBe(404);
    const check = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/getAuthPresenter',
      headers: other.headers,
    });
    expect(check.json().presenter.name).toBe('Other Person');
  });

  it('validates the body and the id', async () => {
    const me = await t.signUp();
    const patch = (url: string, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url, headers: me.headers, payload: payload as object });
    expect((await patch(`/v1/presenters/${me.id}`, { name: '' })).json().message).toBe(
      'name: Field is required',
    );
    expect((await patch(`/v1/presenters/${me.id}`, { timezone: 'Mars/Olympus' })).json().message).toBe(
      'timezone: Choose a time zone from the list',
    );
    // An abbreviation is a time zone to Intl but not one of the list (the picker could not show it).
    expect((await patch(`/v1/presenters/${me.id}`, { timezone: 'EST' })).statusCode).toBe(400);
    // A renamed zone is kept under its current name, whichever name a browser gave.
    for (const name of ['Asia/Calcutta', 'Asia/Kolkata']) {
      const saved = await patch(`/v1/presenters/${me.id}`, { timezone: name });
      expect(saved.json().presenter.timezone).toBe('Asia/Kolkata');
    }
    expect((await patch(`/v1/presenters/${me.id}`, {})).json().message).toBe('Nothing to update');
    const badId = await patch('/v1/presenters/not-a-uuid', { name: 'X' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('id: This id is not valid');
  });

  it('needs a signed-in presenter', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/presenters/00000000-0000-4000-8000-000000000000',
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });
});

/** Sends one onboarding step as this presenter. */
const stepsOf =
  (me: { headers: Record<string, string> }) => (payload: { step: string; completed: boolean }) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/presenters/updateOnBoardingState',
      headers: me.headers,
      payload,
    });

describe('POST /presenters/updateOnBoardingState', () => {
  it('keeps every step of requests made at the same moment', async () => {
    const me = await t.signUp();
    const step = stepsOf(me);
    expect((await step({ step: 'vimeo_linking', completed: true })).statusCode).toBe(200);
    // The next step, and the first one again from other tabs: each builds on the others.
    const answers = await Promise.all([
      step({ step: 'video_creation', completed: true }),
      ...Array.from({ length: 5 }, () => step({ step: 'vimeo_linking', completed: true })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const me2 = await t.app.inject({ method: 'GET', url: '/v1/auth/getAuthPresenter', headers: me.headers });
    expect(me2.json().presenter.onboarding).toMatchObject({ vimeo_linking: true, video_creation: true });
  });

  it('completes the steps in order only, then finishes', async () => {
    const me = await t.signUp();
    const step = stepsOf(me);

    const early = await step({ step: 'screener_creation', completed: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Finish the Vimeo linking step before screener creation.');
    expect((await step({ step: 'finished', completed: true })).statusCode).toBe(409);

    expect((await step({ step: 'vimeo_linking', completed: true })).json().presenter.onboarding).toEqual({
      vimeo_linking: true,
      video_creation: false,
      screener_creation: false,
    });
    expect((await step({ step: 'video_creation', completed: true })).statusCode).toBe(200);
    expect((await step({ step: 'screener_creation', completed: true })).statusCode).toBe(200);
    const done = await step({ step: 'finished', completed: true });
    expect(done.json().presenter.is_onboarding_completed).toBe(true);

    const reopen = await step({ step: 'vimeo_linking', completed: false });
    expect(reopen.statusCode).toBe(409);
  });

  it('undoing a step undoes the later ones', async () => {
    const me = await t.signUp();
    const step = stepsOf(me);
    await step({ step: 'vimeo_linking', completed: true });
    await step({ step: 'video_creation', completed: true });
    const undone = await step({ step: 'vimeo_linking', completed: false });
    expect(undone.json().presenter.onboarding).toEqual({
      vimeo_linking: false,
      video_creation: false,
      screener_creation: false,
    });
    expect((await step({ step: 'bogus', completed: true })).statusCode).toBe(400);
    expect((await step({ step: 'vimeo_linking' } as never)).statusCode).toBe(400);
  });

  it('keeps a finished presenter finished, and answers the presenter each time', async () => {
    const me = await t.signUp();
    const step = stepsOf(me);
    for (const name of ['vimeo_linking', 'video_creation', 'screener_creation', 'finished'])
      expect((await step({ step: name, completed: true })).statusCode).toBe(200);

    // A second device repeating a step it had not heard was done: harmless.
    const repeat = await step({ step: 'video_creation', completed: true });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().presenter.is_onboarding_completed).toBe(true);

    for (const name of ['screener_creation', 'finished']) {
      const undo = await step({ step: name, completed: false });
      expect(undo.statusCode).toBe(409);
      expect(undo.json().message).toBe('Onboarding is already finished and cannot be reopened.');
    }
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/getAuthPresenter',
      headers: me.headers,
    });
    expect(after.json().presenter).toMatchObject({
      is_onboarding_completed: true,
      onboarding: { vimeo_linking: true, video_creation: true, screener_creation: true },
    });
  });
});

describe('GET /presenters (admins only)', () => {
  it('refuses a presenter who is not an administrator', async () => {
    const me = await t.signUp();
    const res = await t.app.inject({ method: 'GET', url: '/v1/presenters', headers: me.headers });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/presenters' })).statusCode).toBe(401);
  });

  it('lists and searches presenters for an administrator', async () => {
    const admin = await t.signUp(ADMIN_EMAIL, 'Ada Admin');
    await t.signUp('searchable.person@films.test', 'Searchable Person');
    const all = await t.app.inject({ method: 'GET', url: '/v1/presenters?limit=2', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, limit: 2 });
    expect(all.json().results).toHaveLength(2);
    expect(all.json().totalResults).toBeGreaterThanOrEqual(3);

    const found = await t.app.inject({
      method: 'GET',
      url: '/v1/presenters?search=searchable',
      headers: admin.headers,
    });
    expect(found.json().results.map((p: { email: string }) => p.email)).toEqual([
      'searchable.person@films.test',
    ]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/getAuthPresenter',
      headers: admin.headers,
    });
    expect(me.json().presenter.is_admin).toBe(true);

    const badPage = await t.app.inject({
      method: 'GET',
      url: '/v1/presenters?page=abc',
      headers: admin.headers,
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe('page: page must be a number');
  });
});
