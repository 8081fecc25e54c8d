import { api } from '../../../lib/api-client';

/** Vimeo's approval page for the "Connect with Vimeo" popup (a fresh state each time, valid 10 minutes). */
export const getVimeoAuthorizeUrl = () =>
  api.get<{ url: string; expiresAt: string }>('/vimeo/oauth/authorizeUrl');
