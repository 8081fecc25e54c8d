import { MESSAGES } from '@screenroom/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';
import { sha256 } from '../../lib/crypto';
import { SecretBox } from '../../lib/secret-box';
import { TrackingLinksRepository } from './tracking-links.repository';

let t: TestApp;
let smtpDown = false;
beforeAll(async () => {
  t = await createTestApp({}, { smtpFailWith: () => (smtpDown ? 'Relay access denied' : undefined) });
});
afterAll(async () => {
  expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t.close();
});

type Me = Awaited<ReturnType<TestApp['signUp']>>;
const call = (me: Me | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1${url}`, headers: me?.headers ?? {}, payload });
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const tokenOf = (url: string) => url.split('/watch/')[1]!;

async function setup() {
  const me = await t.signUp();
  const film = await createFilm(t, me.id);
  return { me, film };
}

describe('POST /screeners', () => {
  it('creates a personalised link with an unguessable token and the given limits', async () => {
    const { me, film } = await setup();
    const res = await call(me, 'POST', '/screeners', {
      video_id: film.id,
      viewer_name: 'Lea Programmer',
      viewer_email: 'Lea@Festival.org',
      usage_limit: '3',
      ends_at: inFuture(14),
      geo_restriction: { type: 'allow', countries: ['fr', 'DE'] },
    });
    expect(res.statusCode).toBe(201);
    const link = res.json().screener;
    expect(link).toMatchObject({
      video_id: film.id,
      viewer_name: 'Lea Programmer',
      viewer_email: 'lea@festival.org',
      usage_limit: 3,
      geo_restriction: { type: 'allow', countries: ['FR', 'DE'] },
      generated_by: 'access_url',
      status: 'active',
      editable: true,
      sessions: 0,
    });
    const token = tokenOf(link.access_url);
    expect(link.access_url).toBe(`http://screenroom.test/watch/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const url = await call(me, 'GET', `/screeners/${link.id}/getAccessUrl`);
    expect(url.json()).toEqual({ url: link.access_url });
    // The film counts its viewers (the library shows it).
    await call(me, 'POST', '/screeners', { video_id: film.id });
    expect((await call(me, 'GET', `/videos/${film.id}`)).json().video.tracking_links_count).toBe(2);
    expect((await call(me, 'GET', '/videos')).json().results[0].tracking_links_count).toBe(2);
  });

  it('stores the viewer’s token only as its hash and sealed: a database dump shows no watch link', async () => {
    const { me, film } = await setup();
    const link = (await call(me, 'POST', '/screeners', { video_id: film.id })).json().screener;
    const token = tokenOf(link.access_url);
    const { rows } = await t.db.$client.query('SELECT * FROM tracking_links WHERE id = $1', [link.id]);
    const stored = rows[0];
    const holdingToken = Object.entries(stored).filter(([, value]) => JSON.stringify(value)?.includes(token));
    expect(holdingToken.map(([column]) => column)).toEqual([]);
    expect(stored.token_hash).toBe(sha256(token));
    expect(new SecretBox(t.config.masterKey).openText(stored.token_enc)).toBe(token);
    // The presenter can still copy it again.
    expect((await call(me, 'GET', `/screeners/${link.id}/getAccessUrl`)).json()).toEqual({
      url: link.access_url,
    });
  });

  it('uses the specification’s messages for bad limits and addresses', async () => {
    const { me, film } = await setup();
    const message = async (body: object) =>
      (await call(me, 'POST', '/screeners', { video_id: film.id, ...body })).json().message;
    expect(await message({ viewer_email: 'nope' })).toBe('viewer_email: invalid email');
    expect(await message({ usage_limit: 'three' })).toBe('usage_limit: It must be numeric');
    expect(await message({ usage_limit: 0 })).toBe('usage_limit: It must be in range of 1 to 100000.');
    expect(await message({ ends_at: '2020-01-01T00:00:00Z' })).toBe(`ends_at: ${MESSAGES.dateAfter('now')}`);
    expect(await message({ geo_restriction: { type: 'block', countries: [] } })).toBe(
      `geo_restriction.countries: ${MESSAGES.geoCountriesRequired}`,
    );
    expect(await message({ geo_restriction: { type: 'allow', countries: ['XX'] } })).toBe(
      'geo_restriction.countries.0: Choose countries from the list',
    );
    expect(await message({ generated_by: 'invitation' })).toBe(
      'viewer_email: An invitation needs the viewer’s e-mail address.',
    );
  });

  it("refuses a second link for the same viewer and film: 'there is already an invitation for …'", async () => {
    const { me, film } = await setup();
    expect(
      (await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'sam@buyer.com' })).statusCode,
    ).toBe(201);
    const again = await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'SAM@buyer.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'there is already an invitation for sam@buyer.com, so edit or extend access',
    );
    // Another film: fine.
    const other = await createFilm(t, me.id, 'Second film');
    expect(
      (await call(me, 'POST', '/screeners', { video_id: other.id, viewer_email: 'sam@buyer.com' }))
        .statusCode,
    ).toBe(201);
  });

  it("answers 404 for another presenter's film and links", async () => {
    const { me, film } = await setup();
    const other = await t.signUp();
    expect((await call(other, 'POST', '/screeners', { video_id: film.id })).statusCode).toBe(404);
    const { id } = (
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'x@y.co' })
    ).json().screener;
    for (const [method, url, payload] of [
      ['GET', `/screeners/${id}`],
      ['PATCH', `/screeners/${id}`, { viewer_name: 'Taken' }],
      ['POST', `/screeners/${id}/updateStatus`, { status: 'revoked' }],
      ['GET', `/screeners/${id}/getAccessUrl`],
      ['POST', `/screeners/${id}/shareWithEmail`, { from: 'A', subject: 'S', content: 'Hi {{access_link}}' }],
      ['GET', `/videos/${film.id}/screeners`],
      ['GET', `/videos/${film.id}/audience`],
      ['POST', `/screeners/${film.id}/getPreviewAccessUrl`],
    ] as const) {
      const res = await call(other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(me, 'GET', `/screeners/${id}`)).json().screener.status).toBe('active');
  });
});

