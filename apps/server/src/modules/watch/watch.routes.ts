import { AppError, apiErrorSchema } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import { subtitleIdParam } from '@screenroom/shared/schemas/subtitles';
import {
  eventsBody,
  eventsResponse,
  heartbeatBody,
  heartbeatResponse,
  openSessionBody,
  openSessionResponse,
} from '@screenroom/shared/schemas/watch';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../http/auth-guard';
import { hasEscapedNul } from '../../http/nul-guard';
import type { App } from '../../http/types';
import type { AuthService } from '../auth/auth.service';
import { originOf } from '../logs/logs.service';
import { NOT_STORED } from '../streams/cache-policy';
import { sendSegment } from '../streams/send-segment';
import {
  keyAnswer,
  PLAYLIST,
  playlistAnswer,
  segmentAnswers,
  subtitleAnswer,
} from '../streams/stream-answers';
import type { StreamVariant } from '../streams/stream-layout';
import { streamQuery, withStream } from '../streams/stream-query';
import type { StreamsService } from '../streams/streams.service';
import { SUBTITLE_CONTENT_TYPE } from '../videos/subtitles.service';
import { EVENTS_BURST, EVENTS_PER_SECOND } from './event-budget';
import type { Visitor, WatchService } from './watch.service';

type Deps = {
  watch: WatchService;
  streams: StreamsService;
  auth: Pick<AuthService, 'authenticate'>;
  rateLimitPerMinute: number;
};

const sessionParam = z.object({ sessionId: z.uuid({ error: 'This session id is not valid' }) });
const tokenQuery = z.object({ token: z.string().max(2000).optional() });
const streamsQuery = tokenQuery.extend({ stream: streamQuery });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
};

/** The playback token: `Authorization: Bearer …`, or `?token=` (playlists, key URIs, beacons). */
const playbackToken = (req: FastifyRequest<{ Querystring: { token?: string } }>) =>
  req.query.token ?? bearerToken(req);

const visitorOf = (req: FastifyRequest): Visitor => ({
  ...originOf(req),
  ipAddress: req.ip,
  userAgent: req.headers['user-agent'],
});

