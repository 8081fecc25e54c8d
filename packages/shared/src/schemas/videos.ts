import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../constants';
import { THEMES, VIDEO_STATUSES, VIDEO_TYPES, WATERMARK_TYPES } from '../enums';
import { MESSAGES } from '../messages';
import { freeText, optionalText, requiredText } from '../validation';

export const IMAGE_KINDS = ['thumbnail', 'logo', 'watermark'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const videoSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(VIDEO_TYPES),
    status: z.enum(VIDEO_STATUSES),
    status_label: z.string(),
    /** Percent of the current processing step. */
    progress: z.number().int(),
    failure_reason: z.string().nullable(),
    /** Work is still going on (encoding, or encryption to come): worth polling. */
    processing: z.boolean(),
    playable: z.boolean(),
    encrypted: z.boolean(),
    title: z.string(),
    description: z.string(),
    admin_note: z.string().nullable(),
    director: z.string().nullable(),
    producer: z.string().nullable(),
    duration: z.number().nullable().describe('Seconds'),
    theme: z.enum(THEMES),
    thumbnail: z.string().nullable().describe('Image URL'),
    logo: z.string().nullable().describe('Image URL'),
    video_url: z.string().nullable().describe('The Vimeo page of an imported film'),
    vimeo_id: z.string().nullable(),
    vimeo_hash: z.string().nullable().describe('The privacy hash a hidden Vimeo film plays with'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    renditions: z.array(z.string()),
    enable_logo: z.boolean(),
    enable_watermark: z.boolean(),
    watermark: z.string().nullable(),
    watermark_type: z.enum(WATERMARK_TYPES),
    watermark_image: z.string().nullable().describe('Image URL'),
    tracking_links_count: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof videoSchema>;

const details = {
  description: freeText(5000).default(''),
  admin_note: optionalText({ max: 2000, multiline: true }),
  director: optionalText({ max: 200 }),
  producer: optionalText({ max: 200 }),
};

/** An upload needs a name and a description (spec section 5); an import takes Vimeo's when left empty. */
const nameAndDescription = (b: { source: string; title?: string; description?: string }) =>
  b.source !== 'upload' || (Boolean(b.title?.trim()) && Boolean(b.description?.trim()));

export const createVideoBody = z
  .discriminatedUnion(
    'source',
    [
      z.object({
        source: z.literal('upload'),
        upload_id: z.string().regex(/^[a-f0-9]{32}$/, 'This upload id is not valid'),
        title: freeText(200).default(''),
        ...details,
      }),
      z.object({
        source: z.literal('vimeo'),
        vimeo_id: z.string().regex(/^\d{1,15}$/, 'This Vimeo id is not valid'),
        title: freeText(200).default(''),
        ...details,
      }),
    ],
    { error: 'source must be "upload" or "vimeo"' },
  )
  .refine(nameAndDescription, { message: MESSAGES.nameAndDescription })
  .meta({ id: 'CreateVideo' });
export type CreateVideoBody = z.infer<typeof createVideoBody>;

export const updateVideoBody = z
  .object({
    title: requiredText({ max: 200 }),
    description: freeText(5000),
    admin_note: details.admin_note,
    director: details.director,
    producer: details.producer,
    theme: z.enum(THEMES),
    enable_logo: z.boolean(),
    enable_watermark: z.boolean(),
    watermark: optionalText({ max: 120 }),
    watermark_type: z.enum(WATERMARK_TYPES),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update')
  .meta({ id: 'UpdateVideo' });
export type UpdateVideoBody = z.infer<typeof updateVideoBody>;

export const videoIdBody = z.object({ videoId: z.uuid({ error: 'This id is not valid' }) });

export const listVideosQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
});

export const listUploadedVideosBody = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  // A JSON number, not z.coerce (which read `true` as page 1); plain z.int keeps the defaults in the API document.
  page: z
    .int({ error: MESSAGES.numeric })
    .min(1, MESSAGES.range(1, 10_000))
    .max(10_000, MESSAGES.range(1, 10_000))
    .default(1),
  limit: z
    .int({ error: MESSAGES.numeric })
    .min(1, MESSAGES.range(1, 100))
    .max(100, MESSAGES.range(1, 100))
    .default(20),
});

export const hlsUrlResponse = z.object({ url: z.string(), expires_at: z.iso.datetime() });