describe('changing links', () => {
  it('edits a viewer’s details and limits, and revokes and enables it again', async () => {
    const { me, film } = await setup();
    const { id } = (await call(me, 'POST', '/screeners', { video_id: film.id })).json().screener;
    const edited = await call(me, 'PATCH', `/screeners/${id}`, {
      viewer_name: 'Ana',
      usage_limit: null,
      ends_at: null,
    });
    expect(edited.json().screener).toMatchObject({ viewer_name: 'Ana', usage_limit: null, ends_at: null });
    const before = Date.now();
    const revoked = (await call(me, 'POST', `/screeners/${id}/updateStatus`, { status: 'revoked' })).json();
    expect(revoked.screener.status).toBe('revoked');
    // When it was withdrawn, kept by a second revocation, and gone once enabled again.
    const at = Date.parse(revoked.screener.revoked_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    const again = (await call(me, 'POST', `/screeners/${id}/updateStatus`, { status: 'revoked' })).json();
    expect(again.screener.revoked_at).toBe(revoked.screener.revoked_at);
    const enabled = (await call(me, 'POST', `/screeners/${id}/updateStatus`, { status: 'active' })).json();
    expect(enabled.screener).toMatchObject({ status: 'active', revoked_at: null });
    const bad = await call(me, 'POST', `/screeners/${id}/updateStatus`, { status: 'paused' });
    expect(bad.json().message).toBe('status: status must be "active" or "revoked"');
    // The log says whose access changed, on which film, from which request.
    const log = (await call(me, 'GET', '/logs?search=Access%20of%20Ana')).json().results;
    expect(log.map((e: { message: string }) => e.message)).toEqual([
      'Access of Ana enabled again',
      'Access of Ana revoked',
      'Access of Ana revoked',
    ]);
    expect(log[0]).toMatchObject({ video_id: film.id, video_title: film.title });
    expect(log[0].request_id).toEqual(expect.any(String));
  });

  it('gives the owner one preview link that is not a viewer', async () => {
    const { me, film } = await setup();
    const first = await call(me, 'POST', `/screeners/${film.id}/getPreviewAccessUrl`);
    const second = await call(me, 'POST', `/screeners/${film.id}/getPreviewAccessUrl`);
    expect(first.json().url).toBe(second.json().url);
    expect((await call(me, 'GET', `/videos/${film.id}/screeners`)).json().results).toEqual([]);
    expect((await call(me, 'GET', `/videos/${film.id}`)).json().video.tracking_links_count).toBe(0);
    expect((await call(me, 'GET', '/videos')).json().results[0].tracking_links_count).toBe(0);
  });
});

describe('GET /videos/{id}/audience', () => {
  it('searches, filters, sorts and pages the film’s viewers', async () => {
    const { me, film } = await setup();
    for (const [name, email] of [
      ['ben', 'ben@a.co'],
      ['Adam', 'adam@b.co'],
      ['Mia', 'mia@c.co'],
    ]) {
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_name: name, viewer_email: email });
    }
    const mia = (await call(me, 'GET', `/videos/${film.id}/audience?search=mia`)).json();
    expect(mia.results.map((r: { viewer_name: string }) => r.viewer_name)).toEqual(['Mia']);
    await call(me, 'POST', `/screeners/${mia.results[0].id}/updateStatus`, { status: 'revoked' });

    const byName = (
      await call(me, 'GET', `/videos/${film.id}/audience?sort=viewer&order=asc&limit=2`)
    ).json();
    expect(byName).toMatchObject({ page: 1, limit: 2, totalPages: 2, totalResults: 3 });
    // Regardless of case: a name typed in lower case sorts among the others.
    expect(byName.results.map((r: { viewer_name: string }) => r.viewer_name)).toEqual(['Adam', 'ben']);
    const revoked = (await call(me, 'GET', `/videos/${film.id}/audience?status=revoked`)).json();
    expect(revoked.totalResults).toBe(1);
    const bad = await call(me, 'GET', `/videos/${film.id}/audience?sort=popularity`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^sort: sort must be one of viewer/);
  });

  it('filters by the status each link’s badge shows', async () => {
    const { me, film } = await setup();
    const ids: Record<string, string> = {};
    for (const name of ['Open', 'Over', 'Full', 'Gone']) {
      const link = (await call(me, 'POST', '/screeners', { video_id: film.id, viewer_name: name })).json();
      ids[name] = link.screener.id;
    }
    const set = (name: string, values: Partial<typeof trackingLinks.$inferInsert>) =>
      t.db.update(trackingLinks).set(values).where(eq(trackingLinks.id, ids[name]!));
    await set('Over', { endsAt: new Date(Date.now() - 60_000), usageLimit: 1, sessionsCount: 1 });
    await set('Full', { usageLimit: 2, sessionsCount: 2 });
    await set('Gone', { status: 'revoked' });
    const named = async (status: string) =>
      (await call(me, 'GET', `/videos/${film.id}/audience?status=${status}&sort=viewer&order=asc`))
        .json()
        .results.map((r: { viewer_name: string }) => r.viewer_name);
    expect(await named('active')).toEqual(['Open']);
    // Ended before its limit was reached, it reads "Ended", as its badge does.
    expect(await named('ended')).toEqual(['Over']);
    expect(await named('limit_reached')).toEqual(['Full']);
    expect(await named('revoked')).toEqual(['Gone']);
    const bad = await call(me, 'GET', `/videos/${film.id}/audience?status=paused`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status: status must be one of active, ended, limit_reached, revoked');
  });

  it('sorts by the country names shown, not by their codes', async () => {
    const { me, film } = await setup();
    for (const [name, country] of [
      ['Uma', 'GB'],
      ['Jo', 'JP'],
      ['Flo', 'FR'],
      ['Nobody', null],
    ] as const) {
      const link = (await call(me, 'POST', '/screeners', { video_id: film.id, viewer_name: name })).json();
      await t.db
        .update(trackingLinks)
        .set({ lastCountry: country })
        .where(eq(trackingLinks.id, link.screener.id));
    }
    const names = async (order: string) =>
      (await call(me, 'GET', `/videos/${film.id}/audience?sort=country&order=${order}`))
        .json()
        .results.map((r: { viewer_name: string }) => r.viewer_name);
    // France, Japan, United Kingdom: by code, GB came before JP.
    expect(await names('asc')).toEqual(['Nobody', 'Flo', 'Jo', 'Uma']);
    expect(await names('desc')).toEqual(['Uma', 'Jo', 'Flo', 'Nobody']);
  });

  it('sorts links never mailed after every mailed one, either way, as an empty "Last active" does', async () => {
    const { me, film } = await setup();
    const day = 24 * 60 * 60 * 1000;
    // Made before every invitation, and after: by its creation date, a link never mailed sorted first or
    // last, among the mailed ones either way.
    for (const [name, createdDaysAgo, invitedDaysAgo] of [
      ['Unsent old', 9, null],
      ['Mailed first', 8, 3],
      ['Mailed later', 7, 1],
      ['Unsent new', 0.5, null],
    ] as const) {
      const link = (await call(me, 'POST', '/screeners', { video_id: film.id, viewer_name: name })).json();
      await t.db
        .update(trackingLinks)
        .set({
          createdAt: new Date(Date.now() - createdDaysAgo * day),
          invitedAt: invitedDaysAgo === null ? null : new Date(Date.now() - invitedDaysAgo * day),
        })
        .where(eq(trackingLinks.id, link.screener.id));
    }
    const names = async (order: string) =>
      (await call(me, 'GET', `/videos/${film.id}/audience?sort=invite_date&order=${order}`))
        .json()
        .results.map((r: { viewer_name: string }) => r.viewer_name);
    // The links never mailed come last, newest first (the list's own tie-break).
    expect(await names('asc')).toEqual(['Mailed first', 'Mailed later', 'Unsent new', 'Unsent old']);
    expect(await names('desc')).toEqual(['Mailed later', 'Mailed first', 'Unsent new', 'Unsent old']);
  });
});

