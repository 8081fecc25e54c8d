import { apiErrorSchema } from '@screenroom/shared/errors';
import { uuidParam } from '@screenroom/shared/schemas/common';
import {
  listVimeoVideosBody,
  listVimeoVideosResponse,
  revokeVimeoAccessResponse,
  updateVimeoAccessTokenBody,
  updateVimeoAccessTokenResponse,
  vimeoAuthorizeUrlResponse,
  vimeoStatusResponse,
} from '@screenroom/shared/schemas/vimeo';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import { originOf } from '../logs/logs.service';
import type { PresentersService } from '../presenters/presenters.service';
import type { VimeoService } from './vimeo.service';

type Deps = {
  vimeo: VimeoService;
  presenters: PresentersService;
  guards: Guards;
  rateLimitPerMinute: number;
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};

/**
 * Vimeo: linking (a pasted personal token, or OAuth in a popup), unlinking, and listing the presenter's
 * films. Vimeo failures answer 4xx/503 with a sentence, never 401 (which means "signed out" here).
 */
export async function vimeoRoutes(app: App, { vimeo, presenters, guards, rateLimitPerMinute }: Deps) {
  const tags = ['Vimeo'];

  app.post('/presenters/updateVimeoAccessToken', {
    onRequest: guards.requirePresenter,
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        'Link your Vimeo account: `{ accessToken }` (a personal access token) or `{ code, state }` (completing "Connect with Vimeo"). The token is checked with Vimeo, then kept encrypted.',
      security: secured,
      body: updateVimeoAccessTokenBody,
      response: { 200: updateVimeoAccessTokenResponse, ...errors },
    },
    handler: async (req) => {
      const { presenter, account } = await vimeo.link(currentPresenter(req), req.body, originOf(req));
      return { presenter: presenters.toDto(presenter), vimeo: account };
    },
  });

  app.patch('/presenters/:id/vimeo/revokeAccess', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'Unlink your Vimeo account (another id is a 404); the token is revoked at Vimeo when possible',
      security: secured,
      params: uuidParam,
      response: { 200: revokeVimeoAccessResponse, ...errors },
    },
    handler: async (req) => {
      const { presenter, revokedAtVimeo } = await vimeo.revoke(
        currentPresenter(req),
        req.params.id,
        originOf(req),
      );
      return { presenter: presenters.toDto(presenter), revokedAtVimeo };
    },
  });

  app.post('/videos/listVimeoVideos', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary:
        'One page of your Vimeo films, newest first, optionally searched; each says whether it can be imported and why not',
      security: secured,
      body: listVimeoVideosBody,
      response: { 200: listVimeoVideosResponse, ...errors },
    },
    handler: (req) => vimeo.listVideos(currentPresenter(req), req.body),
  });

  app.get('/vimeo/status', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary:
        'Whether a Vimeo account is linked (read live from Vimeo) and whether "Connect with Vimeo" is on',
      security: secured,
      response: { 200: vimeoStatusResponse, ...errors },
    },
    handler: (req) => vimeo.status(currentPresenter(req)),
  });

  app.get('/vimeo/oauth/authorizeUrl', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary:
        'Where the "Connect with Vimeo" popup goes: Vimeo\'s approval page with a signed state valid for 10 minutes (409 when OAuth is not configured)',
      security: secured,
      response: { 200: vimeoAuthorizeUrlResponse, ...errors },
    },
    handler: (req) => vimeo.authorizeUrl(currentPresenter(req)),
  });
}
