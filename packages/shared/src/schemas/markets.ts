import { z } from 'zod';
import { MESSAGES } from '../messages';
import { dateTimeText, emailField, optionalText, requiredText } from '../validation';

const marketCode = z
  .string({ error: MESSAGES.required })
  .trim()
  .toUpperCase()
  .min(1, { error: MESSAGES.required, abort: true })
  .min(4, MESSAGES.minLength(4))
  .max(24, MESSAGES.maxLength(24))
  .regex(/^[A-Z0-9]+$/, MESSAGES.alphanumeric);

export const marketSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    code: z.string(),
    starts_at: z.iso.datetime().nullable(),
    ends_at: z.iso.datetime().nullable(),
    status: z.enum(['open', 'closed']),
    films: z.number().int(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Market' });
export type Market = z.infer<typeof marketSchema>;

export const createMarketBody = z.object({
  name: requiredText({ max: 120 }),
  code: marketCode,
  starts_at: dateTimeText().nullable().optional(),
  ends_at: dateTimeText().nullable().optional(),
});
export const updateMarketBody = createMarketBody
  .extend({ status: z.enum(['open', 'closed']) })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');

export const verifyMarketCodeBody = z.object({ code: marketCode });
export const verifyMarketCodeResponse = z.object({
  valid: z.boolean(),
  market: z.object({ name: z.string(), code: z.string(), ends_at: z.iso.datetime().nullable() }).nullable(),
});

export const pushVideoToMarketBody = z.object({
  videoId: z.uuid({ error: 'This screener id is not valid' }),
  code: marketCode,
});

export const marketFilmSchema = z.object({
  video_id: z.uuid(),
  title: z.string(),
  description: z.string(),
  director: z.string().nullable(),
  duration: z.number().nullable(),
  thumbnail: z.string().nullable(),
});

export const publicMarketResponse = z.object({
  market: z.object({ name: z.string(), code: z.string(), ends_at: z.iso.datetime().nullable() }),
  films: z.array(marketFilmSchema),
});

export const requestMarketAccessBody = z.object({
  videoId: z.uuid({ error: 'This screener id is not valid' }),
  name: requiredText({ max: 100 }),
  email: emailField(),
  company: optionalText({ max: 120 }),
});

/** A film listed in a market, as its organisers (administrators) see it. */
export const marketListingSchema = z
  .object({
    video_id: z.uuid(),
    title: z.string(),
    presenter: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    listed_at: z.iso.datetime(),
    /** Attendees who asked for it through the market (each has a tracking link of their own). */
    requests: z.number().int(),
  })
  .meta({ id: 'MarketListing' });
export type MarketListing = z.infer<typeof marketListingSchema>;