describe('invitations by e-mail', () => {
  const mail = {
    from: 'Pat Presenter',
    subject: 'Night Train, privately',
    content: 'Dear {{viewer_name}},\n\nYour link: {{access_link}}\n\nPat',
  };

  it('mails each viewer their own working link, with the presenter’s words', async () => {
    const { me, film } = await setup();
    const { id, access_url } = (
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'ines@fest.org' })
    ).json().screener;
    const res = await call(me, 'POST', `/screeners/${id}/shareWithEmail`, mail);
    expect(res.statusCode).toBe(200);
    expect(res.json().screener).toMatchObject({
      generated_by: 'invitation',
      invitation: { status: 'sent', error: null, from: 'Pat Presenter', subject: 'Night Train, privately' },
    });
    expect(res.json().screener.invite_date).not.toBeNull();
    const received = await t.smtp.waitFor('ines@fest.org');
    expect(received.subject).toBe('Night Train, privately');
    expect(received.text).toContain(`Your link: ${access_url}`);
    expect(received.html).toContain(`href="${access_url}"`);
    expect(received.text).not.toContain('{{access_link}}');
    // A link without limits says nothing of them.
    expect(received.text).not.toMatch(/This link works/);
    // A second click (or a script) a moment later does not mail them again.
    const again = await call(me, 'POST', `/screeners/${id}/shareWithEmail`, mail);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(
      'ines@fest.org was sent an invitation a moment ago. You can send it again in two minutes.',
    );
  });

  it('mails a viewer once when their invitation is sent several times at the same moment', async () => {
    const { me, film } = await setup();
    const { id } = (
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'twice@fest.org' })
    ).json().screener;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(me, 'POST', `/screeners/${id}/shareWithEmail`, mail)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
    await t.smtp.waitFor('twice@fest.org');
    expect(t.smtp.mails.filter((m) => m.to.includes('twice@fest.org'))).toHaveLength(1);
  });

  it('mails a viewer once when their invitation is sent at the same moment through two servers', async () => {
    const other = await t.anotherServer();
    const { me, film } = await setup();
    const { id } = (
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'both@fest.org' })
    ).json().screener;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        (i % 2 ? other.app : t.app).inject({
          method: 'POST',
          url: `/v1/screeners/${id}/shareWithEmail`,
          headers: me.headers,
          payload: mail,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
    await t.smtp.waitFor('both@fest.org');
    // Give a second mail, if one was sent, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.filter((m) => m.to.includes('both@fest.org'))).toHaveLength(1);
  });

  it('refuses a sending while another holds the link, and takes over one left by a stopped server', async () => {
    const { me, film } = await setup();
    const { id } = (
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'held@fest.org' })
    ).json().screener;
    const claimed = (since: Date) =>
      t.db.update(trackingLinks).set({ invitationSendingSince: since }).where(eq(trackingLinks.id, id));
    await claimed(new Date());
    const busy = await call(me, 'POST', `/screeners/${id}/shareWithEmail`, mail);
    expect(busy.statusCode).toBe(429);
    expect(busy.json().message).toBe(
      'The invitation to held@fest.org is being sent right now. You can send it again in two minutes.',
    );
    await claimed(new Date(Date.now() - 20 * 60_000));
    expect((await call(me, 'POST', `/screeners/${id}/shareWithEmail`, mail)).statusCode).toBe(200);
    const [row] = await t.db.select().from(trackingLinks).where(eq(trackingLinks.id, id));
    expect(row!.invitationSendingSince).toBeNull();
  });

  it('refuses a message without the access-link placeholder', async () => {
    const { me, film } = await setup();
    const { id } = (
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'no@link.org' })
    ).json().screener;
    const res = await call(me, 'POST', `/screeners/${id}/shareWithEmail`, {
      ...mail,
      content: 'Hello, watch it!',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`content: ${MESSAGES.accessLinkPlaceholderMissing}`);
  });

  it('keeps a failed mail with its error and the link, and sends it again later', async () => {
    const { me, film } = await setup();
    const { id } = (
      await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'later@fest.org' })
    ).json().screener;
    smtpDown = true;
    const failed = await call(me, 'POST', `/screeners/${id}/shareWithEmail`, mail);
    smtpDown = false;
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toMatch(/could not be sent .* The link is kept/);
    const kept = (await call(me, 'GET', `/screeners/${id}`)).json().screener;
    expect(kept.invitation).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Relay access denied'),
    });
    const resent = await call(me, 'POST', `/screeners/${id}/resendInvitation`);
    expect(resent.json().screener.invitation.status).toBe('sent');
    expect((await t.smtp.waitFor('later@fest.org')).text).toContain(kept.access_url);
  });

  it('tells the viewer the limits of their link as a short list, with its end in the presenter’s time zone', async () => {
    const { me, film } = await setup();
    await call(me, 'PATCH', `/presenters/${me.id}`, { timezone: 'Europe/Paris' });
    const invite = (recipients: string, limits: object) =>
      call(me, 'POST', '/screeners/invite', { video_id: film.id, recipients, ...mail, ...limits });
    // A programmer who opens a one-viewing link to check it, and closes it, has used it up.
    await invite('once@fest.org', {
      usage_limit: 1,
      ends_at: '2031-03-09T22:59:00.000Z',
      geo_restriction: { type: 'allow', countries: ['FR', 'DE'] },
    });
    await invite('thrice@fest.org', { usage_limit: 3 });
    await invite('until@fest.org', {
      ends_at: '2031-03-09T22:59:00.000Z',
      geo_restriction: { type: 'block', countries: ['CN'] },
    });
    const advice =
      'Open it when you have time to watch the film. Reloading the page goes on with the same viewing; opening the link in another tab or on another device starts a new one.';
    const once = await t.smtp.waitFor('once@fest.org');
    expect(once.text).toContain(
      `This link works:\n\n * for one viewing\n * until 9 March 2031 at 23:59 (Europe/Paris time)\n * only in France and Germany\n\n${advice}`,
    );
    expect(once.html).toMatch(/<ul[^>]*><li[^>]*>for one viewing<\/li>/);
    expect((await t.smtp.waitFor('thrice@fest.org')).text).toContain(
      `This link works:\n\n * for 3 viewings\n\n${advice}`,
    );
    const until = (await t.smtp.waitFor('until@fest.org')).text;
    expect(until).toContain(
      'This link works:\n\n * until 9 March 2031 at 23:59 (Europe/Paris time)\n * everywhere but China',
    );
    // Without a viewing limit there is nothing to spend by opening it.
    expect(until).not.toContain('Open it when you have time');
  });

  it('shows the film’s picture by an address that still works when the mail is read months later', async () => {
    const { me, film } = await setup();
    const thumbnailKey = `videos/${film.id}/images/thumbnail-0123456789ab.jpg`;
    await t.container.storage.put(thumbnailKey, Buffer.from('the poster'), 'image/jpeg');
    await t.db.update(videos).set({ thumbnailKey }).where(eq(videos.id, film.id));
    await call(me, 'POST', '/screeners/invite', { video_id: film.id, recipients: 'later@read.org', ...mail });
    const { html } = await t.smtp.waitFor('later@read.org');
    const src = /<img[^>]+src="(http:\/\/screenroom\.test\/v1\/media\/[^"]+)"/.exec(html)?.[1];
    const address = new URL(src!.replaceAll('&amp;', '&'));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 300 * 86_400_000);
      const served = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
      expect(served.statusCode, served.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('invites a pasted list: one link and one mail each, and each address’s outcome', async () => {
    const { me, film } = await setup();
    await call(me, 'POST', '/screeners', { video_id: film.id, viewer_email: 'known@fest.org' });
    const res = await call(me, 'POST', '/screeners/invite', {
      video_id: film.id,
      recipients: 'Olga Buyer <olga@sales.com>, tom@press.net\nnot-an-address; known@fest.org\ntom@press.net',
      ...mail,
      usage_limit: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().invited).toBe(2);
    type Result = { email: string; name: string | null; outcome: string };
    expect(res.json().results.map((r: Result) => [r.email, r.name, r.outcome])).toEqual([
      ['olga@sales.com', 'Olga Buyer', 'invited'],
      ['tom@press.net', null, 'invited'],
      ['not-an-address', null, 'invalid'],
      ['known@fest.org', null, 'already_invited'],
    ]);
    expect(res.json().results[3].message).toBe(MESSAGES.alreadyInvited('known@fest.org'));
    const olga = await t.smtp.waitFor('olga@sales.com');
    const tom = await t.smtp.waitFor('tom@press.net');
    // Each is greeted by the name given with their address, or with none.
    expect(olga.text).toMatch(/^Dear Olga Buyer,/m);
    expect(tom.text).toMatch(/^Dear,/m);
    expect(olga.text + tom.text).not.toContain('{{viewer_name}}');
    const links = (await call(me, 'GET', `/videos/${film.id}/screeners`)).json().results;
    const byEmail = Object.fromEntries(
      links.map((l: { viewer_email: string; access_url: string }) => [l.viewer_email, l]),
    );
    expect(byEmail['olga@sales.com']).toMatchObject({
      viewer_name: 'Olga Buyer',
      usage_limit: 2,
      generated_by: 'invitation',
    });
    expect(olga.text).toContain(byEmail['olga@sales.com'].access_url);
    expect(tom.text).toContain(byEmail['tom@press.net'].access_url);
    expect(olga.text).not.toContain(byEmail['tom@press.net'].access_url);
  });
});

