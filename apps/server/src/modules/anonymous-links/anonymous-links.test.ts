import { randomBytes } from 'node:crypto';
import { LINK_NOT_FOUND_MESSAGE } from '@screenroom/shared/access-refusals';
import { MESSAGES } from '@screenroom/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anonymousLinks } from '../../db/schema/sharing';
import { trackingLinks } from '../../db/schema/tracking-links';
import type { AnonymousLinksRepository } from './anonymous-links.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Me = Awaited<ReturnType<TestApp['signUp']>>;
const call = (me: Me | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1${url}`, headers: me?.headers ?? {}, payload });
const device = () => randomBytes(12).toString('base64url');
const open = (code: string, deviceId = device()) =>
  call(null, 'POST', '/videos/createScreenerUsingMagicCode', { code, deviceId });

async function withLink(limits: object = {}) {
  const me = await t.signUp();
  const film = await createFilm(t, me.id);
  const res = await call(me, 'POST', `/videos/${film.id}/createMagicLink`, limits);
  expect(res.statusCode).toBe(200);
  return { me, film, link: res.json().magicLink };
}

describe('the anonymous link of a film', () => {
  it('is created once, fetched, changed and validated', async () => {
    const me = await t.signUp();
    const film = await createFilm(t, me.id);
    expect((await call(me, 'POST', `/videos/${film.id}/fetchMagicLink`)).json()).toEqual({ magicLink: null });
    const created = (await call(me, 'POST', `/videos/${film.id}/createMagicLink`, { usage_limit: 10 })).json()
      .magicLink;
    expect(created).toMatchObject({ usage_limit: 10, ends_at: null, status: 'active', viewers: 0 });
    expect(created.url).toBe(`http://screenroom.test/watch/a/${created.code}`);
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{21,}$/);
    expect((await call(me, 'POST', `/videos/${film.id}/fetchMagicLink`)).json().magicLink.code).toBe(
      created.code,
    );
    const again = await call(me, 'POST', `/videos/${film.id}/createMagicLink`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.magicLinkExists);
    const updated = await call(me, 'POST', `/videos/${film.id}/updateMagicLink`, { usage_limit: 'many' });
    expect(updated.json().message).toBe('usage_limit: It must be numeric');
    expect(
      (await call(me, 'POST', `/videos/${film.id}/updateMagicLink`, { usage_limit: null })).json().magicLink
        .usage_limit,
    ).toBeNull();
    expect((await call(me, 'POST', `/videos/${film.id}/validateMagicLink`)).json()).toMatchObject({
      valid: true,
      reason: null,
    });
  });

  it('is disabled for good: it cannot be enabled, changed or made again', async () => {
    const { me, film, link } = await withLink();
    const disabled = await call(me, 'GET', `/videos/${film.id}/disableLink`);
    expect(disabled.json().magicLink.status).toBe('disabled');
    for (const [url, body] of [
      [`/videos/${film.id}/updateMagicLink`, { usage_limit: 3 }],
      [`/videos/${film.id}/createMagicLink`, {}],
    ] as const) {
      const res = await call(me, 'POST', url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.magicLinkDisabled);
    }
    expect((await call(me, 'POST', `/videos/${film.id}/fetchMagicLink`)).json().magicLink.status).toBe(
      'disabled',
    );
    const refused = await open(link.code);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().reason).toBe('disabled');
  });

  it("answers 404 for another presenter's film", async () => {
    const { film } = await withLink();
    const other = await t.signUp();
    for (const url of ['fetchMagicLink', 'createMagicLink', 'updateMagicLink', 'validateMagicLink']) {
      expect((await call(other, 'POST', `/videos/${film.id}/${url}`, {})).statusCode).toBe(404);
    }
    expect((await call(other, 'GET', `/videos/${film.id}/disableLink`)).statusCode).toBe(404);
  });
});

