import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

type Answer = { description?: string; content?: Record<string, { schema?: object }> };
type Operation = {
  summary?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, Answer>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** `/v1/markets/{id}/films`, `/v1/markets/:marketId/films` and `/media/{*}` alike: parameters unnamed. */
const normalise = (path: string) => path.replace(/\{\*\}/g, '*').replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}');

const isError = (status: string) => /^[45]\d\d$/.test(status);
const isSuccess = (status: string) => /^[23]\d\d$/.test(status);
const hasSchema = (response: Answer) =>
  Object.values(response.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0);

describe('the OpenAPI document at /api/docs', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        method,
        op,
      })),
    );

  it('describes every route the server registers, and no route it does not', () => {
    const routes = t.routes
      // The document and its own pages; HEAD answers every GET (Fastify adds it).
      .filter((r) => !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${normalise(r.url)}`);
    const documented = operations()
      .filter((o) => o.method !== 'head')
      .map((o) => `${o.method.toUpperCase()} ${normalise(o.path)}`);
    expect(routes.length).toBeGreaterThan(80);
    expect([...new Set(routes)].sort()).toEqual([...new Set(documented)].sort());
  });

  it('gives every operation a summary, the body of its success and its error answers', () => {
    const gaps: string[] = [];
    for (const { key, method, op } of operations()) {
      const responses = op.responses ?? {};
      const statuses = Object.keys(responses);
      if (!op.summary) gaps.push(`${key}: no summary`);
      if (!statuses.some(isSuccess)) gaps.push(`${key}: no success answer`);
      // A success without a body says so in its own words; 'Default Response' is the document's filler
      // for a route that described none.
      for (const status of statuses.filter(isSuccess)) {
        const answer = responses[status]!;
        if (!hasSchema(answer) && (answer.content || answer.description === 'Default Response'))
          gaps.push(`${key}: ${status} has no body schema`);
      }
      if (!hasSchema(responses.default ?? {})) gaps.push(`${key}: no answer for any other failure`);
      // What takes input says how it refuses it; OPTIONS only says what the server supports.
      const takesInput = Boolean(op.parameters?.length || op.requestBody || op.security);
      if (takesInput && method !== 'options' && !statuses.some(isError)) gaps.push(`${key}: no error answer`);
      for (const status of statuses.filter(isError))
        if (!hasSchema(responses[status]!)) gaps.push(`${key}: ${status} has no body schema`);
    }
    expect(gaps).toEqual([]);
  });

  it('documents the page’s clock beside the viewer events, as an optional number', () => {
    type Body = { $ref?: string; required?: string[]; properties?: Record<string, { type?: string }> };
    const op = doc.paths['/v1/watch/sessions/{sessionId}/events']!.post as { requestBody: Answer };
    let body = op.requestBody.content!['application/json']!.schema as Body;
    const components = (doc as { components?: { schemas?: Record<string, Body> } }).components;
    if (body.$ref) body = components!.schemas![body.$ref.split('/').at(-1)!]!;
    expect(body.required).toEqual(['events']);
    expect(body.properties!.sentAt).toMatchObject({
      type: 'number',
      description: expect.stringMatching(/clock/),
    });
  });
});
