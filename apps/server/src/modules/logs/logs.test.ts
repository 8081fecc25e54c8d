import { randomBytes } from 'node:crypto';
import { LOG_LEVELS } from '@screenroom/shared/enums';
import { MESSAGES } from '@screenroom/shared/messages';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/helpers';
import { logs } from '../../db/schema/logs';
import { videos } from '../../db/schema/videos';
import { ENTRIES_PER_NETWORK_A_MINUTE, SAME_ENTRY_PER_NETWORK_A_MINUTE } from './repeat-guard';

let t: TestApp;
type Me = Awaited<ReturnType<TestApp['signUp']>>;
let me: Me;
let other: Me;
let admin: Me;
let myFilmId: string;
let otherFilmId: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp({ LOG_RETENTION_DAYS: '30' });
  me = await t.signUp(undefined, 'Mia Mine');
  other = await t.signUp(undefined, 'Oscar Other');
  admin = await t.signUp(ADMIN_EMAIL, 'Ada Admin');
  const [mine, theirs] = await t.db
    .insert(videos)
    .values([
      { presenterId: me.id, type: 'upload', title: 'Night Train' },
      { presenterId: other.id, type: 'upload', title: 'Their Film' },
    ])
    .returning();
  myFilmId = mine!.id;
  otherFilmId = theirs!.id;
  const record = t.container.logs.record.bind(t.container.logs);
  await record({
    level: 'error',
    type: 'pipeline',
    module: 'encoder',
    message: 'Encoding failed: ffmpeg exited with code 1',
    videoId: myFilmId,
    videoTitle: 'Night Train',
    context: { step: 'transcoding', rendition: '720p' },
    metadata: { exitCode: 1, attempt: 2 },
    error: new Error('ffmpeg exited with code 1'),
  });
  await record({
    level: 'warn',
    type: 'access',
    module: 'watch',
    message: 'Key refused: the tracking link was revoked',
    videoId: myFilmId,
    videoTitle: 'Night Train',
    ipAddress: '203.0.113.7',
  });
  await record({
    level: 'warn',
    type: 'access',
    module: 'watch',
    message: 'Key refused on someone else’s film',
    videoId: otherFilmId,
    videoTitle: 'Their Film',
  });
  await record({
    level: 'info',
    type: 'mail',
    module: 'auth',
    message: 'Mail sent: 100% literal_match',
    userId: me.id,
    userEmail: me.email,
  });
  // Old entries, for the date filter and the retention purge.
  await t.db.insert(logs).values([
    {
      level: 'info',
      type: 'security',
      module: 'auth',
      message: 'Signed in long ago',
      userId: me.id,
      timestamp: new Date(Date.now() - 10 * DAY),
    },
  ]);
});
afterAll(() => t.close());

const list = (url: string, who: Me = me) => t.app.inject({ method: 'GET', url, headers: who.headers });
const messages = async (url: string, who: Me = me) => {
  const res = await list(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as { message: string }[]).map((r) => r.message);
};

