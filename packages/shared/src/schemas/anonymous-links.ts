import { z } from 'zod';
import { requiredText } from '../validation';
import { linkLimits } from './tracking-links';

export const anonymousLinkSchema = z
  .object({
    id: z.uuid(),
    video_id: z.uuid(),
    code: z.string(),
    url: z.string(),
    usage_limit: z.number().int().nullable(),
    ends_at: z.iso.datetime().nullable(),
    status: z.enum(['active', 'disabled']),
    /** Distinct people and devices who opened it (what the usage limit counts). */
    viewers: z.number().int(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'AnonymousLink' });
export type AnonymousLink = z.infer<typeof anonymousLinkSchema>;

export const magicLinkBody = z.object(linkLimits).meta({ id: 'AnonymousLinkLimits' });

export const magicLinkResponse = z.object({ magicLink: anonymousLinkSchema.nullable() });

export const validateMagicLinkResponse = z.object({
  valid: z.boolean(),
  reason: z.string().nullable(),
  magicLink: anonymousLinkSchema.nullable(),
});

export const createScreenerUsingMagicCodeBody = z
  .object({
    code: requiredText({ max: 64 }),
    deviceId: z
      .string({ error: 'deviceId is missing' })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'deviceId must be 16 to 64 letters, digits, - or _'),
  })
  .meta({ id: 'OpenAnonymousLink' });

export const createScreenerUsingMagicCodeResponse = z.object({ token: z.string() });
