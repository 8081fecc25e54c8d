import { z } from 'zod';
import { VIMEO_SEARCH_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { optionalText, requiredText, wholeNumber } from '../validation';
import { paginated } from './common';
import { presenterSchema } from './presenters';

/** Who may watch a video on Vimeo (`privacy.view`). `disable` is Vimeo's "Hide from Vimeo" (Hidden). */
export const VIMEO_PRIVACY_VIEWS = [
  'anybody',
  'unlisted',
  'disable',
  'password',
  'nobody',
  'contacts',
  'users',
] as const;
export type VimeoPrivacyView = (typeof VIMEO_PRIVACY_VIEWS)[number];

/** The scopes Screenroom asks for: list public and private films, and read their files. */
export const VIMEO_SCOPES = ['public', 'private', 'video_files'] as const;

export const VIMEO_PER_PAGE_MAX = 100;

/** A pasted personal access token (Vimeo's are 32 hex characters; we accept any spaceless token). */
export const vimeoAccessTokenField = () =>
  requiredText({ max: 512 }).refine((v) => !/\s/.test(v), MESSAGES.vimeoTokenFormat);

/** The paste-a-token form of /settings/vimeo-configurations. */
export const pasteVimeoTokenForm = z.object({ accessToken: vimeoAccessTokenField() });

/**
 * POST /presenters/updateVimeoAccessToken: either `{ accessToken }` (a pasted personal token), or
 * `{ code, state }` (the popup completing Vimeo's OAuth sign-in).
 */
export const updateVimeoAccessTokenBody = z
  .object({
    accessToken: vimeoAccessTokenField().optional(),
    code: requiredText({ max: 1024 }).optional(),
    state: requiredText({ max: 2048 }).optional(),
  })
  .superRefine((body, ctx) => {
    const hasOAuth = body.code !== undefined || body.state !== undefined;
    if (body.accessToken !== undefined && hasOAuth) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.vimeoTokenAndCode });
    } else if (body.accessToken === undefined && !hasOAuth) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.vimeoTokenOrCode });
    } else if (hasOAuth && body.code === undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: MESSAGES.required });
    } else if (hasOAuth && body.state === undefined) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: MESSAGES.required });
    }
  })
  .meta({ id: 'UpdateVimeoAccessToken' });
export type UpdateVimeoAccessTokenBody = z.infer<typeof updateVimeoAccessTokenBody>;

/** The linked Vimeo account, as Vimeo describes it. */
export const vimeoAccountSchema = z
  .object({
    uri: z.string().describe('Vimeo user URI, e.g. /users/1234'),
    name: z.string(),
    link: z.string().nullable().describe('The account page on vimeo.com'),
    account_type: z.string().nullable().describe("Vimeo's plan name: basic, plus, pro, business, …"),
    picture: z.string().nullable(),
    pro_advised: z.boolean().describe('True when the plan is below Pro: the hint advises upgrading'),
  })
  .meta({ id: 'VimeoAccount' });
export type VimeoAccount = z.infer<typeof vimeoAccountSchema>;

export const updateVimeoAccessTokenResponse = z
  .object({ presenter: presenterSchema, vimeo: vimeoAccountSchema })
  .meta({ id: 'VimeoLinked' });
export type UpdateVimeoAccessTokenResponse = z.infer<typeof updateVimeoAccessTokenResponse>;

export const revokeVimeoAccessResponse = z
  .object({
    presenter: presenterSchema,
    revokedAtVimeo: z
      .boolean()
      .describe('False when Vimeo could not be told (the link is removed here all the same)'),
  })
  .meta({ id: 'VimeoRevoked' });
export type RevokeVimeoAccessResponse = z.infer<typeof revokeVimeoAccessResponse>;

/** GET /vimeo/status: what the settings page shows. */
export const vimeoStatusResponse = z
  .object({
    linked: z.boolean(),
    oauthEnabled: z.boolean().describe('"Connect with Vimeo" is available (VIMEO_CLIENT_ID/SECRET set)'),
    account: vimeoAccountSchema.nullable(),
    problem: z.string().nullable().describe('Why the account could not be read, when it could not'),
  })
  .meta({ id: 'VimeoStatus' });
export type VimeoStatus = z.infer<typeof vimeoStatusResponse>;

export const vimeoAuthorizeUrlResponse = z
  .object({ url: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'VimeoAuthorizeUrl' });

export const listVimeoVideosBody = z
  .object({
    page: wholeNumber(1, 10_000).default(1),
    perPage: wholeNumber(1, VIMEO_PER_PAGE_MAX).default(12),
    query: optionalText({ max: VIMEO_SEARCH_MAX_LENGTH }),
  })
  .meta({ id: 'ListVimeoVideos' });
export type ListVimeoVideosBody = z.input<typeof listVimeoVideosBody>;

export const vimeoVideoSchema = z
  .object({
    vimeo_id: z.string(),
    name: z.string(),
    description: z.string(),
    duration: z.number().describe('Seconds'),
    thumbnail: z.string().nullable(),
    link: z.string().nullable(),
    privacy: z
      .string()
      .describe('Vimeo privacy.view: anybody, unlisted, disable (Hidden), password, nobody…'),
    importable: z.boolean(),
    reason: z.string().optional().describe('Why the film cannot be imported'),
  })
  .meta({ id: 'VimeoVideo' });
export type VimeoVideo = z.infer<typeof vimeoVideoSchema>;

export const listVimeoVideosResponse = paginated(vimeoVideoSchema).meta({ id: 'VimeoVideoPage' });
export type VimeoVideoPage = z.infer<typeof listVimeoVideosResponse>;
