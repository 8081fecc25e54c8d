import { z } from 'zod';
import { THEMES, WATERMARK_TYPES } from '../enums';
import { watchSubtitleSchema } from './subtitles';

export { MAX_EVENTS_PER_BATCH, WATCH_EVENT_TYPES, type WatchEventType } from '../watch-events';

import { MAX_EVENTS_PER_BATCH, MAX_EVENTS_PER_SESSION, WATCH_EVENT_TYPES } from '../watch-events';

/**
 * In JSON.stringify's output, a NUL character or half of a surrogate pair (PostgreSQL's jsonb refuses
 * both): stringify writes exactly these as \u0000 and \udXXX escapes, behind an odd run of backslashes
 * (an even run is escaped backslashes followed by plain text).
 */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/;

/**
 * One serialisation of each event's data checks both its size and that jsonb can store it. It runs
 * once per batch rather than as a refinement of each event's data: zod's per-value refinement machinery
 * cost more than the check itself, on the hottest route of the API.
 */
function checkEventData(events: { data?: Record<string, unknown> }[], ctx: z.RefinementCtx) {
  for (const [index, { data }] of events.entries()) {
    if (data === undefined) continue;
    const text = JSON.stringify(data);
    const path = [index, 'data'];
    if (text.length > 1000)
      ctx.addIssue({ code: 'custom', path, message: 'data is too large (1000 characters at most)' });
    // Every escape the regex looks for starts with \u; most data has none.
    else if (text.includes('\\u') && UNSTORABLE_ESCAPE.test(text))
      ctx.addIssue({ code: 'custom', path, message: 'data cannot contain NUL characters or broken Unicode' });
  }
}

export const watchEventSchema = z.object({
  seq: z
    .number()
    .int()
    .min(0)
    .max(MAX_EVENTS_PER_SESSION - 1),
  type: z.enum(WATCH_EVENT_TYPES),
  /** Epoch milliseconds. */
  at: z.number().int().min(1_500_000_000_000).max(4_000_000_000_000),
  /** Seconds into the film. */
  position: z.number().min(0).max(86_400),
  /** What the event concerns (the seek's start, the clicked control…); checked per batch below. */
  data: z.looseObject({}).optional(),
});
export type WatchEvent = z.infer<typeof watchEventSchema>;

export const eventsBody = z
  .object({
    events: z
      .array(watchEventSchema)
      .min(1)
      .max(MAX_EVENTS_PER_BATCH, `At most ${MAX_EVENTS_PER_BATCH} events per batch`)
      .superRefine(checkEventData),
    /**
     * The page's clock (epoch milliseconds) as it sent the batch: the server reads the events' times in
     * its own clock by how far off it was on arrival. Optional (older pages send none); any number is
     * taken, the offset believed being bounded.
     */
    sentAt: z.number().optional().meta({
      description:
        "The page's clock (epoch milliseconds) as it sent the batch. The server measures how far the page's clock is off its own on arrival (five minutes at most either way, a second's network delay read as none) and reads the events' times by that much. Without it, a lead is learnt from event times later than arrival.",
    }),
  })
  .meta({ id: 'WatchEvents' });

export const eventsResponse = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /** Events of a stopped link's closing report that were not kept (all but the stop and the goodbye). */
  refused: z.number().int().optional(),
});

export const watchVideoSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  director: z.string().nullable(),
  producer: z.string().nullable(),
  duration: z.number().nullable(),
  theme: z.enum(THEMES),
  logo: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** How it plays: our HLS streams, or Vimeo's player. */
  player: z.enum(['hls', 'vimeo']),
  vimeo_id: z.string().nullable(),
  /** The privacy hash a hidden (unlisted) Vimeo film plays with. */
  vimeo_hash: z.string().nullable(),
  /** The owner's name, so viewers know who shared it. */
  presented_by: z.string(),
  /** Subtitle tracks of an uploaded film (a Vimeo film's come from Vimeo's player). */
  subtitles: z.array(watchSubtitleSchema),
});
export type WatchVideo = z.infer<typeof watchVideoSchema>;

export const watermarkSchema = z.object({
  type: z.enum(WATERMARK_TYPES),
  text: z.string().nullable(),
  image: z.string().nullable(),
});
export type Watermark = z.infer<typeof watermarkSchema>;

export const resumeRequestSchema = z.object({
  sessionId: z.uuid(),
  secret: z.string().min(20).max(200),
  /** The number the page before would have given its next event. */
  nextSeq: z.number().int().min(0).max(MAX_EVENTS_PER_SESSION).optional(),
});
export type ResumeRequest = z.infer<typeof resumeRequestSchema>;

/**
 * Opening a link again from the tab that had it open (a reload, a tab reopened) names the session it had:
 * within SESSION_IDLE_MS of its last sign of life, that session goes on and no new one is counted. The
 * name is only a hint: one that is malformed, stale or not this link's opens a new session as usual.
 */
export const openSessionBody = z
  .object({ resume: resumeRequestSchema.optional().catch(undefined) })
  // No body at all is the same as {} (fastify hands a bodiless request's body over as null).
  .nullish();

export const openSessionResponse = z
  .object({
    sessionId: z.uuid(),
    /**
     * Renews the playback token at each heartbeat; the page keeps it in its tab only (to resume). A
     * resumed session gets a new one: the page that had the old one can no longer renew its token.
     */
    sessionSecret: z.string(),
    playbackToken: z.string(),
    expiresIn: z.number().int().describe('Seconds the playback token lasts'),
    heartbeatSeconds: z.number().int(),
    preview: z.boolean(),
    /** Made for one viewer (invitation, access link, market); false for an anonymous link's, shared by many. */
    personal: z.boolean(),
    viewer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
    video: watchVideoSchema,
    watermark: watermarkSchema.nullable(),
    /** Where this viewer stopped last time, in seconds; null to start at the beginning. */
    resumeAt: z.number().nullable(),
    /**
     * The number of the page's first event: 0 for a new session; past anything the pages before could
     * have numbered for a resumed one (their reports, even late, then never collide with this page's).
     */
    firstSeq: z.number().int(),
    /** A link with a usage limit: which of its viewings this is (null when it has none, or a preview). */
    viewings: z.object({ used: z.number().int(), limit: z.number().int() }).nullable(),
    /** The film's presenter, signed in on this browser, opened a viewer's link: it counts as theirs. */
    ownerViewing: z.boolean(),
  })
  .meta({ id: 'WatchSession' });
export type OpenSessionResponse = z.infer<typeof openSessionResponse>;

export const heartbeatBody = z.object({ secret: z.string().min(20).max(200) });
export const heartbeatResponse = z.object({ playbackToken: z.string(), expiresIn: z.number().int() });