describe('GET /logs (your own entries)', () => {
  it('holds entries about you and your films only, newest first, paged', async () => {
    const res = await list('/v1/logs?limit=100');
    const body = res.json();
    const own = body.results as { message: string; user_id: string | null; video_id: string | null }[];
    expect(own.every((e) => e.user_id === me.id || e.video_id === myFilmId)).toBe(true);
    expect(own.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Encoding failed: ffmpeg exited with code 1',
        'Key refused: the tracking link was revoked',
        'Account created',
        'Signed in long ago',
      ]),
    );
    expect(own.map((e) => e.message)).not.toContain('Key refused on someone else’s film');
    const times = own.map((e) => Date.parse((e as unknown as { timestamp: string }).timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body).toMatchObject({ page: 1, limit: 100, totalPages: 1, totalResults: own.length });

    const page2 = (await list('/v1/logs?limit=2&page=2')).json();
    expect(page2).toMatchObject({
      page: 2,
      limit: 2,
      totalResults: own.length,
      totalPages: Math.ceil(own.length / 2),
    });
    expect(page2.results.map((r: { id: number }) => r.id)).toEqual(
      own.slice(2, 4).map((r) => (r as unknown as { id: number }).id),
    );
  });

  it('answers every field of the Log entity, but no stack trace to a presenter', async () => {
    const [entry] = (await list('/v1/logs?type=pipeline')).json().results;
    expect(Object.keys(entry).sort()).toEqual(
      [
        'id',
        'timestamp',
        'level',
        'type',
        'module',
        'message',
        'video_id',
        'video_title',
        'context',
        'stack_trace',
        'metadata',
        'user_id',
        'user_email',
        'request_id',
        'ip_address',
        'user_agent',
      ].sort(),
    );
    expect(entry).toMatchObject({
      level: 'error',
      module: 'encoder',
      video_id: myFilmId,
      video_title: 'Night Train',
      context: { step: 'transcoding', rendition: '720p' },
      metadata: { exitCode: 1, attempt: 2 },
      stack_trace: null,
    });
    const [asAdmin] = (await list('/v1/logs/all?type=pipeline', admin)).json().results;
    expect(asAdmin.stack_trace).toMatch(/^Error: ffmpeg exited with code 1\n\s+at /);
  });

  it('filters by level, type, module, period and free text', async () => {
    expect(await messages('/v1/logs?level=error')).toEqual(['Encoding failed: ffmpeg exited with code 1']);
    expect(await messages('/v1/logs?type=access&module=watch')).toEqual([
      'Key refused: the tracking link was revoked',
    ]);
    expect(await messages('/v1/logs?search=NIGHT%20train')).toEqual([
      'Key refused: the tracking link was revoked',
      'Encoding failed: ffmpeg exited with code 1',
    ]);
    expect(await messages('/v1/logs?search=203.0.113')).toEqual([
      'Key refused: the tracking link was revoked',
    ]);
    // % and _ are matched literally, not as wildcards.
    expect(await messages('/v1/logs?search=100%25%20literal_match')).toEqual([
      'Mail sent: 100% literal_match',
    ]);
    expect(await messages('/v1/logs?search=100_%25')).toEqual([]);
    const from = new Date(Date.now() - 11 * DAY).toISOString();
    const to = new Date(Date.now() - 9 * DAY).toISOString();
    expect(await messages(`/v1/logs?from=${from}&to=${to}`)).toEqual(['Signed in long ago']);
    expect(await messages(`/v1/logs?level=&type=&search=`)).toContain('Signed in long ago');
  });

  it('answers bad filters with a 400 that names the field', async () => {
    const cases: [string, string][] = [
      ['level=loud', `level: Choose one of ${LOG_LEVELS.join(', ')}`],
      ['module=no%20spaces', 'module: Use letters, digits, dots, dashes or underscores'],
      ['from=yesterday', 'from: Give a date and time such as 2026-05-01T00:00:00Z'],
      ['from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', `to: ${MESSAGES.logsDateRange}`],
      ['page=0', 'page: page must be 1 or more'],
      ['limit=500', 'limit: It must be in range of 1 to 100.'],
      ['page=first', 'page: page must be a number'],
      [`search=${'x'.repeat(201)}`, 'search: Length should not be greater then 200'],
    ];
    for (const [query, message] of cases) {
      const res = await list(`/v1/logs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('needs a signed-in presenter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/logs' })).statusCode).toBe(401);
  });

  it('offers the types and modules of your own entries for the filters', async () => {
    const facets = (await list('/v1/logs/facets')).json();
    expect(facets.types).toEqual(expect.arrayContaining(['access', 'mail', 'pipeline', 'security']));
    expect(facets.modules).toEqual(expect.arrayContaining(['auth', 'encoder', 'watch']));
    expect(facets.types).toEqual([...facets.types].sort());
    const theirs = (await list('/v1/logs/facets', other)).json();
    expect(theirs.modules).not.toContain('encoder');
  });
});

describe('GET /logs/all (administrators)', () => {
  it('refuses presenters who are not administrators', async () => {
    for (const url of ['/v1/logs/all', '/v1/logs/all/facets']) {
      const res = await list(url, me);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MESSAGES.adminOnly);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('holds everyone’s entries, with the same filters', async () => {
    const all = await messages('/v1/logs/all?limit=100', admin);
    expect(all).toEqual(
      expect.arrayContaining([
        'Key refused on someone else’s film',
        'Encoding failed: ffmpeg exited with code 1',
      ]),
    );
    const res = (await list(`/v1/logs/all?search=${encodeURIComponent(other.email)}`, admin)).json();
    expect(res.results.length).toBeGreaterThan(0);
    expect(res.results.every((r: { user_email: string }) => r.user_email === other.email)).toBe(true);
    expect((await list('/v1/logs/all?level=bogus', admin)).statusCode).toBe(400);
  });
});

describe('retention and secrets', () => {
  it('purges entries older than LOG_RETENTION_DAYS', async () => {
    const [old] = await t.db
      .insert(logs)
      .values({
        level: 'info',
        type: 'security',
        module: 'auth',
        message: 'Very old',
        timestamp: new Date(Date.now() - 31 * DAY),
      })
      .returning();
    const purged = await t.container.logRetention.runOnce();
    expect(purged).toBe(1);
    expect(await t.db.select().from(logs).where(eq(logs.id, old!.id))).toEqual([]);
    expect(await messages('/v1/logs?limit=100')).toContain('Signed in long ago');
  });

  it('the end-of-file scan catches a token written to the log', async () => {
    const token = `leak-${randomBytes(16).toString('hex')}`;
    t.rememberSecret(token);
    const [row] = await t.db
      .insert(logs)
      .values({ level: 'info', type: 'security', module: 'test', message: `oops ${token}` })
      .returning();
    expect(await t.leakedSecrets()).toEqual([{ secret: expect.stringMatching(/^leak…/), rowId: row!.id }]);
    // A real access token too: it is collected from the API's answers.
    await t.db
      .insert(logs)
      .values({ level: 'info', type: 'security', module: 'test', message: `bearer ${me.token}` });
    const leakyRows = new Set((await t.leakedSecrets()).map((l) => l.rowId));
    expect(leakyRows.size).toBe(2);
    await t.db.delete(logs).where(eq(logs.module, 'test'));
    expect(await t.leakedSecrets()).toEqual([]);
  });

  it('scrubs secret-looking keys from context and metadata', async () => {
    await t.container.logs.record({
      level: 'info',
      type: 'security',
      module: 'scrub',
      message: 'Scrub check',
      userId: me.id,
      context: { otp: '123456', nested: { accessToken: 'abc', kept: 'yes' } },
      metadata: { stripe_signature_secret: 'whsec_x', card: { number: '4242' } },
    });
    const [entry] = (await list('/v1/logs?module=scrub')).json().results;
    expect(entry.context).toEqual({ otp: '[redacted]', nested: { accessToken: '[redacted]', kept: 'yes' } });
    expect(entry.metadata).toEqual({ stripe_signature_secret: '[redacted]', card: '[redacted]' });
  });

  it('keeps an entry holding a NUL character (PostgreSQL stores none), and literal \\u0000 text as it is', async () => {
    await t.container.logs.record({
      level: 'warn',
      type: 'security',
      module: 'nul',
      message: 'Odd\u0000name',
      userId: me.id,
      context: { title: 'C:\\u0000', 'k\u0000': ['a\u0000b'] },
    });
    const [entry] = (await list('/v1/logs?module=nul')).json().results;
    expect(entry.message).toBe('Odd␀name');
    expect(entry.context).toEqual({ title: 'C:\\u0000', 'k␀': ['a␀b'] });
  });
});

describe('refusals anyone can cause', () => {
  const madeUpKeyRequest = (videoId: string) => (remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/videos/${videoId}/keys/00000000-0000-4000-8000-000000000000?token=${'made-up'.repeat(6)}`,
      remoteAddress,
    });
  const film = async (title: string) =>
    (await t.db.insert(videos).values({ presenterId: me.id, type: 'upload', title }).returning())[0]!.id;

  it('are logged once a minute per network: addresses of one IPv6 /64 (one client holds billions) count as one', async () => {
    const id = await film('Flooded');
    const madeUp = madeUpKeyRequest(id);
    for (let i = 1; i <= 20; i++)
      expect((await madeUp(`2001:db8:0:7::${i.toString(16)}`)).statusCode).toBe(401);
    await madeUp('2001:0db8:0000:0007:ffff:1:2:3');
    const entries = () => t.db.select().from(logs).where(eq(logs.videoId, id));
    expect(await entries()).toHaveLength(1);
    // Another network, and an IPv4 address, are recorded on their own.
    await madeUp('2001:db8:0:8::1');
    await madeUp('203.0.113.9');
    expect(await entries()).toHaveLength(3);
  });

  it('are logged a few times a minute from one IPv6 /48, however many of its /64s ask', async () => {
    const id = await film('Flooded from a /48');
    const madeUp = madeUpKeyRequest(id);
    for (let i = 0; i < 300; i++)
      expect((await madeUp(`2001:db8:48:${i.toString(16)}::1`)).statusCode).toBe(401);
    const entries = () => t.db.select().from(logs).where(eq(logs.videoId, id));
    expect(await entries()).toHaveLength(SAME_ENTRY_PER_NETWORK_A_MINUTE);
    // A client in another network still gets its entry.
    await madeUp('2001:db8:49::1');
    expect((await entries()).map((e) => e.ipAddress)).toContain('2001:db8:49::1');
  });

  it('held back from one network by their number, are said to be, once a minute', async () => {
    const network = '198.18.7';
    for (let i = 0; i < ENTRIES_PER_NETWORK_A_MINUTE + 10; i++)
      await t.container.logs.recordRepeatable({
        level: 'warn',
        type: 'security',
        module: 'auth',
        message: `Sign-in code refused for made-up-${i}@example.com`,
        ipAddress: `${network}.${i}`,
      });
    const fromNetwork = await t.db
      .select()
      .from(logs)
      .where(like(logs.ipAddress, `${network}.%`));
    expect(fromNetwork.filter((e) => e.message.startsWith('Sign-in code refused'))).toHaveLength(
      ENTRIES_PER_NETWORK_A_MINUTE,
    );
    expect(fromNetwork.filter((e) => e.message.startsWith('More refusals'))).toEqual([
      expect.objectContaining({
        type: 'security',
        message: `More refusals came from ${network}.0/24 this minute than are written one by one (${ENTRIES_PER_NETWORK_A_MINUTE} a minute): the rest of this minute's are not logged`,
      }),
    ]);
  });
});
