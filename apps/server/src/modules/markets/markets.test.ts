import { MESSAGES } from '@screenroom/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilm } from '../../../test/fixtures';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/helpers';
import { attendeeName } from './markets.service';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp(ADMIN_EMAIL, 'Ada Admin');
});
afterAll(async () => {
  expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t.close();
});

type Me = Awaited<ReturnType<TestApp['signUp']>>;
const call = (me: Me | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1${url}`, headers: me?.headers ?? {}, payload });

let codes = 0;
async function market() {
  const code = `CANNES${++codes}${Date.now() % 10000}`;
  const res = await call(admin, 'POST', '/markets', { name: `Marché ${codes}`, code: code.toLowerCase() });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('markets', () => {
  it('are managed by administrators only', async () => {
    const presenter = await t.signUp();
    expect((await call(presenter, 'POST', '/markets', { name: 'X', code: 'XXXX' })).statusCode).toBe(403);
    expect((await call(presenter, 'GET', '/markets')).statusCode).toBe(403);
    const m = await market();
    expect(m.code).toMatch(/^CANNES/);
    const closed = await call(admin, 'PATCH', `/markets/${m.id}`, { status: 'closed' });
    expect(closed.json().status).toBe('closed');
    const duplicate = await call(admin, 'POST', '/markets', { name: 'Again', code: m.code });
    expect(duplicate.statusCode).toBe(409);
    const badCode = await call(admin, 'POST', '/markets', { name: 'Bad', code: 'no spaces!' });
    expect(badCode.json().message).toBe('code: Only alphanumeric characters are allowed');
    const noCode = await call(admin, 'POST', '/markets', { name: 'None', code: '  ' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual([{ field: 'code', message: MESSAGES.required }]);
  });

  it('refuses a market that ends before it starts, naming the field', async () => {
    const res = await call(admin, 'POST', '/markets', {
      name: 'Backwards',
      code: `BACK${Date.now() % 100000}`,
      starts_at: '2027-02-12T09:00:00Z',
      ends_at: '2027-02-10T09:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'ends_at', message: MESSAGES.marketEndsBeforeStart }]);
  });

  it('refuses dates the database cannot store, when created and when changed', async () => {
    const early = await call(admin, 'POST', '/markets', {
      name: 'Early',
      code: `EARLY${Date.now() % 100000}`,
      starts_at: '0000-01-01T00:00:00+01:00',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([{ field: 'starts_at', message: MESSAGES.dateOutOfRange }]);
    const m = await market();
    const late = await call(admin, 'PATCH', `/markets/${m.id}`, { ends_at: '9999-12-31T23:59:59.999-12:00' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([{ field: 'ends_at', message: MESSAGES.dateOutOfRange }]);
  });

  it('checks a change of one date against the other one as stored', async () => {
    const m = await market();
    const starts = await call(admin, 'PATCH', `/markets/${m.id}`, { starts_at: '2030-01-02T00:00:00Z' });
    expect(starts.statusCode, starts.body).toBe(200);
    const ends = await call(admin, 'PATCH', `/markets/${m.id}`, { ends_at: '2029-01-01T00:00:00Z' });
    expect(ends.statusCode).toBe(400);
    expect(ends.json().errors).toEqual([{ field: 'ends_at', message: MESSAGES.marketEndsBeforeStart }]);
    const later = await call(admin, 'PATCH', `/markets/${m.id}`, {
      starts_at: null,
      ends_at: '2029-01-01T00:00:00Z',
    });
    expect(later.statusCode, later.body).toBe(200);
    const missing = await call(admin, 'PATCH', '/markets/6f1c1c1e-0000-4000-8000-000000000000', {
      status: 'open',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("verifies codes: 'Invalid Code' for unknown or closed markets", async () => {
    const presenter = await t.signUp();
    const m = await market();
    const ok = await call(presenter, 'POST', '/videos/verifyMarketCode', { code: m.code.toLowerCase() });
    expect(ok.json()).toMatchObject({ valid: true, market: { name: m.name, code: m.code } });
    const unknown = await call(presenter, 'POST', '/videos/verifyMarketCode', { code: 'NOPE1234' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.invalidCode);
    await call(admin, 'PATCH', `/markets/${m.id}`, { status: 'closed' });
    expect((await call(presenter, 'POST', '/videos/verifyMarketCode', { code: m.code })).json().message).toBe(
      MESSAGES.invalidCode,
    );
  });

  it('lists a film in a market once, however often it is pushed', async () => {
    const presenter = await t.signUp();
    const film = await createFilm(t, presenter.id);
    const m = await market();
    for (let i = 0; i < 2; i++) {
      const pushed = await call(presenter, 'POST', '/videos/pushVideoToMarket', {
        videoId: film.id,
        code: m.code,
      });
      expect(pushed.json().market.films).toBe(1);
    }
    const listed = await call(presenter, 'GET', `/videos/${film.id}/markets`);
    expect(listed.json().results.map((r: { code: string }) => r.code)).toEqual([m.code]);
    const other = await t.signUp();
    // Only its presenter takes a film out, and then its attendees no longer see it.
    const unlist = (who: typeof presenter) => call(who, 'DELETE', `/videos/${film.id}/markets/${m.id}`);
    expect((await unlist(other)).statusCode).toBe(404);
    expect((await unlist(presenter)).json()).toEqual({ ok: true });
    expect((await call(presenter, 'GET', `/videos/${film.id}/markets`)).json().results).toEqual([]);
    expect((await call(null, 'GET', `/markets/public/${m.code}`)).json().films).toEqual([]);
    expect((await unlist(presenter)).statusCode).toBe(404);
    await call(presenter, 'POST', '/videos/pushVideoToMarket', { videoId: film.id, code: m.code });
    expect(
      (await call(other, 'POST', '/videos/pushVideoToMarket', { videoId: film.id, code: m.code })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(presenter, 'POST', '/videos/pushVideoToMarket', { videoId: film.id, code: 'ZZZZ9999' })
      ).json().message,
    ).toBe(MESSAGES.invalidCode);
  });

  it('gives each attendee who asks a link of their own, by e-mail (generated_by market)', async () => {
    const presenter = await t.signUp();
    const film = await createFilm(t, presenter.id, 'Harbour Lines');
    const unlisted = await createFilm(t, presenter.id, 'Not listed');
    const m = await market();
    await call(presenter, 'POST', '/videos/pushVideoToMarket', { videoId: film.id, code: m.code });
    const page = await call(null, 'GET', `/markets/public/${m.code}`);
    expect(page.json().films.map((f: { title: string }) => f.title)).toEqual(['Harbour Lines']);

    const ask = () =>
      call(null, 'POST', `/markets/public/${m.code}/requestAccess`, {
        videoId: film.id,
        name: 'Kim Buyer',
        email: 'kim@distrib.com',
        company: 'Distrib',
      });
    const asked = await ask();
    expect(asked.json()).toEqual({ ok: true, message: 'We sent your link to kim@distrib.com.' });
    expect(asked.body).not.toContain('/watch/');
    const links = (await call(presenter, 'GET', `/videos/${film.id}/screeners`)).json().results;
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      generated_by: 'market',
      viewer_email: 'kim@distrib.com',
      viewer_name: 'Kim Buyer (Distrib)',
    });
    const mail = await t.smtp.waitFor('kim@distrib.com');
    // The address stands on a line of its own: a sentence's full stop glued to it broke the link.
    expect(mail.text).toMatch(new RegExp(`^${links[0].access_url}$`, 'm'));
    expect(mail.text).toContain('offered by Pat Presenter');
    // The presenter's log says who asked, where.
    const log = (await call(presenter, 'GET', '/logs?search=asked')).json().results;
    expect(log[0]).toMatchObject({ message: `Kim Buyer (Distrib) asked for the film at ${m.name}` });
    await ask();
    expect((await call(presenter, 'GET', `/videos/${film.id}/screeners`)).json().results).toHaveLength(1);
    // Once the presenter revoked that link, asking again mails nothing.
    await call(presenter, 'POST', `/screeners/${links[0].id}/updateStatus`, { status: 'revoked' });
    // The answer is the same (it must not tell anyone who was revoked); the mail says so to them alone.
    const withdrawn = await ask();
    expect(withdrawn.json()).toEqual(asked.json());
    const notice = await t.smtp.waitFor('kim@distrib.com', (m) => m.subject.startsWith('About'));
    expect(notice.text).toContain('withdrawn access');
    expect(notice.text).toContain('please contact Pat Presenter');
    expect(notice.text).not.toContain('/watch/');

    // Several requests at the same moment (a double click) make one link, and each is answered.
    const together = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(null, 'POST', `/markets/public/${m.code}/requestAccess`, {
          videoId: film.id,
          name: 'Lou Twice',
          email: 'lou@distrib.com',
        }),
      ),
    );
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const lous = (await call(presenter, 'GET', `/videos/${film.id}/screeners`)).json().results;
    expect(lous.filter((l: { viewer_email: string }) => l.viewer_email === 'lou@distrib.com')).toHaveLength(
      1,
    );

    const notListed = await call(null, 'POST', `/markets/public/${m.code}/requestAccess`, {
      videoId: unlisted.id,
      name: 'Kim',
      email: 'kim@distrib.com',
    });
    expect(notListed.statusCode).toBe(404);
    const badEmail = await call(null, 'POST', `/markets/public/${m.code}/requestAccess`, {
      videoId: film.id,
      name: 'Kim',
      email: 'kim',
    });
    expect(badEmail.json().message).toBe('email: invalid email');
  });
});

describe("a market's films, for its organisers", () => {
  it('lists who listed each film and how many attendees asked; admins can take a film out', async () => {
    const presenter = await t.signUp(undefined, 'Lou Listing');
    const film = await createFilm(t, presenter.id, 'Salt Marsh');
    const m = await market();
    const films = (who: Me | null, id = m.id) => call(who, 'GET', `/markets/${id}/films`);
    expect((await films(admin)).json()).toEqual({ results: [] });
    await call(presenter, 'POST', '/videos/pushVideoToMarket', { videoId: film.id, code: m.code });
    for (const email of ['a@buyers.test', 'b@buyers.test', 'a@buyers.test']) {
      await call(null, 'POST', `/markets/public/${m.code}/requestAccess`, {
        videoId: film.id,
        name: 'Al',
        email,
      });
    }
    const [listing] = (await films(admin)).json().results;
    expect(listing).toMatchObject({
      video_id: film.id,
      title: 'Salt Marsh',
      presenter: { id: presenter.id, name: 'Lou Listing', email: presenter.email },
      requests: 2,
    });
    expect(Date.parse(listing.listed_at)).toBeGreaterThan(Date.now() - 60_000);

    // Administrators only; unknown markets and films are 404, malformed ids 400.
    expect((await films(presenter)).statusCode).toBe(403);
    expect((await films(null)).statusCode).toBe(401);
    expect((await films(admin, '6f1c1c1e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await films(admin, 'nope')).statusCode).toBe(400);
    const takeOut = (who: Me, videoId = film.id) => call(who, 'DELETE', `/markets/${m.id}/films/${videoId}`);
    expect((await takeOut(presenter)).statusCode).toBe(403);
    expect((await takeOut(admin, '6f1c1c1e-0000-4000-8000-000000000000')).statusCode).toBe(404);

    expect((await takeOut(admin)).json()).toEqual({ ok: true });
    expect((await films(admin)).json().results).toEqual([]);
    expect((await call(null, 'GET', `/markets/public/${m.code}`)).json().films).toEqual([]);
    expect((await takeOut(admin)).statusCode).toBe(404);
    // The presenter learns it from their log; the links already sent still open.
    const log = (await call(presenter, 'GET', '/logs?search=organisers')).json().results;
    expect(log[0]).toMatchObject({ message: `Taken out of ${m.name} by its organisers` });
    const links = (await call(presenter, 'GET', `/videos/${film.id}/screeners`)).json().results;
    expect(links.map((l: { status: string }) => l.status)).toEqual(['active', 'active']);
  });
});

describe('an attendee’s name on their link', () => {
  it('fits the viewer name a presenter can edit, the company shortened', () => {
    expect(attendeeName('Kim Buyer', 'Distrib')).toBe('Kim Buyer (Distrib)');
    expect(attendeeName('Kim Buyer', null)).toBe('Kim Buyer');
    const long = attendeeName('K'.repeat(60), 'C'.repeat(120));
    expect(long).toHaveLength(100);
    expect(long).toMatch(/^K{60} \(C+…\)$/);
    expect(attendeeName('N'.repeat(99), 'Company')).toBe('N'.repeat(99));
  });
});
