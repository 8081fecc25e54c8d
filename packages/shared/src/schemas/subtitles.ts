import { z } from 'zod';
import { MESSAGES } from '../messages';
import { SUBTITLE_KINDS, SUBTITLE_LANGUAGE_CODES } from '../subtitle-languages';
import { optionalText } from '../validation';

/** A subtitle file is read whole and kept as WebVTT: 1MB holds several feature films' dialogue. */
export const SUBTITLE_MAX_BYTES = 1024 * 1024;
export const MAX_SUBTITLE_TRACKS = 20;
export const SUBTITLE_LABEL_MAX = 60;

/** A film's subtitle track, as its presenter manages it. */
export const subtitleSchema = z
  .object({
    id: z.uuid(),
    language: z.enum(SUBTITLE_LANGUAGE_CODES),
    kind: z.enum(SUBTITLE_KINDS),
    label: z.string(),
    /** How many timed lines the file holds, once read. */
    cues: z.number().int(),
    /** The film time of the last line's end, in seconds: a file made for another cut shows here. */
    last_cue_end: z.number(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Subtitle' });
export type Subtitle = z.infer<typeof subtitleSchema>;

export const subtitleListResponse = z
  .object({ subtitles: z.array(subtitleSchema) })
  .meta({ id: 'SubtitleList' });

/**
 * The text fields of the multipart upload (POST /videos/{id}/subtitles); the file itself comes as the
 * part named `file`, a SubRip (.srt) or WebVTT (.vtt) file of at most SUBTITLE_MAX_BYTES.
 */
export const subtitleUploadFields = z.object({
  language: z.enum(SUBTITLE_LANGUAGE_CODES, { error: MESSAGES.subtitleLanguage }),
  kind: z.enum(SUBTITLE_KINDS, { error: 'kind must be "subtitles" or "captions"' }).default('subtitles'),
  /** Shown in the viewer's menu; the language's name (with "(captions)") when left empty. */
  label: optionalText({ max: SUBTITLE_LABEL_MAX }),
});
export type SubtitleUploadFields = z.infer<typeof subtitleUploadFields>;

/** A track as a viewer's player sees it; its WebVTT comes from the session's subtitles route. */
export const watchSubtitleSchema = z.object({
  id: z.uuid(),
  language: z.enum(SUBTITLE_LANGUAGE_CODES),
  kind: z.enum(SUBTITLE_KINDS),
  label: z.string(),
});
export type WatchSubtitle = z.infer<typeof watchSubtitleSchema>;

/** A track's id in an address, for the presenter's routes and the viewer's. */
export const subtitleIdParam = z.object({ subtitleId: z.uuid({ error: 'This subtitle id is not valid' }) });
