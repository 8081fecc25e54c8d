import { MESSAGES } from '@screenroom/shared/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type startFakeSentry as Start, startFakeSentry } from '../../../test/fake-sentry';
import { createTestApp, type TestApp } from '../../../test/helpers';

let sentry: Awaited<ReturnType<typeof Start>>;
let t: TestApp;
beforeAll(async () => {
  sentry = await startFakeSentry();
  t = await createTestApp({ SENTRY_DSN: sentry.dsn });
});
afterAll(async () => {
  await t.close();
  await sentry.close();
});

describe('error reporting to Sentry (SENTRY_DSN)', () => {
  it('sends a server error with its request id and presenter, and nothing of the request itself', async () => {
    const me = await t.signUp();
    // Break the database under one route: a real 500 through the real error handler.
    await t.db.execute(sql`ALTER TABLE billing_accounts RENAME TO billing_accounts_away`);
    let res: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      res = await t.app.inject({
        method: 'GET',
        url: '/v1/presenters/fetchStripeProduct',
        headers: { ...me.headers, 'x-request-id': 'req-sentry-check-1' },
      });
    } finally {
      await t.db.execute(sql`ALTER TABLE billing_accounts_away RENAME TO billing_accounts`);
    }
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(MESSAGES.internalError);
    await t.container.reporter!.flush(5000);

    const [event] = sentry.events();
    expect(event).toBeDefined();
    const exception = (event!.exception as { values: { type: string; value: string }[] }).values.at(-1)!;
    expect(exception.value).toMatch(/billing_accounts/);
    expect(event).toMatchObject({
      environment: 'test',
      tags: { 'log.type': 'error', module: 'http', request_id: 'req-sentry-check-1' },
      user: { id: me.id },
    });
    expect(JSON.stringify(event)).not.toContain(me.token);
  });

  it('reports only errors, not warnings', async () => {
    const before = sentry.events().length;
    await t.container.logs.record({
      level: 'warn',
      type: 'security',
      module: 'auth',
      message: 'Not an error',
    });
    await t.container.logs.record({
      level: 'error',
      type: 'pipeline',
      module: 'encoder',
      message: 'Encoding failed',
      error: new Error('ffmpeg exited with code 1'),
    });
    await t.container.reporter!.flush(5000);
    const added = sentry.events().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]!.tags).toMatchObject({ module: 'encoder', 'log.type': 'pipeline' });
  });
});
