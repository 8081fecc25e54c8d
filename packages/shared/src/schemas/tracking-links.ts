import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../constants';
import { isCountryCode } from '../countries';
import { GENERATED_BY, GEO_RESTRICTION_TYPES, TRACKING_LINK_STATUSES } from '../enums';
import { MESSAGES } from '../messages';
import {
  optionalDateAfter,
  optionalEmailField,
  optionalText,
  optionalWholeNumber,
  requiredText,
} from '../validation';
import { pageQueryFields } from './common';

export const ACCESS_LINK_PLACEHOLDER = '{{access_link}}';
export const USAGE_LIMIT_MAX = 100_000;

export const geoRestrictionSchema = z
  .object({
    type: z.enum(GEO_RESTRICTION_TYPES),
    countries: z
      .array(z.string().toUpperCase().refine(isCountryCode, { message: 'Choose countries from the list' }))
      .max(250)
      .default([]),
  })
  .refine((g) => g.type === 'none' || g.countries.length > 0, {
    message: MESSAGES.geoCountriesRequired,
    path: ['countries'],
  })
  .transform((g) =>
    g.type === 'none' ? { type: g.type, countries: [] } : { ...g, countries: [...new Set(g.countries)] },
  )
  .meta({ id: 'GeoRestriction' });
export type GeoRestriction = z.output<typeof geoRestrictionSchema>;

const now = () => new Date();

/** Limits shared by personalised links, invitations and anonymous links (spec section 3). */
export const linkLimits = {
  usage_limit: optionalWholeNumber(1, USAGE_LIMIT_MAX)
    .optional()
    .describe('Sessions allowed; null for unlimited'),
  ends_at: optionalDateAfter(now).optional().describe('When the link stops working; null for no end'),
};

export const invitationSchema = z.object({
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  sent_at: z.iso.datetime().nullable(),
  from: z.string(),
  subject: z.string(),
});

export const trackingLinkSchema = z
  .object({
    id: z.uuid(),
    video_id: z.uuid(),
    viewer_name: z.string().nullable(),
    viewer_email: z.string().nullable(),
    usage_limit: z.number().int().nullable(),
    ends_at: z.iso.datetime().nullable(),
    geo_restriction: z.object({ type: z.enum(GEO_RESTRICTION_TYPES), countries: z.array(z.string()) }),
    generated_by: z.enum(GENERATED_BY),
    status: z.enum(TRACKING_LINK_STATUSES),
    /** When a revoked link was withdrawn; null while it is active. */
    revoked_at: z.iso.datetime().nullable(),
    /** Made through an anonymous link: its settings are the anonymous link's (Restricted Access). */
    editable: z.boolean(),
    access_url: z.string(),
    invite_date: z.iso.datetime().nullable(),
    sessions: z.number().int(),
    views: z.number().int(),
    watched_minutes: z.number(),
    clicks: z.number().int(),
    country: z.string().nullable(),
    device: z.string().nullable(),
    browser: z.string().nullable(),
    last_active: z.iso.datetime().nullable(),
    invitation: invitationSchema.nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'TrackingLink' });
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const createTrackingLinkBody = z
  .object({
    video_id: z.uuid({ error: 'This screener id is not valid' }),
    viewer_name: optionalText({ max: 100 }),
    viewer_email: optionalEmailField().optional(),
    ...linkLimits,
    geo_restriction: geoRestrictionSchema.optional(),
    generated_by: z.enum(['access_url', 'invitation']).default('access_url'),
  })
  .refine((b) => b.generated_by !== 'invitation' || Boolean(b.viewer_email), {
    message: 'An invitation needs the viewer’s e-mail address.',
    path: ['viewer_email'],
  })
  .meta({ id: 'CreateTrackingLink' });
export type CreateTrackingLinkBody = z.input<typeof createTrackingLinkBody>;

export const updateTrackingLinkBody = z
  .object({
    viewer_name: optionalText({ max: 100 }),
    viewer_email: optionalEmailField(),
    ...linkLimits,
    geo_restriction: geoRestrictionSchema,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update')
  .meta({ id: 'UpdateTrackingLink' });
export type UpdateTrackingLinkBody = z.input<typeof updateTrackingLinkBody>;

export const updateStatusBody = z.object({
  status: z.enum(['active', 'revoked'], { error: 'status must be "active" or "revoked"' }),
});

const mailContent = {
  from: requiredText({ max: 100 }).describe('The sender name viewers see'),
  subject: requiredText({ max: 200 }),
  content: requiredText({ max: 10_000, multiline: true }).refine((c) => c.includes(ACCESS_LINK_PLACEHOLDER), {
    message: MESSAGES.accessLinkPlaceholderMissing,
  }),
};

export const shareWithEmailBody = z.object(mailContent).meta({ id: 'ShareWithEmail' });
export type ShareWithEmailBody = z.infer<typeof shareWithEmailBody>;

/** A pasted list: addresses separated by commas, semicolons, spaces or new lines; "Name <a@b.c>" too. */
export const inviteBody = z
  .object({
    video_id: z.uuid({ error: 'This screener id is not valid' }),
    recipients: requiredText({ max: 20_000, multiline: true }).describe(
      'Pasted addresses, one per line or comma-separated',
    ),
    ...mailContent,
    ...linkLimits,
    geo_restriction: geoRestrictionSchema.optional(),
  })
  .meta({ id: 'InviteViewers' });
export type InviteBody = z.input<typeof inviteBody>;

export const INVITE_OUTCOMES = ['invited', 'already_invited', 'invalid', 'failed'] as const;
export const inviteResponse = z.object({
  results: z.array(
    z.object({
      email: z.string(),
      /** The name typed with the address ("Rita Programmer <rita@…>"), else null. */
      name: z.string().nullable(),
      outcome: z.enum(INVITE_OUTCOMES),
      message: z.string(),
      tracking_link_id: z.uuid().nullable(),
    }),
  ),
  invited: z.number().int(),
});
export type InviteResponse = z.infer<typeof inviteResponse>;

export const AUDIENCE_SORTS = [
  'viewer',
  'source',
  'invite_date',
  'sessions',
  'views',
  'watched_minutes',
  'country',
  'device',
  'browser',
  'last_active',
  'status',
] as const;

export const AUDIENCE_STATUSES = ['active', 'ended', 'limit_reached', 'revoked'] as const;

export const audienceQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  sort: z
    .enum(AUDIENCE_SORTS, { error: `sort must be one of ${AUDIENCE_SORTS.join(', ')}` })
    .default('invite_date'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  ...pageQueryFields(20),
  /** As the list's badges read: `active` links can be watched; `ended` and `limit_reached` are active links that can no longer be. */
  status: z
    .enum(AUDIENCE_STATUSES, { error: `status must be one of ${AUDIENCE_STATUSES.join(', ')}` })
    .optional(),
  source: z.enum(GENERATED_BY).optional(),
});
export type AudienceQuery = z.infer<typeof audienceQuery>;

export const listTrackingLinksQuery = z.object({
  video_id: z.uuid({ error: 'This screener id is not valid' }).optional(),
});

export const accessUrlResponse = z.object({ url: z.string() });