/** The viewer's API (public: a viewer never needs an account; the link's token is the credential). */
export async function watchRoutes(app: App, { watch, streams, auth, rateLimitPerMinute }: Deps) {
  const tags = ['Watch'];

  /**
   * A live session's film, its token, and how it reads the streams: the ones its player loaded, and
   * when the session started (a player from before encryption may still ask for the plain streams).
   */
  async function streamReader(
    req: FastifyRequest<{
      Params: { sessionId: string };
      Querystring: { token?: string; stream?: StreamVariant };
    }>,
    what: 'Playlist' | 'Segment',
  ) {
    const token = playbackToken(req);
    const { video, session } = await watch.authorize(req.params.sessionId, token, visitorOf(req), what);
    return { video, token, reader: { stream: req.query.stream, openedAt: session.startedAt } };
  }

  app.post('/watch/links/:token/sessions', {
    config: { rateLimit: { max: rateLimitPerMinute * 6, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        "Open a viewing session: the access checks, in order, then the session and its playback token. A presenter's preview link opens only with their own access token (Authorization: Bearer). `resume` names the session this tab had (a reload): within two minutes of its last sign of life it goes on, and no new session is counted",
      // Any length: a token cut short when copied is answered like any unknown link (not_found).
      params: z.object({ token: z.string().min(1).max(100) }),
      body: openSessionBody,
      response: { 200: openSessionResponse, ...errors, 429: apiErrorSchema },
    },
    // A presenter's access token, when the browser sends one, opens their own preview link only.
    handler: (req) =>
      watch.open(
        req.params.token,
        visitorOf(req),
        async () => {
          const bearer = bearerToken(req);
          const signedIn = bearer ? await auth.authenticate(bearer) : null;
          return signedIn ? { presenterId: signedIn.presenter.id, authSessionId: signedIn.sessionId } : null;
        },
        req.body?.resume,
      ),
  });

  app.post('/watch/sessions/:sessionId/heartbeat', {
    schema: {
      tags,
      summary: 'Renew the playback token (every 15 s); refused once the link is revoked, disabled or ended',
      params: sessionParam,
      body: heartbeatBody,
      response: { 200: heartbeatResponse, ...errors },
    },
    handler: (req) => watch.heartbeat(req.params.sessionId, req.body.secret, visitorOf(req)),
  });

  await app.register(async (scope) => {
    // navigator.sendBeacon posts text/plain: the same JSON, read as such.
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => {
        if (hasEscapedNul(body as string))
          return done(new AppError('BAD_REQUEST', MESSAGES.nulCharacter), undefined);
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AppError('BAD_REQUEST', 'The request body is not valid JSON.'), undefined);
        }
      },
    );
    (scope as App).post('/watch/sessions/:sessionId/events', {
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary:
          "A batch of the player's events; duplicate seq numbers are ignored. Refused, as the heartbeat is, once the link is revoked, disabled or ended, but for the page's closing report (the pause saying it was stopped, or its goodbye), kept once without its played stretch",
        description: `Each session may report ${EVENTS_BURST} events at once, then ${EVENTS_PER_SECOND} more for every second since it started, far more than a player sends. A batch whose new events (duplicates are not counted) would pass that is refused whole with a 429 saying so, and nothing of it is kept; its Retry-After header gives the seconds until it would fit. The session's heartbeats, playlists and keys go on as before.`,
        params: sessionParam,
        querystring: tokenQuery,
        body: eventsBody,
        response: {
          200: eventsResponse,
          ...errors,
          429: apiErrorSchema,
        },
      },
      handler: (req) =>
        watch.ingest(
          req.params.sessionId,
          playbackToken(req),
          req.body.events,
          visitorOf(req),
          req.body.sentAt,
        ),
    });
  });

  app.get('/watch/sessions/:sessionId/master.m3u8', {
    schema: {
      tags,
      summary: 'The master playlist of the session’s film',
      params: sessionParam,
      querystring: streamsQuery,
      response: { ...playlistAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const { video, token, reader } = await streamReader(req, 'Playlist');
      const text = await streams.masterPlaylist(video, reader, (r, variant) =>
        withStream(`renditions/${r}/index.m3u8?token=${token}`, variant),
      );
      if (!text) throw new AppError('NOT_FOUND', 'This film has no streams.');
      return reply.type(PLAYLIST).header('cache-control', NOT_STORED).send(text);
    },
  });

  app.get('/watch/sessions/:sessionId/renditions/:rendition/index.m3u8', {
    schema: {
      tags,
      summary:
        'One rendition playlist, each URL carrying the token: a key line per segment of the encrypted streams, none for plain ones',
      params: sessionParam.extend({ rendition: z.string().max(10) }),
      querystring: streamsQuery,
      response: { ...playlistAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const { video, token, reader } = await streamReader(req, 'Playlist');
      const text = await streams.mediaPlaylist(video, req.params.rendition, reader, {
        segment: (uri, variant) =>
          withStream(`../../segments/${req.params.rendition}/${uri}?token=${token}`, variant),
        key: (keyId) => `../../keys/${keyId}?token=${token}`,
      });
      if (!text) throw new AppError('NOT_FOUND', 'This rendition does not exist.');
      return reply.type(PLAYLIST).header('cache-control', NOT_STORED).send(text);
    },
  });

  app.get('/watch/sessions/:sessionId/segments/:rendition/:segment', {
    schema: {
      tags,
      summary:
        'One segment (a signed storage URL on S3); plain ones asked for after encryption are decrypted by the server',
      params: sessionParam.extend({ rendition: z.string().max(10), segment: z.string().max(40) }),
      querystring: streamsQuery,
      response: { ...segmentAnswers, ...errors },
    },
    handler: async (req, reply) => {
      const { video, reader } = await streamReader(req, 'Segment');
      const { rendition, segment } = req.params;
      return sendSegment(reply, await streams.segment(video, rendition, segment, reader));
    },
  });

  app.get('/watch/sessions/:sessionId/subtitles/:subtitleId', {
    schema: {
      tags,
      summary:
        "One of the film's subtitle tracks (listed in the session's video.subtitles), as WebVTT: only for a live session of a link that may still watch",
      params: sessionParam.extend(subtitleIdParam.shape),
      querystring: tokenQuery,
      response: { ...subtitleAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const file = await watch.subtitles(
        req.params.sessionId,
        playbackToken(req),
        req.params.subtitleId,
        visitorOf(req),
      );
      return reply.type(SUBTITLE_CONTENT_TYPE).header('cache-control', NOT_STORED).send(file);
    },
  });

  app.get('/watch/sessions/:sessionId/keys/:keyId', {
    schema: {
      tags,
      summary: "One segment's 16-byte key: only for a live session of a link that may still watch",
      params: sessionParam.extend({ keyId: z.string().max(40) }),
      querystring: tokenQuery,
      response: { ...keyAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const key = await watch.key(req.params.sessionId, playbackToken(req), req.params.keyId, visitorOf(req));
      return reply.type('application/octet-stream').header('cache-control', NOT_STORED).send(key);
    },
  });
}
