import { AppError, apiErrorSchema } from '@screenroom/shared/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../http/types';
import type { AuthService } from '../auth/auth.service';
import type { LogsService } from '../logs/logs.service';
import { originOf } from '../logs/logs.service';
import { NOT_STORED } from '../streams/cache-policy';
import { sendSegment } from '../streams/send-segment';
import { keyAnswer, PLAYLIST, playlistAnswer, segmentAnswers } from '../streams/stream-answers';
import { streamQuery, withStream } from '../streams/stream-query';
import type { StreamsService } from '../streams/streams.service';
import type { PreviewTokens } from './preview-tokens';
import type { VideosService } from './videos.service';

type Deps = {
  videos: VideosService;
  streams: StreamsService;
  tokens: PreviewTokens;
  logs: LogsService;
  /** A preview token works only while the sign-in that asked for it is live (not signed out). */
  signIns: Pick<AuthService, 'isSignedIn'>;
};

const NOT_A_PREVIEW_TOKEN = 'This preview link is not valid or has expired. Open the preview again.';
const token = z.object({
  token: z
    .string({ error: 'The preview link has no token' })
    .min(10, NOT_A_PREVIEW_TOKEN)
    .max(2000, NOT_A_PREVIEW_TOKEN),
});
const streamToken = token.extend({ stream: streamQuery });
const id = z.uuid({ error: 'This id is not valid' });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * The owner's preview streams (POST /videos/getHlsUrl leads here). Each URL carries the preview token,
 * so hls.js needs no headers; playlists are rewritten to pass the token on to segments and keys.
 */
export async function previewRoutes(app: App, { videos, streams, tokens, logs, signIns }: Deps) {
  const tags = ['Playback'];

  async function authorise(req: FastifyRequest, videoId: string, value: string) {
    const claims = await tokens.verify(value, videoId);
    const live = claims ? await signIns.isSignedIn(claims.authSessionId, claims.presenterId) : false;
    if (!claims || !live) {
      await logs.recordRepeatable({
        ...originOf(req),
        level: 'warn',
        type: 'access',
        module: 'videos',
        message: claims
          ? 'Preview stream refused: the sign-in that asked for it has ended'
          : 'Preview stream refused: invalid or expired token',
        videoId,
      });
      throw new AppError('UNAUTHORIZED', NOT_A_PREVIEW_TOKEN);
    }
    const video = await videos.ownedRow(claims.presenterId, videoId);
    return { video, openedAt: claims.issuedAt };
  }

  app.get('/videos/:id/hls/master.m3u8', {
    schema: {
      tags,
      summary: 'Preview: master playlist (each rendition URL names its streams)',
      params: z.object({ id }),
      querystring: streamToken,
      response: { ...playlistAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const { video, openedAt } = await authorise(req, req.params.id, req.query.token);
      const reader = { stream: req.query.stream, openedAt };
      const text = await streams.masterPlaylist(video, reader, (r, variant) =>
        withStream(`${r}/index.m3u8?token=${req.query.token}`, variant),
      );
      if (!text) throw new AppError('NOT_FOUND', 'This screener has no streams yet.');
      return reply.type(PLAYLIST).header('cache-control', NOT_STORED).send(text);
    },
  });

  app.get('/videos/:id/hls/:rendition/index.m3u8', {
    schema: {
      tags,
      summary:
        'Preview: one rendition playlist (one key line per segment of the encrypted streams; none for plain ones)',
      params: z.object({ id, rendition: z.string().max(10) }),
      querystring: streamToken,
      response: { ...playlistAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const { video, openedAt } = await authorise(req, req.params.id, req.query.token);
      const reader = { stream: req.query.stream, openedAt };
      const text = await streams.mediaPlaylist(video, req.params.rendition, reader, {
        segment: (uri, variant) => withStream(`${uri}?token=${req.query.token}`, variant),
        key: (keyId) => `../../keys/${keyId}?token=${req.query.token}`,
      });
      if (!text) throw new AppError('NOT_FOUND', 'This rendition does not exist.');
      return reply.type(PLAYLIST).header('cache-control', NOT_STORED).send(text);
    },
  });

  app.get('/videos/:id/hls/:rendition/:segment', {
    schema: {
      tags,
      summary: 'Preview: one segment (plain ones asked for after encryption are decrypted by the server)',
      params: z.object({ id, rendition: z.string().max(10), segment: z.string().max(40) }),
      querystring: streamToken,
      response: { ...segmentAnswers, ...errors },
    },
    handler: async (req, reply) => {
      const { video, openedAt } = await authorise(req, req.params.id, req.query.token);
      const { rendition, segment } = req.params;
      const reader = { stream: req.query.stream, openedAt };
      return sendSegment(reply, await streams.segment(video, rendition, segment, reader));
    },
  });

  app.get('/videos/:id/keys/:keyId', {
    schema: {
      tags,
      summary: "Preview: one segment's 16-byte AES-128 key",
      params: z.object({ id, keyId: z.string().max(40) }),
      querystring: token,
      response: { ...keyAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const { video } = await authorise(req, req.params.id, req.query.token);
      const key = await streams.key(video.id, req.params.keyId);
      if (!key) throw new AppError('NOT_FOUND', 'This key does not exist.');
      return reply.type('application/octet-stream').header('cache-control', NOT_STORED).send(key);
    },
  });
}
