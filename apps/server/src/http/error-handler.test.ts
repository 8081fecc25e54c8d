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
});
