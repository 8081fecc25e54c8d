import { MESSAGES } from '@screenroom/shared/messages';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { LogsService } from '../modules/logs/logs.service';
import { registerErrorHandlers } from './error-handler';
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
