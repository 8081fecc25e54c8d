import { type APIRequestContext, expect } from '@playwright/test';
import { auth } from './films';

/** The fake Vimeo API started by the global setup. */
export const vimeoUrl = () => {
  const url = process.env.E2E_VIMEO_URL;
  if (!url) throw new Error('E2E_VIMEO_URL is not set: the global setup starts the fake Vimeo');
  return url;
};

/** A fresh personal access token of the fake's Pro member, as Vimeo's developer page would give one. */
export async function personalToken() {
  const res = await fetch(`${vimeoUrl()}/__fake/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: '1010' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Links the presenter's Vimeo account through the API, with a fresh personal access token. */
export async function linkVimeoByApi(request: APIRequestContext, presenterToken: string) {
  const linked = await request.post('/v1/presenters/updateVimeoAccessToken', {
    headers: auth(presenterToken),
    data: { accessToken: await personalToken() },
  });
  expect(linked.ok(), await linked.text()).toBeTruthy();
}
