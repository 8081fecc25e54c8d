import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@screenroom/shared/messages';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test/free-port';
import { createDatabase } from '../db/client';
import type { LogsService } from '../modules/logs/logs.service';
import { registerErrorHandlers } from './error-handler';
import { postgresRateLimitStore } from './rate-limit-store';
import type { App } from './types';

describe('the error handler', () => {
  it('never shows internals in a 5xx body, and records the failure', async () => {
    const app = Fastify({ logger: false }) as unknown as App;
    const record = vi.fn(async () => {});
    registerErrorHandlers(app, { record } as unknown as LogsService);
    app.get('/boom', async () => {
      throw new Error('connection to 10.0.0.5:5432 refused; password=hunter2');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expect(res.body).not.toContain('10.0.0.5');
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ level: 'error', type: 'error' }));
  });

  it('answers 400 for text or a date PostgreSQL refuses to store, wrapped or not', async () => {
    const app = Fastify({ logger: false }) as unknown as App;
    const record = vi.fn(async () => {});
    registerErrorHandlers(app, { record } as unknown as LogsService);
    const databaseError = (code: string) => Object.assign(new Error('refused'), { code });
    app.get('/date', async () => {
      throw new Error('Failed query', { cause: databaseError('22008') });
    });
    app.get('/text', async () => {
      throw databaseError('22021');
    });
    const date = await app.inject({ method: 'GET', url: '/date' });
    expect(date.statusCode).toBe(400);
    expect(date.json()).toEqual({ message: MESSAGES.dateOutOfRange, code: 'BAD_REQUEST' });
    const text = await app.inject({ method: 'GET', url: '/text' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: MESSAGES.unstorableText, code: 'BAD_REQUEST' });
    // Validation keeps dates in range: one that reaches PostgreSQL is recorded, as a warning.
    expect(record).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ level: 'warn', module: 'http' }));
  });
});

describe('a database that cannot be reached', () => {
  it('is a 503 in words with Retry-After, not a 500, and is not recorded in the log table', async () => {
    const app = Fastify({ logger: false }) as unknown as App;
    const record = vi.fn(async () => {});
    registerErrorHandlers(app, { record } as unknown as LogsService);
    // A real pool and driver, to a port where no PostgreSQL listens.
    const db = createDatabase(`postgres://nobody@127.0.0.1:${await freePort()}/gone`);
    app.get('/query', async () => db.execute(sql`select 1`));
    // A rate-limited route counts in the database first (rate-limit-store.ts).
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db.$client) });
    app.get('/limited', { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, async () => 'ok');
    app.get('/shutting-down', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      });
    });
    app.get('/fetch', async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      });
    });
    try {
      for (const url of ['/query', '/limited', '/shutting-down']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('10');
        expect(res.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'UNAVAILABLE' });
      }
      expect(record).not.toHaveBeenCalled();
      // Another service out of reach is not the database.
      expect((await app.inject({ method: 'GET', url: '/fetch' })).statusCode).toBe(500);
    } finally {
      await db.$client.end();
    }
  });
});
