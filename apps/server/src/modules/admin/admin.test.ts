import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@screenroom/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newViewerToken } from '../../../test/fixtures';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/helpers';
import { logs } from '../../db/schema/logs';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';

let t: TestApp;
type Me = Awaited<ReturnType<TestApp['signUp']>>;
let admin: Me;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp(ADMIN_EMAIL, 'Ada Admin');
});
afterAll(() => t.close());

const list = (query: string, who: Me = admin) =>
  t.app.inject({ method: 'GET', url: `/v1/admin/presenters${query}`, headers: who.headers });
const setPlan = (id: string, payload: unknown, who: Me = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/admin/presenters/${id}/plan`,
    headers: who.headers,
    payload: payload as object,
  });
const ruleSetOf = async (who: Me) =>
  (await t.app.inject({ method: 'GET', url: '/v1/auth/getAuthPresenter', headers: who.headers })).json()
    .presenter.rule_set;

async function filmsFor(presenterId: string, films: number, linksPerFilm: number) {
  for (let i = 0; i < films; i++) {
    const [film] = await t.db
      .insert(videos)
      .values({ presenterId, type: 'upload', title: `Film ${i}` })
      .returning();
    for (let j = 0; j < linksPerFilm; j++) {
      await t.db.insert(trackingLinks).values({
        videoId: film!.id,
        presenterId,
        ...newViewerToken(t),
        generatedBy: 'invitation',
      });
    }
    // The presenter's own preview link, which no screen counts among the viewers.
    await t.db.insert(trackingLinks).values({
      videoId: film!.id,
      presenterId,
      ...newViewerToken(t),
      generatedBy: 'preview',
    });
  }
}

describe('administrators only', () => {
  it('answers 403 to a presenter who is not an administrator, 401 when signed out', async () => {
    const me = await t.signUp();
    const listed = await list('', me);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().message).toBe(MESSAGES.adminOnly);
    const granted = await setPlan(me.id, { rule_set: 'PROFESSIONAL' }, me);
    expect(granted.statusCode).toBe(403);
    expect(await ruleSetOf(me)).toBe('FREE');
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/presenters' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/v1/admin/presenters/${me.id}/plan`,
          payload: { rule_set: 'PROFESSIONAL' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('GET /admin/presenters', () => {
  it('lists presenters with plan, films, tracking links, sign-up and last sign-in', async () => {
    const director = await t.signUp(`director.${randomBytes(3).toString('hex')}@films.test`, 'Dana Director');
    await filmsFor(director.id, 2, 3);
    const res = await list(`?search=${encodeURIComponent(director.email)}`);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().results;
    expect(row).toMatchObject({
      id: director.id,
      email: director.email,
      name: 'Dana Director',
      rule_set: 'FREE',
      subscribed: false,
      granted: false,
      is_admin: false,
      films: 2,
      tracking_links: 6,
    });
    expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(row.last_login_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at) - 1000);
  });

  it('searches by name or e-mail (literally), filters by plan, and pages', async () => {
    const tag = randomBytes(3).toString('hex');
    const people = [];
    for (const name of ['Ann', 'Ben', 'Cid'])
      people.push(await t.signUp(`${name.toLowerCase()}.${tag}@films.test`, `${name} ${tag}`));
    const byName = (await list(`?search=${tag}&limit=2`)).json();
    expect(byName).toMatchObject({ page: 1, limit: 2, totalResults: 3, totalPages: 2 });
    const page2 = (await list(`?search=${tag}&limit=2&page=2`)).json();
    expect(page2.results).toHaveLength(1);
    const seen = [...byName.results, ...page2.results].map((p: { id: string }) => p.id).sort();
    expect(seen).toEqual(people.map((p) => p.id).sort());
    expect((await list('?search=%25%25%25')).json().totalResults).toBe(0);

    await setPlan(people[1]!.id, { rule_set: 'PROFESSIONAL' });
    const pro = (await list(`?search=${tag}&plan=PROFESSIONAL`)).json();
    expect(pro.results.map((p: { id: string }) => p.id)).toEqual([people[1]!.id]);
    expect((await list(`?search=${tag}&plan=FREE`)).json().totalResults).toBe(2);
  });

  it('refuses bad queries with a message', async () => {
    const cases: [string, string][] = [
      ['?plan=GOLD', 'plan: plan must be FREE or PROFESSIONAL'],
      ['?page=abc', 'page: page must be a number'],
      ['?limit=1000', 'limit: It must be in range of 1 to 100.'],
      [`?search=${'x'.repeat(201)}`, 'search: Length should not be greater then 200'],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});

describe('PUT /admin/presenters/{id}/plan', () => {
  it('ends with the plan its grant says when grants and removals cross', async () => {
    const me = await t.signUp();
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 6 }, (_, i) => setPlan(me.id, { rule_set: i % 2 ? 'FREE' : 'PROFESSIONAL' })),
      );
      const product = (
        await t.app.inject({ method: 'GET', url: '/v1/presenters/fetchStripeProduct', headers: me.headers })
      ).json().stripeProduct;
      expect(product.rule_set).toBe(product.sources.includes('grant') ? 'PROFESSIONAL' : 'FREE');
    }
  });

  it('ends with the plan its grant says when a grant and a removal cross on two servers', async () => {
    const other = await t.anotherServer();
    const me = await t.signUp();
    const setPlanOn = (app: TestApp['app'], ruleSet: string) =>
      app.inject({
        method: 'PUT',
        url: `/v1/admin/presenters/${me.id}/plan`,
        headers: admin.headers,
        payload: { rule_set: ruleSet },
      });
    // The presenter's row is held (as a slow moment would), so the grant's recomputation, on one server,
    // waits to write the plan while the removal is made and recomputed on the other.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    const waiting = async () =>
      Number(
        (
          await t.db.execute(
            sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      );
    const until = async (done: () => Promise<boolean> | boolean) => {
      for (let i = 0; i < 500 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
    };
    try {
      await holder.query('begin');
      await holder.query('select id from presenters where id = $1 for no key update', [me.id]);
      const granting = setPlanOn(t.app, 'PROFESSIONAL');
      await until(async () => (await waiting()) >= 1);
      let removed = false;
      const removing = setPlanOn(other.app, 'FREE').finally(() => {
        removed = true;
      });
      await until(async () => removed || (await waiting()) >= 2);
      await holder.query('commit');
      expect((await granting).statusCode).toBe(200);
      expect((await removing).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
    const product = (
      await t.app.inject({ method: 'GET', url: '/v1/presenters/fetchStripeProduct', headers: me.headers })
    ).json().stripeProduct;
    expect(product.sources).toEqual(['none']);
    expect(product.rule_set).toBe('FREE');
  });

  it('grants and removes Professional without payment (billing off), and logs who did it', async () => {
    const me = await t.signUp();
    const granted = await setPlan(me.id, { rule_set: 'PROFESSIONAL' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().presenter).toMatchObject({
      id: me.id,
      rule_set: 'PROFESSIONAL',
      granted: true,
      subscribed: false,
    });
    expect(await ruleSetOf(me)).toBe('PROFESSIONAL');
    const product = (
      await t.app.inject({ method: 'GET', url: '/v1/presenters/fetchStripeProduct', headers: me.headers })
    ).json().stripeProduct;
    expect(product).toMatchObject({
      rule_set: 'PROFESSIONAL',
      sources: ['grant'],
      limits: { watermark: true },
    });

    // Granting twice changes nothing.
    expect((await setPlan(me.id, { rule_set: 'PROFESSIONAL' })).json().presenter.rule_set).toBe(
      'PROFESSIONAL',
    );
    const removed = await setPlan(me.id, { rule_set: 'FREE' });
    expect(removed.json().presenter).toMatchObject({ rule_set: 'FREE', granted: false });
    expect(await ruleSetOf(me)).toBe('FREE');

    const entries = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.type, 'admin'), eq(logs.userId, admin.id)));
    expect(entries.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        `Granted Professional for ${me.email}`,
        `Removed Professional for ${me.email}`,
      ]),
    );
    expect(entries[0]!.userEmail).toBe(ADMIN_EMAIL);
    // The presenter's own log says what changed for them (once per change), with no request details.
    const own = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.type, 'billing'), eq(logs.userId, me.id)));
    expect(own.map((e) => e.message).sort()).toEqual([
      'An administrator granted you Professional plan',
      'An administrator removed your Professional plan',
    ]);
    expect(own.every((e) => e.ipAddress === null && e.userEmail === me.email)).toBe(true);
  });

  it('validates the id and the body; an unknown presenter is a 404', async () => {
    const me = await t.signUp();
    const badId = await setPlan('not-a-uuid', { rule_set: 'FREE' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('id: This id is not valid');
    const badBody = await setPlan(me.id, { rule_set: 'GOLD' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe('rule_set: rule_set must be FREE or PROFESSIONAL');
    expect((await setPlan(me.id, {})).statusCode).toBe(400);
    const unknown = await setPlan('00000000-0000-4000-8000-000000000000', { rule_set: 'PROFESSIONAL' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.presenterNotFound);
  });
});

describe('a sign-in link sent by an administrator', () => {
  it('reaches the presenter, saying who sent it; only an administrator may send it', async () => {
    const me = await t.signUp();
    const send = (id: string, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `/v1/admin/presenters/${id}/sendLoginLink`, headers });
    expect((await send(me.id, me.headers)).statusCode).toBe(403);
    const sent = await send(me.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().email).toBe(me.email);
    const mail = await t.smtp.waitFor(me.email, (m) => /sign-in link/.test(m.subject));
    expect(mail.text).toContain('An administrator of Screenroom sent you this link');
    expect(mail.text).not.toContain('If you did not ask for it');
    expect((await send('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // The mail is in the presenter's log (not the administrator's request details); the sending in the admin's.
    const mine = await t.db.select().from(logs).where(eq(logs.userId, me.id));
    const mailed = mine.find((e) => e.message === 'Mail sent: Your Screenroom sign-in link');
    expect(mailed).toMatchObject({ userEmail: me.email, ipAddress: null });
    const theirs = await t.db.select().from(logs).where(eq(logs.userId, admin.id));
    expect(theirs.map((e) => e.message)).toContain(`Sent a sign-in link to ${me.email}`);
  });
});

describe('asking for Professional without billing', () => {
  const ask = (who: Me) =>
    t.app.inject({ method: 'POST', url: '/v1/billing/requestProfessional', headers: who.headers });
  const productOf = async (who: Me) =>
    (
      await t.app.inject({ method: 'GET', url: '/v1/presenters/fetchStripeProduct', headers: who.headers })
    ).json().stripeProduct;

  it('mails the administrators once a day, and the presenter when the plan is granted', async () => {
    const me = await t.signUp(`asker.${randomBytes(3).toString('hex')}@films.test`, 'Ari Asker');
    expect((await productOf(me)).professional_requested_at).toBeNull();
    const first = await ask(me);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mailed: true });
    const mail = await t.smtp.waitFor(
      ADMIN_EMAIL,
      (m) => m.subject === 'Ari Asker asks for the Professional plan',
    );
    expect(mail.text).toContain(me.email);
    expect(mail.text).toContain(`/presenters?search=${encodeURIComponent(me.email)}`);
    expect((await productOf(me)).professional_requested_at).toBe(first.json().requested_at);
    // The administrator's list says who asked, and when.
    const [listed] = (await list(`?search=${encodeURIComponent(me.email)}`)).json().results;
    expect(listed.professional_requested_at).toBe(first.json().requested_at);

    // Asking again the same day tells no one again.
    const again = await ask(me);
    expect(again.json()).toEqual({ requested_at: first.json().requested_at, mailed: false });
    const asked = (
      await t.db
        .select()
        .from(logs)
        .where(and(eq(logs.userId, me.id), eq(logs.type, 'billing')))
    )
      .map((l) => l.message)
      .filter((m) => m.startsWith('Asked'));
    expect(asked).toEqual(['Asked the administrators for Professional']);

    expect((await setPlan(me.id, { rule_set: 'PROFESSIONAL' })).statusCode).toBe(200);
    const granted = await t.smtp.waitFor(me.email, (m) => m.subject === 'You now have the Professional plan');
    expect(granted.text).toContain('/pricing-plans');
    const refused = await ask(me);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.alreadyProfessional);
    expect((await t.app.inject({ method: 'POST', url: '/v1/billing/requestProfessional' })).statusCode).toBe(
      401,
    );
  });

  it('says so when the server has no administrator to ask', async () => {
    const lonely = await createTestApp({ ADMIN_EMAILS: '' });
    try {
      const me = await lonely.signUp();
      const res = await lonely.app.inject({
        method: 'POST',
        url: '/v1/billing/requestProfessional',
        headers: me.headers,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.planRequestNoAdmins);
    } finally {
      await lonely.close();
    }
  });
});