describe('invitations a day', () => {
  /** A presenter of an app with a small daily number, and how they invite a pasted list to their film. */
  async function inviter(perDay: number) {
    const app = await createTestApp({ INVITATIONS_PER_DAY: String(perDay) });
    const me = await app.signUp();
    const film = await createFilm(app, me.id);
    const invite = (recipients: string) =>
      app.app.inject({
        method: 'POST',
        url: '/v1/screeners/invite',
        headers: me.headers,
        payload: {
          video_id: film.id,
          recipients,
          from: 'Pat',
          subject: 'Hi',
          content: 'See {{access_link}}',
        },
      });
    return { app, me, film, invite };
  }

  it('stops a presenter at the day’s number of invitation mails, so our address relays nobody', async () => {
    const { app, invite } = await inviter(3);
    try {
      expect((await invite('a@fest.org, b@fest.org')).json().invited).toBe(2);
      const tooMany = await invite('c@fest.org, d@fest.org');
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json().message).toBe(
        'You can send 3 invitations a day; 1 is left for now. Try again tomorrow, or contact us to send more.',
      );
      expect((await invite('c@fest.org')).json().invited).toBe(1);
      expect((await invite('d@fest.org')).json().message).toMatch(/and have sent them all/);
      expect(app.undocumentedAnswers()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('counts a mail once while its sending goes on: recorded as sent, it leaves the hold', async () => {
    const { app, me, film } = await inviter(5);
    try {
      const link = await app.app.inject({
        method: 'POST',
        url: '/v1/screeners',
        headers: me.headers,
        payload: { video_id: film.id, viewer_email: 'first@fest.org' },
      });
      const repository = new TrackingLinksRepository(app.db);
      const since = new Date(Date.now() - 24 * 3600_000);
      const usedNow = async () => {
        let used = -1;
        await repository.holdMailAllowance(me.id, 0, since, (u) => {
          used = u;
        });
        return used;
      };
      const hold = await repository.holdMailAllowance(me.id, 3, since, () => {});
      expect(await usedNow()).toBe(3);
      await repository.addInvitation(
        {
          trackingLinkId: link.json().screener.id,
          presenterId: me.id,
          fromName: 'Pat',
          subject: 'Hi',
          content: 'See {{access_link}}',
          status: 'sent',
          sentAt: new Date(),
        },
        hold,
      );
      // One sent, two still held: three, not four.
      expect(await usedNow()).toBe(3);
      await repository.releaseMailAllowance(hold);
      expect(await usedNow()).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('keeps concurrent sendings within the day’s number together, each holding its mails until sent', async () => {
    const { app, invite } = await inviter(5);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => invite(`p${i}a@fest.org, p${i}b@fest.org`)),
      );
      const invited = answers.filter((a) => a.statusCode === 200).map((a) => a.json().invited);
      // Two sendings of two fit in five; a third would pass it, whoever comes first.
      expect(invited).toEqual([2, 2]);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(6);
      // The holds went with their sendings: the one mail left can be sent.
      expect((await invite('z@fest.org')).json().invited).toBe(1);
    } finally {
      await app.close();
    }
  });
});