describe('opening an anonymous link (public)', () => {
  it('gives each person+device a tracking link of their own, and the same one when they come back', async () => {
    const { me, film, link } = await withLink();
    const phone = device();
    const first = await open(link.code, phone);
    expect(first.statusCode).toBe(200);
    const back = await open(link.code, phone);
    expect(back.json().token).toBe(first.json().token);
    const laptop = await open(link.code);
    expect(laptop.json().token).not.toBe(first.json().token);
    const viewers = (await call(me, 'GET', `/videos/${film.id}/screeners`)).json().results;
    expect(viewers).toHaveLength(2);
    expect(
      viewers.every(
        (v: { generated_by: string; editable: boolean }) => v.generated_by === 'magic_link' && !v.editable,
      ),
    ).toBe(true);
    // Viewers of an anonymous link cannot be edited.
    const edit = await call(me, 'PATCH', `/screeners/${viewers[0].id}`, { viewer_name: 'Someone' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('Restricted Access');
  });

  it('lets exactly as many people in as the limit, even when they arrive at once', async () => {
    const { me, film, link } = await withLink({ usage_limit: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => open(link.code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 403 && r.json().reason === 'limit_reached')).toBe(true);
    // The refusal names the film and who shared it, so the visitor knows whom to ask.
    expect(refused[0]!.json().film).toEqual({
      title: film.title,
      presented_by: 'Pat Presenter',
      theme: 'dark',
      logo: null,
    });
    expect((await call(me, 'GET', `/videos/${film.id}/screeners`)).json().results).toHaveLength(5);
    expect((await call(me, 'POST', `/videos/${film.id}/validateMagicLink`)).json()).toMatchObject({
      valid: false,
    });
  });

  it('holds a limit lowered while people are arriving', async () => {
    const { me, film, link } = await withLink({ usage_limit: 100 });
    expect((await open(link.code)).statusCode).toBe(200);
    // The page read the link before the presenter lowered it to the one viewer already in: the opening
    // checks the link again as stored, under its lock.
    const repository = (
      t.container.anonymousLinks as unknown as { deps: { repository: AnonymousLinksRepository } }
    ).deps.repository;
    const stale = await repository.findByCode(link.code);
    expect(
      (await call(me, 'POST', `/videos/${film.id}/updateMagicLink`, { usage_limit: 1 })).statusCode,
    ).toBe(200);
    const findByCode = vi.spyOn(repository, 'findByCode').mockResolvedValue(stale);
    try {
      const late = await open(link.code);
      expect(late.statusCode).toBe(403);
      expect(late.json().reason).toBe('limit_reached');
    } finally {
      findByCode.mockRestore();
    }
    expect((await call(me, 'GET', `/videos/${film.id}/screeners`)).json().results).toHaveLength(1);
  });

  it('gives a new end to the viewers already in', async () => {
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const { me, film, link } = await withLink({ ends_at: soon });
    expect((await open(link.code)).statusCode).toBe(200);
    expect((await open(link.code)).statusCode).toBe(200);
    const later = new Date(Date.now() + 3 * 86400_000).toISOString();
    expect(
      (await call(me, 'POST', `/videos/${film.id}/updateMagicLink`, { ends_at: later })).statusCode,
    ).toBe(200);
    const viewers = await t.db.select().from(trackingLinks).where(eq(trackingLinks.videoId, film.id));
    expect(viewers.map((l) => l.endsAt?.toISOString())).toEqual([later, later]);
  });

  it('refuses unknown codes, ended links and bad device ids', async () => {
    const { link } = await withLink();
    const unknown = await open('no-such-code-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ reason: 'not_found', message: LINK_NOT_FOUND_MESSAGE });
    await t.db
      .update(anonymousLinks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(anonymousLinks.code, link.code));
    const ended = await open(link.code);
    expect(ended.statusCode).toBe(410);
    expect(ended.json().reason).toBe('ended');
    const badDevice = await call(null, 'POST', '/videos/createScreenerUsingMagicCode', {
      code: link.code,
      deviceId: 'x',
    });
    expect(badDevice.statusCode).toBe(400);
    expect(badDevice.json().message).toMatch(/^deviceId: deviceId must be/);
  });
});
