import { AppError, apiErrorSchema } from '@screenroom/shared/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../http/types';
import type { DevOutboxRepository } from './dev-outbox.repository';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkify = (s: string) => s.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The machine itself, by its socket (never a forwarded header): IPv4, IPv6, or IPv4 mapped into IPv6. */
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Headers a proxy adds: a request through one came from whoever it serves, not from this machine. */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Only for a browser on the server's own machine: the server listens on every interface by default, and
 * the outbox would otherwise hand the sign-in codes of every account to anyone on the same network. A
 * proxy on this machine (a staging server behind nginx) connects from it too, for every visitor.
 */
async function fromThisMachineOnly(req: FastifyRequest) {
  const local = LOOPBACK.test(req.socket.remoteAddress ?? '');
  if (!local || FORWARDED.some((name) => name in req.headers)) throw new AppError('NOT_FOUND', 'Not found.');
}

/**
 * The mails the development mailer kept instead of sending, newest first. Registered only while mail is
 * kept here (`config.devOutbox`: no SMTP_URL, or DEV_OUTBOX=true; never in production), not merely because
 * NODE_ENV is not production: it holds sign-in codes and links, and has no sign-in of its own. Served
 * to this machine only.
 */
export async function devOutboxRoutes(app: App, { outbox }: { outbox: DevOutboxRepository }) {
  app.get('/v1/dev/outbox', {
    onRequest: fromThisMachineOnly,
    schema: {
      tags: ['Development'],
      summary: 'Mails kept instead of sent (development only)',
      response: {
        200: z.object({
          results: z.array(
            z.object({
              id: z.string(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              created_at: z.string(),
            }),
          ),
        }),
        404: apiErrorSchema.describe('Asked from another machine than the server'),
      },
    },
    handler: async () => ({
      results: (await outbox.latest()).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        created_at: m.createdAt.toISOString(),
      })),
    }),
  });

  app.get('/dev/outbox', { schema: { hide: true }, onRequest: fromThisMachineOnly }, async (_req, reply) => {
    const mails = await outbox.latest();
    const items = mails
      .map(
        (m) =>
          `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</span></header><pre>${linkify(escapeHtml(m.text))}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Screenroom</title>
<style>body{font:15px system-ui,sans-serif;background:#1a1b1e;color:#e9ecef;max-width:860px;margin:32px auto;padding:0 16px}
h1{font-size:22px}article{background:#25262b;border-radius:10px;padding:14px 18px;margin:12px 0}header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}
header span{color:#909296;font-size:13px}pre{white-space:pre-wrap;font:14px ui-monospace,monospace;color:#c1c2c5}a{color:#9775fa}</style></head>
<body><h1>Dev outbox</h1><p>Mails are kept here because no <code>SMTP_URL</code> is set. <a href="/dev/outbox">Refresh</a> · <a href="/">Back to the app</a></p>
${items || '<p>No mail yet.</p>'}</body></html>`);
  });
}
